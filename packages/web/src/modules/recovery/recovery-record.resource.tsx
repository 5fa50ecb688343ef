import { recoveryRecordEndpoints, type RecoveryRecord, type RecoveryRecordListQuery } from '@parking/contract';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource } from '../../shared/resource/resource-types';
import { LotSelect } from '../parking';
import { recoveryRecordResourceKey } from './recovery-api';
import { paymentChannelEnum, plateMatchEnum } from './recovery-options';

/** 联合追缴 > 追缴记录: money taken for records that had gone to pursuit; written by the payments, read-only here. */
export const recoveryRecordResource = defineResource<RecoveryRecord, RecoveryRecordListQuery>({
  resource: recoveryRecordResourceKey,
  name: '追缴记录',
  endpoints: recoveryRecordEndpoints,
  rowKey: 'id',
  actions: { export: true },
  columns: [
    { dataIndex: 'lotName', title: '停车场', hideInTable: true, search: { param: 'lotId' }, input: () => <LotSelect place="search" /> },
    { dataIndex: 'plateNumber', title: '车牌号', priority: 'key', width: 120, render: (_value, record) => <PlateText plate={record.plateNumber} /> },
    { dataIndex: 'plateNumber', title: '匹配方式', hideInTable: true, valueEnum: plateMatchEnum, search: { param: 'plateMatch', placeholder: '精确' } },
    { dataIndex: 'lotName', title: '停车场', width: 140, ellipsis: true, hideInSearch: true },
    { dataIndex: 'exitedAt', title: '出场时间', width: 160, valueType: 'date', hideInSearch: true },
    { dataIndex: 'amount', title: '追缴金额(元)', priority: 'key', width: 120, valueType: 'money', sortable: true, hideInSearch: true },
    { dataIndex: 'refunded', title: '已退款(元)', priority: 'secondary', width: 100, valueType: 'money', hideInSearch: true },
    { dataIndex: 'channel', title: '支付渠道', width: 100, valueEnum: paymentChannelEnum },
    { dataIndex: 'recoveredAt', title: '追缴时间', width: 160, valueType: 'date', sortable: true, search: { range: ['recoveredFrom', 'recoveredTo'] } },
    { dataIndex: 'operatorName', title: '收款人', width: 100, hideInSearch: true },
  ],
});
