import { parkingSpaceEndpoints, type ParkingSpace, type ParkingSpaceListQuery } from '@parking/contract';
import { defineResource } from '../../shared/resource/resource-types';
import { LotSelect } from './components/parking-selects';
import { parkingSpaceResourceKey } from './parking-api';
import { SpaceFormInputs } from './space-form';
import { spaceFormBody, spaceToFormValues, type SpaceFormValues } from './space-form-values';
import { chargingEnum, spaceStateEnum, spaceTypeEnum } from './space-options';

const coordinates = (space: ParkingSpace) => (space.lng === null || space.lat === null ? '' : `${space.lng}, ${space.lat}`);

/** 停车场管理 > 泊位: the numbered spaces of a lot, their sensors and whether a car stands there. */
export const spaceResource = defineResource<ParkingSpace, ParkingSpaceListQuery>({
  resource: parkingSpaceResourceKey,
  name: '泊位',
  endpoints: parkingSpaceEndpoints,
  rowKey: 'id',
  recordName: (space) => space.number,
  actions: { create: true, update: true, remove: true, export: true },
  columns: [
    { dataIndex: 'number', title: '泊位编号', priority: 'key', width: 120, sortable: true },
    { dataIndex: 'lotName', title: '停车场', width: 200, search: { param: 'lotId' }, input: () => <LotSelect place="search" /> },
    { dataIndex: 'type', title: '泊位类型', width: 100, valueEnum: spaceTypeEnum, sortable: true },
    {
      dataIndex: 'charging',
      title: '充电车位',
      width: 100,
      valueEnum: chargingEnum,
      render: (_value, space) => (space.charging ? '是' : '否'),
    },
    { dataIndex: 'sensorSn', title: '地磁编号', priority: 'secondary', width: 140 },
    { dataIndex: 'state', title: '泊位状态', priority: 'key', width: 100, valueEnum: spaceStateEnum, sortable: true },
    { dataIndex: 'lng', title: '经纬度', priority: 'secondary', width: 190, hideInSearch: true, render: (_value, space) => coordinates(space) },
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
  ],
  form: {
    Inputs: SpaceFormInputs,
    width: 720,
    toValues: spaceToFormValues,
    // the form holds exactly the fields toValues gave it, checked by its rules
    toBody: (values) => spaceFormBody(values as SpaceFormValues),
  },
});
