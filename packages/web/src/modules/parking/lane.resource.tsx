import { parkingLaneDirectionNames, parkingLaneEndpoints, type ParkingLane, type ParkingLaneListQuery } from '@parking/contract';
import { defineResource, type ValueEnum } from '../../shared/resource/resource-types';
import { LotSelect } from './components/parking-selects';
import { enabledColumn } from './enabled-column';
import { LaneFormInputs } from './lane-form';
import { laneFormBody, laneToFormValues, type LaneFormValues } from './lane-form-values';
import { parkingLaneResourceKey } from './parking-api';

const directionEnum: ValueEnum = {
  in: { text: parkingLaneDirectionNames.in, status: 'processing' },
  out: { text: parkingLaneDirectionNames.out, status: 'warning' },
};

/** 停车场管理 > 车道: the entry and exit lanes of gated lots, where the cameras and barriers stand. */
export const laneResource = defineResource<ParkingLane, ParkingLaneListQuery>({
  resource: parkingLaneResourceKey,
  name: '车道',
  endpoints: parkingLaneEndpoints,
  rowKey: 'id',
  recordName: (lane) => lane.name,
  actions: { create: true, update: true, remove: true, export: true },
  columns: [
    { dataIndex: 'name', title: '车道名称', priority: 'key', width: 160, sortable: true },
    { dataIndex: 'lotName', title: '停车场', width: 160, search: { param: 'lotId' }, input: () => <LotSelect place="search" kind="lane" /> },
    { dataIndex: 'direction', title: '方向', width: 90, valueEnum: directionEnum },
    {
      dataIndex: 'releaseAfterPayment',
      title: '缴费后自动放行',
      width: 130,
      hideInSearch: true,
      render: (_value, lane) => (lane.releaseAfterPayment ? '是' : '否'),
    },
    enabledColumn<ParkingLane, ParkingLaneListQuery>(),
    { dataIndex: 'sortCode', title: '排序', priority: 'secondary', width: 80, hideInSearch: true, sortable: true },
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
  ],
  form: {
    Inputs: LaneFormInputs,
    width: 720,
    toValues: laneToFormValues,
    // the form holds exactly the fields toValues gave it, checked by its rules
    toBody: (values) => laneFormBody(values as LaneFormValues),
  },
});
