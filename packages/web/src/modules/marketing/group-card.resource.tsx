import { groupCardBenefitNames, groupCardBenefitText, groupCardEndpoints, groupCardStateNames, type GroupCard, type GroupCardListQuery } from '@parking/contract';
import { Tag } from 'antd';
import { defineResource, type ValueEnum } from '../../shared/resource/resource-types';
import { enabledColumn, LotSelect } from '../parking';
import { GroupSelect } from './components/group-select';
import { GroupCardFormInputs } from './group-card-form';
import { groupCardFormBody, groupCardToFormValues, type GroupCardFormValues } from './group-card-form-values';
import { groupCardResourceKey } from './marketing-api';

export const groupCardStateEnum: ValueEnum = {
  active: { text: groupCardStateNames.active, status: 'success' },
  pending: { text: groupCardStateNames.pending, status: 'processing' },
  expired: { text: groupCardStateNames.expired, status: 'default' },
};
const benefitEnum: ValueEnum = Object.fromEntries(Object.entries(groupCardBenefitNames).map(([value, text]) => [value, { text }]));

const quota = (card: GroupCard) => (card.monthlyQuota === null ? '不限' : `${card.remainingQuota ?? 0} / ${card.monthlyQuota}`);

/** 停车运营 > 集团卡: a group's card for some plates on some lots. */
export const groupCardResource = defineResource<GroupCard, GroupCardListQuery>({
  resource: groupCardResourceKey,
  name: '集团卡',
  endpoints: groupCardEndpoints,
  rowKey: 'id',
  recordName: (card) => card.cardNo,
  actions: { create: true, update: true, remove: true, export: true },
  columns: [
    { dataIndex: 'cardNo', title: '卡号', priority: 'key', width: 120, sortable: true, search: { placeholder: '请输入卡号' } },
    { dataIndex: 'groupName', title: '集团', width: 140, search: { param: 'groupId' }, input: () => <GroupSelect place="search" /> },
    { dataIndex: 'benefit', title: '优惠', width: 120, valueEnum: benefitEnum, render: (_value, card) => groupCardBenefitText(card) },
    {
      dataIndex: 'plates',
      title: '车牌',
      width: 180,
      search: { param: 'plateNumber', placeholder: '请输入车牌号关键字' },
      render: (_value, card) => card.plates.map((plate) => <Tag key={plate}>{plate}</Tag>),
    },
    {
      dataIndex: 'lotNames',
      title: '适用停车场',
      width: 180,
      ellipsis: true,
      search: { param: 'lotId' },
      input: () => <LotSelect place="search" />,
      render: (_value, card) => card.lotNames.join('、'),
    },
    { dataIndex: 'validFrom', title: '有效期', width: 190, hideInSearch: true, sortable: true, render: (_value, card) => `${card.validFrom} 至 ${card.validTo}` },
    { dataIndex: 'remainingQuota', title: '本月剩余/每月次数', priority: 'secondary', width: 140, hideInSearch: true, render: (_value, card) => quota(card) },
    {
      dataIndex: 'allowBind',
      title: '车主绑定',
      priority: 'secondary',
      width: 100,
      hideInSearch: true,
      render: (_value, card) => (card.allowBind ? `允许（≤${card.maxPlates}）` : '不允许'),
    },
    { dataIndex: 'state', title: '有效状态', priority: 'key', width: 90, valueEnum: groupCardStateEnum },
    { ...enabledColumn<GroupCard, GroupCardListQuery>(), title: '启用' },
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
  ],
  form: {
    Inputs: GroupCardFormInputs,
    width: 760,
    toValues: groupCardToFormValues,
    toBody: (values) => groupCardFormBody(values as GroupCardFormValues),
  },
});
