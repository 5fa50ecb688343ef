import { paymentChannelNames, paymentEndpoints, type Payment, type PaymentListQuery } from '@parking/contract';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource } from '../../shared/resource/resource-types';
import { paymentChannelEnum, paymentStatusEnum } from './payment-options';
import { paymentResourceKey } from './payments-api';

/** 订单管理 > 支付记录: money taken for parking records, by any channel; read-only, refunds are asked for per row. */
export const paymentResource = defineResource<Payment, PaymentListQuery>({
  resource: paymentResourceKey,
  name: '支付记录',
  endpoints: paymentEndpoints,
  rowKey: 'id',
  actions: { export: true },
  columns: [
    { dataIndex: 'plateNumber', title: '车牌号', priority: 'key', width: 120, render: (_value, payment) => <PlateText plate={payment.plateNumber} /> },
    { dataIndex: 'lotName', title: '停车场', width: 160, ellipsis: true, hideInSearch: true },
    { dataIndex: 'channel', title: '支付渠道', width: 90, valueEnum: paymentChannelEnum, render: (_value, payment) => paymentChannelNames[payment.channel] },
    { dataIndex: 'amount', title: '支付金额(元)', priority: 'key', width: 110, valueType: 'money', sortable: true, hideInSearch: true },
    { dataIndex: 'refunded', title: '已退款(元)', width: 100, valueType: 'money', hideInSearch: true },
    { dataIndex: 'status', title: '状态', priority: 'key', width: 90, valueEnum: paymentStatusEnum },
    { dataIndex: 'paidAt', title: '支付时间', width: 160, valueType: 'date', sortable: true, search: { range: ['paidFrom', 'paidTo'] } },
    { dataIndex: 'payer', title: '付款人', priority: 'secondary', width: 100, ellipsis: true, hideInSearch: true },
    { dataIndex: 'operatorName', title: '收款人', priority: 'secondary', width: 100, ellipsis: true, hideInSearch: true },
    { dataIndex: 'remark', title: '备注', priority: 'secondary', width: 160, ellipsis: true, hideInSearch: true },
  ],
});
