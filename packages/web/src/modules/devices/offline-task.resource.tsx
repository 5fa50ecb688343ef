import { deviceOfflineTaskEndpoints, deviceParkingTypeNames, offlineTaskStateNames, type OfflineTask, type OfflineTaskListQuery } from '@parking/contract';
import { Badge } from 'antd';
import { defineResource, type ValueEnum } from '../../shared/resource/resource-types';

const parkingTypeEnum: ValueEnum = { '0': { text: deviceParkingTypeNames[0] }, '1': { text: deviceParkingTypeNames[1] } };
const stateEnum: ValueEnum = { open: { text: offlineTaskStateNames.open }, closed: { text: offlineTaskStateNames.closed } };

/** 设备运维 > 设备离线任务: every outage the offline check opened, and when the device came back. */
export const offlineTaskResource = defineResource<OfflineTask, OfflineTaskListQuery>({
  resource: 'deviceOfflineTask',
  name: '设备离线任务',
  endpoints: deviceOfflineTaskEndpoints,
  rowKey: 'id',
  actions: { export: true },
  columns: [
    { dataIndex: 'deviceSn', title: '设备编号', priority: 'key', width: 150, sortable: true, search: { param: 'deviceNo' } },
    { dataIndex: 'parkingType', title: '路内/路外', priority: 'secondary', width: 90, valueEnum: parkingTypeEnum },
    { dataIndex: 'taskTypeName', title: '任务类型', width: 90, hideInSearch: true },
    { dataIndex: 'content', title: '内容', width: 240, ellipsis: true, hideInSearch: true },
    { dataIndex: 'creatorTime', title: '离线时间', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
    { dataIndex: 'closedAt', title: '恢复时间', valueType: 'date', width: 160, hideInSearch: true },
    {
      // the task's state is whether it has closed; the column is keyed by the id it does not show
      dataIndex: 'id',
      title: '状态',
      priority: 'key',
      width: 90,
      valueEnum: stateEnum,
      search: { param: 'state' },
      render: (_value, task) => (task.closedAt ? <Badge status="success" text={offlineTaskStateNames.closed} /> : <Badge status="error" text={offlineTaskStateNames.open} />),
    },
  ],
});
