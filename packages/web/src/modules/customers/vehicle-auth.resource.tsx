import { maskMobile, vehicleAuthEndpoints, vehicleAuthKindNames, vehicleAuthStatusNames, type VehicleAuthListQuery, type VehicleAuthRequest } from '@parking/contract';
import { Badge } from 'antd';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource, type BadgeStatus, type ValueEnum } from '../../shared/resource/resource-types';
import { vehicleAuthResourceKey } from './vehicle-auth-api';
import { vehicleStateEnum } from './vehicle.resource';

const statusBadge: Readonly<Record<VehicleAuthRequest['status'], BadgeStatus>> = { pending: 'processing', approved: 'success', rejected: 'error' };

export const vehicleAuthStatusEnum: ValueEnum = Object.fromEntries(
  Object.entries(vehicleAuthStatusNames).map(([status, text]) => [status, { text, status: statusBadge[status as VehicleAuthRequest['status']] }]),
);
export const vehicleAuthKindEnum: ValueEnum = Object.fromEntries(Object.entries(vehicleAuthKindNames).map(([kind, text]) => [kind, { text }]));

/** 后台录入 by whom, or 车主提交 */
export const submittedByText = (request: VehicleAuthRequest) => (request.submittedByName === null ? '车主提交' : `后台录入（${request.submittedByName || '员工'}）`);

/** 车主管理 > 车辆认证审核: owners' 行驶证 photos for 认证 of their vehicle or 过户申诉 of a plate another owner holds. */
export const vehicleAuthResource = defineResource<VehicleAuthRequest, VehicleAuthListQuery>({
  resource: vehicleAuthResourceKey,
  name: '认证申请',
  endpoints: vehicleAuthEndpoints,
  rowKey: 'id',
  recordName: (request) => request.plateNumber,
  actions: { export: true },
  selectable: true,
  columns: [
    { dataIndex: 'status', title: '审核状态', priority: 'key', width: 100, valueEnum: vehicleAuthStatusEnum, search: { placeholder: '全部' } },
    {
      dataIndex: 'plateNumber',
      title: '车牌号',
      priority: 'key',
      width: 120,
      search: { placeholder: '请输入车牌号' },
      render: (_value, request) => <PlateText plate={request.plateNumber} colour={request.plateColour} />,
    },
    { dataIndex: 'kind', title: '申请类型', width: 100, valueEnum: vehicleAuthKindEnum, search: { placeholder: '全部' } },
    {
      dataIndex: 'customerPhone',
      title: '车主手机号',
      priority: 'key',
      width: 130,
      // masked as everywhere a phone is listed; the search takes any part of the number
      search: { param: 'phone', placeholder: '请输入车主手机号' },
      render: (_value, request) => maskMobile(request.customerPhone),
    },
    {
      dataIndex: 'holderPhone',
      title: '原车主',
      priority: 'secondary',
      width: 130,
      hideInSearch: true,
      render: (_value, request) => (request.holderPhone ? maskMobile(request.holderPhone) : '-'),
    },
    {
      dataIndex: 'vehicleState',
      title: '车辆状态',
      priority: 'secondary',
      width: 100,
      hideInSearch: true,
      // a claim's plate is bound to its claimant only once approved
      render: (_value, request) => {
        const state = request.vehicleState ? vehicleStateEnum[request.vehicleState] : undefined;
        return state ? <Badge status={state.status} text={state.text} /> : '尚未绑定';
      },
    },
    { dataIndex: 'submittedByName', title: '提交方式', priority: 'secondary', width: 150, hideInSearch: true, render: (_value, request) => submittedByText(request) },
    { dataIndex: 'createdAt', title: '申请时间', valueType: 'date', width: 160, hideInSearch: true },
    // the API filters by Shanghai days, both ends included
    { dataIndex: 'createdAt', key: 'createdFrom', title: '申请开始日期', valueType: 'date', hideInTable: true, search: { param: 'createdFrom', placeholder: '开始日期' } },
    { dataIndex: 'createdAt', key: 'createdTo', title: '申请结束日期', valueType: 'date', hideInTable: true, search: { param: 'createdTo', placeholder: '结束日期' } },
    { dataIndex: 'decidedByName', title: '审核人', priority: 'secondary', width: 100, hideInSearch: true },
    { dataIndex: 'decidedAt', title: '审核时间', priority: 'secondary', width: 160, valueType: 'date', hideInSearch: true },
  ],
});
