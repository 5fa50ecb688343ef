import { arrearsEndpoints, type Arrears, type ArrearsListQuery } from '@parking/contract';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource } from '../../shared/resource/resource-types';
import { MoneyFilterInput } from '../../shared/resource/fields/money-field';
import { LotSelect } from '../parking';
import { arrearsResourceKey } from './recovery-api';
import { plateMatchEnum } from './recovery-options';

/** 联合追缴 > 欠费订单: every plate that left without paying, with what it owes over all the tenant's lots. */
export const arrearsResource = defineResource<Arrears, ArrearsListQuery>({
  resource: arrearsResourceKey,
  name: '欠费订单',
  endpoints: arrearsEndpoints,
  rowKey: 'plateNumber',
  actions: { export: true },
  columns: [
    { dataIndex: 'lots', title: '停车场', hideInTable: true, search: { param: 'lotId' }, input: () => <LotSelect place="search" /> },
    { dataIndex: 'plateNumber', title: '车牌号', priority: 'key', width: 120, render: (_value, order) => <PlateText plate={order.plateNumber} /> },
    { dataIndex: 'plateNumber', title: '匹配方式', hideInTable: true, valueEnum: plateMatchEnum, search: { param: 'plateMatch', placeholder: '精确' } },
    { dataIndex: 'recordCount', title: '欠费笔数', width: 100, sortable: true, hideInSearch: true },
    { dataIndex: 'owed', title: '欠费金额(元)', priority: 'key', width: 130, valueType: 'money', sortable: true, hideInSearch: true },
    { dataIndex: 'owed', title: '最低欠费', hideInTable: true, search: { param: 'owedMin' }, input: () => <MoneyFilterInput placeholder="最低金额" /> },
    { dataIndex: 'owed', title: '最高欠费', hideInTable: true, search: { param: 'owedMax' }, input: () => <MoneyFilterInput placeholder="最高金额" /> },
    { dataIndex: 'firstExitedAt', title: '最早出场时间', width: 170, valueType: 'date', hideInSearch: true },
    { dataIndex: 'lastExitedAt', title: '最近出场时间', width: 170, valueType: 'date', sortable: true, hideInSearch: true },
    { dataIndex: 'lastExitedAt', title: '出场时间', hideInTable: true, search: { range: ['exitedFrom', 'exitedTo'] } },
    {
      dataIndex: 'lots',
      key: 'lotNames',
      title: '欠费停车场',
      width: 220,
      ellipsis: true,
      hideInSearch: true,
      render: (_value, order) => order.lots.map((lot) => lot.name).join('、'),
    },
  ],
});
