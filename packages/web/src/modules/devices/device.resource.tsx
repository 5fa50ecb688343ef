import { deviceOnlineStateNames, deviceEndpoints, deviceTypeNames, deviceTypes, type Device, type DeviceListQuery, type DeviceParkingType } from '@parking/contract';
import { defineResource, type ValueEnum } from '../../shared/resource/resource-types';
import { enabledColumn } from '../parking';
import { DeviceLotSelect } from './components/device-lot-select';
import { deviceResourceKey } from './devices-api';

export const deviceTypeEnum: ValueEnum = Object.fromEntries(deviceTypes.map((type) => [type, { text: deviceTypeNames[type] }]));

export const onlineStateEnum: ValueEnum = {
  online: { text: deviceOnlineStateNames.online, status: 'success' },
  offline: { text: deviceOnlineStateNames.offline, status: 'error' },
  never: { text: deviceOnlineStateNames.never, status: 'default' },
};

/** 设备运维 > 路内设备 / 路外设备: one list of devices, fixed to the page's parking type. */
const deviceResource = (parkingType: DeviceParkingType) =>
  defineResource<Device, DeviceListQuery>({
    resource: deviceResourceKey,
    name: parkingType === 0 ? '路内设备' : '路外设备',
    endpoints: deviceEndpoints,
    fixedParams: { parkingType },
    rowKey: 'id',
    recordName: (device) => device.name || device.sn,
    // 新增 and 编辑 are the page's own: creating a device shows its secret
    actions: { remove: true, export: true },
    columns: [
      // the message dialog opens a device by its sn as ?deviceNo=
      { dataIndex: 'sn', title: '设备编号', priority: 'key', width: 140, sortable: true, search: { param: 'deviceNo', placeholder: '设备编号或名称' } },
      { dataIndex: 'name', title: '设备名称', width: 130, ellipsis: true, hideInSearch: true, sortable: true },
      { dataIndex: 'type', title: '设备类型', width: 110, valueEnum: deviceTypeEnum },
      // the state operators come for stays in view; the rest scrolls
      { dataIndex: 'onlineState', title: '在线状态', priority: 'key', width: 100, valueEnum: onlineStateEnum },
      {
        dataIndex: 'lotName',
        title: '停车场',
        width: 140,
        ellipsis: true,
        search: { param: 'lotId' },
        input: () => <DeviceLotSelect place="search" parkingType={parkingType} />,
      },
      {
        dataIndex: 'laneName',
        title: '车道/泊位',
        priority: 'secondary',
        width: 90,
        hideInSearch: true,
        render: (_value, device) => device.laneName ?? device.spaceNumber ?? '',
      },
      { dataIndex: 'lastHeartbeatAt', title: '最后心跳', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
      { dataIndex: 'heartbeatCycle', title: '心跳周期(秒)', priority: 'secondary', width: 105, hideInSearch: true },
      enabledColumn<Device, DeviceListQuery>(),
    ],
  });

export const inRoadDeviceResource = deviceResource(0);
export const outRoadDeviceResource = deviceResource(1);
