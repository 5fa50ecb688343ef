import {
  orderWarningKindNames,
  orderWarningKindsOf,
  orderWarningEndpoints,
  orderWarningStateNames,
  orderWarningStates,
  type OrderWarning,
  type OrderWarningCategory,
  type OrderWarningListQuery,
  type OrderWarningState,
} from '@parking/contract';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource, type BadgeStatus, type ValueEnum } from '../../shared/resource/resource-types';
import { LotSelect } from '../parking';

/** Query-key root of 订单预警: both tabs and the handle dialog. */
export const orderWarningResourceKey = 'orderWarning';

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
      {
        dataIndex: 'plateNumber',
        title: '车牌号',
        priority: 'key',
        width: 120,
        sortable: true,
        search: { placeholder: '车牌号或开头，如 粤B' },
        render: (_v, w) => <PlateText plate={w.plateNumber} />,
      },
      { dataIndex: 'lotName', title: '停车场', width: 180, hideInTable: true, search: { param: 'lotId' }, input: () => <LotSelect place="search" /> },
      { dataIndex: 'lotName', title: '停车场', width: 160, ellipsis: true, hideInSearch: true },
      { dataIndex: 'kind', title: '预警类型', width: 120, valueEnum: kindEnumOf(category) },
      { dataIndex: 'detail', title: '预警说明', width: 200, ellipsis: true, hideInSearch: true },
      { dataIndex: 'createdAt', title: '预警时间', width: 160, valueType: 'date', sortable: true, search: { range: ['createdFrom', 'createdTo'] } },
      { dataIndex: 'state', title: '处理状态', priority: 'key', width: 100, valueEnum: warningStateEnum },
      { dataIndex: 'remark', title: '处理说明', priority: 'secondary', width: 180, ellipsis: true, hideInSearch: true },
    ],
  });

export const orderWarningResources: Readonly<Record<OrderWarningCategory, ReturnType<typeof warningResource>>> = { 1: warningResource(1), 2: warningResource(2) };
