import {
  reconciledChannels,
  reconciliationBatchEndpoints,
  reconciliationBatchStateNames,
  reconciliationBatchStates,
  reconciliationMistakeEndpoints,
  reconciliationMistakeKindNames,
  reconciliationMistakeKinds,
  reconciliationMistakeStatusNames,
  reconciliationMistakeStatuses,
  reconciliationResolutionNames,
  reconciliationResolutions,
  type ReconciliationBatch,
  type ReconciliationBatchListQuery,
  type ReconciliationMistake,
  type ReconciliationMistakeListQuery,
} from '@parking/contract';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource, valueEnumOf } from '../../shared/resource/resource-types';
import { reconciliationBatchKey, reconciliationMistakeKey } from './reconciliation-api';

const channelEnum = valueEnumOf(reconciledChannels, { sandbox: '沙箱支付' });
const batchStateEnum = valueEnumOf(reconciliationBatchStates, reconciliationBatchStateNames, { succeeded: 'success', failed: 'error', no_bill: 'default' });
const mistakeKindEnum = valueEnumOf(reconciliationMistakeKinds, reconciliationMistakeKindNames);
const mistakeStatusEnum = valueEnumOf(reconciliationMistakeStatuses, reconciliationMistakeStatusNames, { pending: 'processing', unhandled: 'warning', resolved: 'success' });
const resolutionEnum = valueEnumOf(reconciliationResolutions, reconciliationResolutionNames);

/** 财务管理 > 对账: one batch per business day and channel, our side against the provider's bill. */
export const reconciliationBatchResource = defineResource<ReconciliationBatch, ReconciliationBatchListQuery>({
  resource: reconciliationBatchKey,
  name: '对账批次',
  endpoints: reconciliationBatchEndpoints,
  rowKey: 'id',
  actions: { export: true },
  columns: [
    { dataIndex: 'batchNo', title: '批次号', priority: 'key', width: 120 },
    { dataIndex: 'day', title: '对账日期', width: 110, sortable: true, hideInSearch: true },
    { dataIndex: 'channel', title: '渠道', width: 100, valueEnum: channelEnum },
    { dataIndex: 'state', title: '对账状态', priority: 'key', width: 100, valueEnum: batchStateEnum },
    { dataIndex: 'ourCount', title: '我方笔数', width: 90, hideInSearch: true },
    { dataIndex: 'ourAmount', title: '我方金额(元)', width: 110, valueType: 'money', hideInSearch: true },
    { dataIndex: 'ourRefundAmount', title: '我方退款(元)', priority: 'secondary', width: 110, valueType: 'money', hideInSearch: true },
    { dataIndex: 'channelCount', title: '渠道笔数', width: 90, hideInSearch: true },
    { dataIndex: 'channelAmount', title: '渠道金额(元)', width: 110, valueType: 'money', hideInSearch: true },
    { dataIndex: 'channelRefundAmount', title: '渠道退款(元)', priority: 'secondary', width: 110, valueType: 'money', hideInSearch: true },
    { dataIndex: 'mistakeCount', title: '差错笔数', priority: 'key', width: 90, hideInSearch: true },
    { dataIndex: 'unhandledCount', title: '未处理', priority: 'key', width: 80, hideInSearch: true },
    { dataIndex: 'reconciledAt', title: '对账时间', priority: 'secondary', width: 160, valueType: 'date', hideInSearch: true },
  ],
});

/** 财务管理 > 对账差错: the trades and refunds on which a batch found the two sides disagreeing. */
export const reconciliationMistakeResource = defineResource<ReconciliationMistake, ReconciliationMistakeListQuery>({
  resource: reconciliationMistakeKey,
  name: '对账差错',
  endpoints: reconciliationMistakeEndpoints,
  rowKey: 'id',
  actions: { export: true },
  columns: [
    { dataIndex: 'batchNo', title: '批次号', priority: 'key', width: 120 },
    { dataIndex: 'kind', title: '差错类型', priority: 'key', width: 100, valueEnum: mistakeKindEnum },
    { dataIndex: 'balance', title: '长短款', width: 80, hideInSearch: true },
    { dataIndex: 'orderNo', title: '商户订单号', width: 200 },
    { dataIndex: 'plateNumber', title: '车牌号', width: 110, hideInSearch: true, render: (_value, m) => (m.plateNumber ? <PlateText plate={m.plateNumber} /> : '') },
    { dataIndex: 'ourAmount', title: '我方金额(元)', width: 110, valueType: 'money', hideInSearch: true },
    { dataIndex: 'channelAmount', title: '渠道金额(元)', width: 110, valueType: 'money', hideInSearch: true },
    { dataIndex: 'tradedAt', title: '交易时间', width: 160, valueType: 'date', sortable: true, hideInSearch: true },
    { dataIndex: 'status', title: '处理状态', priority: 'key', width: 100, valueEnum: mistakeStatusEnum },
    { dataIndex: 'resolution', title: '处理方式', priority: 'secondary', width: 110, valueEnum: resolutionEnum, hideInSearch: true },
    { dataIndex: 'remark', title: '处理说明', priority: 'secondary', width: 160, hideInSearch: true },
    { dataIndex: 'resolvedByName', title: '处理人', priority: 'secondary', width: 100, hideInSearch: true },
  ],
});
