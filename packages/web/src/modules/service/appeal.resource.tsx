import {
  appealEndpoints,
  appealOutcomeKinds,
  appealOutcomeNames,
  appealReasonNames,
  appealReasons,
  appealStatuses,
  appealStatusNames,
  maskMobile,
  type Appeal,
  type AppealListQuery,
  type AppealStatus,
} from '@parking/contract';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource, valueEnumOf, type BadgeStatus } from '../../shared/resource/resource-types';
import { appealResourceKey } from './appeal-api';

const statusBadges: Readonly<Record<AppealStatus, BadgeStatus>> = { pending: 'processing', approved: 'success', rejected: 'error' };
export const appealStatusEnum = valueEnumOf(appealStatuses, appealStatusNames, statusBadges);
const reasonEnum = valueEnumOf(appealReasons, appealReasonNames);
const outcomeEnum = valueEnumOf(appealOutcomeKinds, appealOutcomeNames);

/** Who holds a pending appeal now; the server clears a hold that ran out. */
export const holderName = (appeal: Pick<Appeal, 'claimedBy' | 'claimedByName'>) => (appeal.claimedBy ? (appeal.claimedByName ?? '其他审核人') : '');

/**
 * 停车运营 > 申诉审核: drivers dispute a stay from their phone pages; a reviewer takes one (领取) and
 * decides it. At 1440 px the key columns take 980 px of the ~995 the table leaves beside 序号 and 操作;
 * the owner's phone and the decision's details come as the screen widens.
 */
export const appealResource = defineResource<Appeal, AppealListQuery>({
  resource: appealResourceKey,
  name: '申诉',
  endpoints: { list: appealEndpoints.list, export: appealEndpoints.export },
  rowKey: 'id',
  recordName: (appeal) => appeal.plateNumber,
  // appeals are filed from the owner's phone and only decided here
  actions: { export: true },
  columns: [
    // the filter most used comes first; the table's 审核状态 stands beside the outcome
    { dataIndex: 'status', key: 'statusFilter', title: '审核状态', hideInTable: true, valueEnum: appealStatusEnum, search: { placeholder: '全部' } },
    { dataIndex: 'filedAt', title: '申诉时间', priority: 'key', width: 160, valueType: 'date', sortable: true, hideInSearch: true },
    {
      dataIndex: 'plateNumber',
      title: '车牌号',
      priority: 'key',
      width: 120,
      ellipsis: false,
      search: { placeholder: '请输入车牌号' },
      render: (_value, appeal) => <PlateText plate={appeal.plateNumber} colour={appeal.plateColour} />,
    },
    { dataIndex: 'lotName', title: '停车场', priority: 'key', width: 130, hideInSearch: true },
    { dataIndex: 'reason', title: '申诉原因', priority: 'key', width: 110, valueEnum: reasonEnum, hideInSearch: true },
    { dataIndex: 'content', title: '申诉说明', priority: 'key', width: 160, hideInSearch: true },
    { dataIndex: 'status', title: '审核状态', priority: 'key', width: 90, valueEnum: appealStatusEnum, hideInSearch: true },
    { dataIndex: 'outcome', title: '审核结果', priority: 'key', width: 110, valueEnum: outcomeEnum, hideInSearch: true },
    { dataIndex: 'claimedByName', title: '领取人', priority: 'key', width: 100, hideInSearch: true, render: (_value, appeal) => holderName(appeal) },
    // masked as everywhere a phone is listed; the search takes any part of the owner's number
    {
      dataIndex: 'phone',
      title: '车主手机号',
      width: 110,
      search: { param: 'phone', placeholder: '请输入车主手机号' },
      render: (_value, appeal) => maskMobile(appeal.phone),
    },
    // the API filters by Shanghai days, both ends included
    { dataIndex: 'filedAt', key: 'filedFrom', title: '申诉开始日期', valueType: 'date', hideInTable: true, search: { param: 'filedFrom', placeholder: '开始日期' } },
    { dataIndex: 'filedAt', key: 'filedTo', title: '申诉结束日期', valueType: 'date', hideInTable: true, search: { param: 'filedTo', placeholder: '结束日期' } },
    { dataIndex: 'result', title: '处理结果', priority: 'secondary', width: 220, hideInSearch: true },
    { dataIndex: 'decidedByName', title: '审核人', priority: 'secondary', width: 100, hideInSearch: true },
    { dataIndex: 'decidedAt', title: '审核时间', priority: 'secondary', width: 160, valueType: 'date', sortable: true, hideInSearch: true },
  ],
});
