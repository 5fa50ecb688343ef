import { customerVehicleEndpoints, maskMobile, plateColourName, vehicleBindingStateNames, type CustomerVehicle, type VehicleListQuery } from '@parking/contract';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource, type BadgeStatus, type ValueEnum } from '../../shared/resource/resource-types';
import { vehicleResourceKey } from './customers-api';

const stateStatus: Readonly<Record<CustomerVehicle['state'], BadgeStatus>> = {
  unverified: 'warning',
  verifying: 'processing',
  verified: 'success',
  failed: 'error',
  unbound: 'default',
};

export const vehicleStateEnum: ValueEnum = Object.fromEntries(
  Object.entries(vehicleBindingStateNames).map(([state, text]) => [state, { text, status: stateStatus[state as CustomerVehicle['state']] }]),
);

/** 车主管理 > 车辆: every vehicle bound to an owner, unbound ones kept as 已解绑. */
export const vehicleResource = defineResource<CustomerVehicle, VehicleListQuery>({
  resource: vehicleResourceKey,
  name: '车辆',
  endpoints: { list: customerVehicleEndpoints.list },
  rowKey: 'id',
  recordName: (vehicle) => vehicle.plateNumber,
  actions: {},
  columns: [
    {
      dataIndex: 'plateNumber',
      title: '车牌号',
      priority: 'key',
      width: 120,
      sortable: true,
      search: { placeholder: '请输入车牌号' },
      render: (_value, vehicle) => <PlateText plate={vehicle.plateNumber} colour={vehicle.plateColour} />,
    },
    { dataIndex: 'plateColour', title: '车牌颜色', priority: 'secondary', width: 90, hideInSearch: true, render: (_value, vehicle) => plateColourName(vehicle.plateColour) },
    {
      dataIndex: 'customerPhone',
      title: '车主手机号',
      priority: 'key',
      width: 130,
      search: { param: 'phone', placeholder: '请输入车主手机号' },
      render: (_value, vehicle) => maskMobile(vehicle.customerPhone),
    },
    { dataIndex: 'state', title: '绑定状态', priority: 'key', width: 100, valueEnum: vehicleStateEnum },
    { dataIndex: 'boundAt', title: '绑定时间', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
    { dataIndex: 'unboundAt', title: '解绑时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true },
  ],
});
