import {
  plateColourName,
  plateListEndpoints,
  plateListScopeText,
  plateListStateNames,
  plateListStates,
  plateListTypeNames,
  plateListTypes,
  plateListValidityText,
  type PlateListEntry,
  type PlateListQuery,
  type PlateListState,
  type PlateListType,
} from '@parking/contract';
import { PlateText } from '../../shared/components/plate-text';
import { defineResource, type BadgeStatus, type ValueEnum } from '../../shared/resource/resource-types';
import { LotSelect } from '../parking';
import { PlateListFormInputs, plateListFormBody, plateListToFormValues, type PlateListFormValues } from './components/plate-list-form';
import { plateListResourceKey } from './plate-list-api';

const typeBadges: Readonly<Record<PlateListType, BadgeStatus>> = { black: 'error', white: 'success' };
const stateBadges: Readonly<Record<PlateListState, BadgeStatus>> = { pending: 'processing', active: 'success', expired: 'warning', removed: 'default' };
export const plateListTypeEnum: ValueEnum = Object.fromEntries(plateListTypes.map((t) => [t, { text: plateListTypeNames[t], status: typeBadges[t] }]));
export const plateListStateEnum: ValueEnum = Object.fromEntries(plateListStates.map((s) => [s, { text: plateListStateNames[s], status: stateBadges[s] }]));

/** 车主管理 > 黑白名单: one list of the plates the lanes refuse and the plates that park free, removed ones kept. */
export const plateListResource = defineResource<PlateListEntry, PlateListQuery>({
  resource: plateListResourceKey,
  name: '黑白名单',
  endpoints: { list: plateListEndpoints.list, create: plateListEndpoints.create, update: plateListEndpoints.update, export: plateListEndpoints.export },
  rowKey: 'id',
  recordName: (entry) => entry.plateNumber,
  // 编辑 is the page's own: a removed entry has none
  actions: { create: true, export: true },
  columns: [
    { dataIndex: 'type', title: '名单类型', priority: 'key', width: 100, valueEnum: plateListTypeEnum },
    {
      dataIndex: 'plateNumber',
      title: '车牌号',
      priority: 'key',
      width: 120,
      sortable: true,
      search: { placeholder: '请输入车牌号' },
      render: (_value, entry) => <PlateText plate={entry.plateNumber} colour={entry.plateColour} />,
    },
    { dataIndex: 'plateColour', title: '车牌颜色', priority: 'secondary', width: 90, hideInSearch: true, render: (_value, entry) => plateColourName(entry.plateColour) },
    { dataIndex: 'lotIds', title: '停车场', hideInTable: true, search: { param: 'lotId' }, input: () => <LotSelect place="search" /> },
    { dataIndex: 'lotNames', title: '适用车场', width: 160, hideInSearch: true, render: (_value, entry) => plateListScopeText(entry) },
    { dataIndex: 'validFrom', title: '有效期', width: 260, hideInSearch: true, render: (_value, entry) => plateListValidityText(entry) },
    { dataIndex: 'reason', title: '原因', width: 180, hideInSearch: true },
    { dataIndex: 'state', title: '状态', priority: 'key', width: 90, valueEnum: plateListStateEnum },
    { dataIndex: 'createdByName', title: '创建人', priority: 'secondary', width: 100, hideInSearch: true },
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
    { dataIndex: 'removalReason', title: '移除原因', priority: 'secondary', width: 160, hideInSearch: true },
  ],
  form: {
    Inputs: PlateListFormInputs,
    width: 640,
    toValues: (entry) => ({ ...plateListToFormValues(entry) }),
    toBody: (values) => ({ ...plateListFormBody(values as unknown as PlateListFormValues) }),
  },
});
