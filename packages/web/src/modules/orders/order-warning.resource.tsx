import {
  orderWarningKindNames,
  orderWarningKindsOf,
  orderWarningEndpoints,
  plateBlacklistEndpoints,
  orderWarningStateNames,
  orderWarningStates,
  plateColourName,
  type OrderWarning,
  type OrderWarningCategory,
  type OrderWarningListQuery,
  type OrderWarningState,
  type PlateBlacklistEntry,
  type PlateBlacklistListQuery,
} from '@parking/contract';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource, type BadgeStatus, type ValueEnum } from '../../shared/resource/resource-types';
import { LotSelect } from '../parking';
import { plateColourEnum } from './record-options';

/** Query-key root of 订单预警: both tabs and the handle dialog. */
export const orderWarningResourceKey = 'orderWarning';
export const plateBlacklistResourceKey = 'plateBlacklist';

const stateBadges: Readonly<Record<OrderWarningState, BadgeStatus>> = { open: 'error', closed: 'success' };
export const warningStateEnum: ValueEnum = Object.fromEntries(orderWarningStates.map((s) => [s, { text: orderWarningStateNames[s], status: stateBadges[s] }]));
const kindEnumOf = (category: OrderWarningCategory): ValueEnum => Object.fromEntries(orderWarningKindsOf(category).map((k) => [k, { text: orderWarningKindNames[k] }]));

/** One tab of 订单预警: 订单异常 (category 1) or 车辆布控 (category 2), the list filtered to it. */
const warningResource = (category: OrderWarningCategory) =>
  defineResource<OrderWarning, OrderWarningListQuery>({
    resource: orderWarningResourceKey,
    name: '订单预警',
    endpoints: orderWarningEndpoints,
    fixedParams: { category },
    rowKey: 'id',
    actions: { export: true },
    columns: [
      { dataIndex: 'plateNumber', title: '车牌号', width: 120, sortable: true, search: { placeholder: '车牌号或开头，如 粤B' }, render: (_v, w) => <PlateText plate={w.plateNumber} /> },
      { dataIndex: 'lotName', title: '停车场', width: 180, hideInTable: true, search: { param: 'lotId' }, input: () => <LotSelect place="search" /> },
      { dataIndex: 'lotName', title: '停车场', width: 160, ellipsis: true, hideInSearch: true },
      { dataIndex: 'kind', title: '预警类型', width: 140, valueEnum: kindEnumOf(category) },
      { dataIndex: 'detail', title: '预警说明', width: 220, ellipsis: true, hideInSearch: true },
      { dataIndex: 'createdAt', title: '预警时间', width: 170, valueType: 'date', sortable: true, search: { range: ['createdFrom', 'createdTo'] } },
      { dataIndex: 'state', title: '处理状态', width: 100, valueEnum: warningStateEnum },
      { dataIndex: 'remark', title: '处理说明', width: 200, ellipsis: true, hideInSearch: true },
    ],
  });

export const orderWarningResources: Readonly<Record<OrderWarningCategory, ReturnType<typeof warningResource>>> = { 1: warningResource(1), 2: warningResource(2) };

/** 黑名单: plates whose entry raises 黑名单车辆入场 (or is refused where the lot says so). */
export const plateBlacklistResource = defineResource<PlateBlacklistEntry, PlateBlacklistListQuery>({
  resource: plateBlacklistResourceKey,
  name: '黑名单车辆',
  endpoints: plateBlacklistEndpoints,
  rowKey: 'id',
  actions: { create: true, update: true, remove: true },
  columns: [
    {
      dataIndex: 'plateNumber',
      title: '车牌号',
      width: 130,
      sortable: true,
      search: { placeholder: '车牌号或开头，如 粤B' },
      rules: [{ required: true }, { max: 16, message: '车牌号最长16位' }],
      render: (_v, e) => <PlateText plate={e.plateNumber} colour={e.plateColour} />,
    },
    {
      dataIndex: 'plateColour',
      title: '车牌颜色',
      width: 100,
      valueType: 'select',
      valueEnum: plateColourEnum,
      hideInSearch: true,
      render: (_v, e) => (e.plateColour === null ? '不限' : plateColourName(e.plateColour)),
    },
    {
      dataIndex: 'reason',
      title: '拉黑原因',
      width: 240,
      valueType: 'textarea',
      ellipsis: true,
      hideInSearch: true,
      rules: [
        { required: true, message: '请填写拉黑原因' },
        { max: 255, message: '拉黑原因最长255个字' },
      ],
    },
    { dataIndex: 'createdByName', title: '添加人', width: 110, hideInSearch: true, hideInForm: true },
    { dataIndex: 'createdAt', title: '添加时间', width: 170, valueType: 'date', sortable: true, hideInSearch: true, hideInForm: true },
  ],
});
