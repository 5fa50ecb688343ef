import { maskMobile, phoneChangeEndpoints, phoneChangeStatusNames, type PhoneChangeListQuery, type PhoneChangeRequest } from '@parking/contract';
import { defineResource, type BadgeStatus, type ValueEnum } from '../../shared/resource/resource-types';
import { phoneChangeResourceKey } from './phone-change-api';

const statusBadge: Readonly<Record<PhoneChangeRequest['status'], BadgeStatus>> = { pending: 'processing', approved: 'success', rejected: 'error' };

export const phoneChangeStatusEnum: ValueEnum = Object.fromEntries(
  Object.entries(phoneChangeStatusNames).map(([status, text]) => [status, { text, status: statusBadge[status as PhoneChangeRequest['status']] }]),
);

/** 车主管理 > 手机号变更审核: owners who lost the old number ask to move their account to a new one. */
export const phoneChangeResource = defineResource<PhoneChangeRequest, PhoneChangeListQuery>({
  resource: phoneChangeResourceKey,
  name: '手机号变更申请',
  endpoints: phoneChangeEndpoints,
  rowKey: 'id',
  recordName: (request) => maskMobile(request.newPhone),
  actions: { export: true },
  columns: [
    { dataIndex: 'status', title: '审核状态', priority: 'key', width: 100, valueEnum: phoneChangeStatusEnum, search: { placeholder: '全部' } },
    // masked as everywhere a phone is listed; the search takes any part of the old or the new number
    {
      dataIndex: 'oldPhone',
      title: '原手机号',
      priority: 'key',
      width: 130,
      search: { param: 'phone', placeholder: '请输入原手机号或新手机号' },
      render: (_value, request) => maskMobile(request.oldPhone),
    },
    { dataIndex: 'newPhone', title: '新手机号', priority: 'key', width: 130, hideInSearch: true, render: (_value, request) => maskMobile(request.newPhone) },
    { dataIndex: 'customerNickname', title: '车主昵称', priority: 'secondary', width: 110, hideInSearch: true, render: (_value, request) => request.customerNickname || '-' },
    { dataIndex: 'orderNo', title: '订单号', priority: 'secondary', width: 200, hideInSearch: true, ellipsis: true },
    { dataIndex: 'createdAt', title: '申请时间', valueType: 'date', width: 160, hideInSearch: true },
    // the API filters by Shanghai days, both ends included
    { dataIndex: 'createdAt', key: 'createdFrom', title: '申请开始日期', valueType: 'date', hideInTable: true, search: { param: 'createdFrom', placeholder: '开始日期' } },
    { dataIndex: 'createdAt', key: 'createdTo', title: '申请结束日期', valueType: 'date', hideInTable: true, search: { param: 'createdTo', placeholder: '结束日期' } },
    { dataIndex: 'decidedByName', title: '审核人', priority: 'secondary', width: 100, hideInSearch: true },
    { dataIndex: 'decidedAt', title: '审核时间', priority: 'secondary', width: 160, valueType: 'date', hideInSearch: true },
  ],
});
