import { refundEndpoints, type Refund, type RefundListQuery } from '@parking/contract';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource } from '../../shared/resource/resource-types';
import { refundStatusEnum } from './payment-options';
import { refundResourceKey } from './payments-api';

/** 财务管理 > 退款: money asked back from a payment, waiting for another user's decision. */
export const refundResource = defineResource<Refund, RefundListQuery>({
  resource: refundResourceKey,
  name: '退款',
  endpoints: refundEndpoints,
  rowKey: 'id',
  actions: { export: true },
  columns: [
    { dataIndex: 'plateNumber', title: '车牌号', priority: 'key', width: 120, render: (_value, refund) => <PlateText plate={refund.plateNumber} /> },
    { dataIndex: 'lotName', title: '停车场', width: 150, ellipsis: true, hideInSearch: true },
    { dataIndex: 'amount', title: '退款金额(元)', width: 110, valueType: 'money', sortable: true, hideInSearch: true },
    { dataIndex: 'reason', title: '退款原因', width: 180, ellipsis: true, hideInSearch: true },
    { dataIndex: 'status', title: '状态', priority: 'key', width: 90, valueEnum: refundStatusEnum },
    { dataIndex: 'requestedByName', title: '申请人', priority: 'secondary', width: 100, hideInSearch: true },
    { dataIndex: 'createdAt', title: '申请时间', width: 160, valueType: 'date', sortable: true, hideInSearch: true },
    { dataIndex: 'decidedByName', title: '审核人', priority: 'secondary', width: 100, hideInSearch: true },
    { dataIndex: 'decidedAt', title: '审核时间', priority: 'secondary', width: 160, valueType: 'date', hideInSearch: true },
    { dataIndex: 'remark', title: '审核意见', priority: 'secondary', width: 160, ellipsis: true, hideInSearch: true },
  ],
});
