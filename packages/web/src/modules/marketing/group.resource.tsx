import { groupEndpoints, maskMobile, type Group, type GroupListQuery } from '@parking/contract';
import { defineResource } from '../../shared/resource/resource-types';
import { enabledColumn } from '../parking';
import { GroupFormInputs, groupFormBody, groupToFormValues, type GroupFormValues } from './group-form';
import { groupResourceKey } from './marketing-api';

/** 停车运营 > 集团: the companies whose cars park on group cards. */
export const groupResource = defineResource<Group, GroupListQuery>({
  resource: groupResourceKey,
  name: '集团',
  endpoints: groupEndpoints,
  rowKey: 'id',
  recordName: (group) => group.name,
  actions: { create: true, update: true, remove: true, export: true },
  // a group's cards would lose their owner: said before asking, the server refuses too
  removeRefusal: (group) => (group.cardCount > 0 ? `该集团还有${group.cardCount}张集团卡，请先删除集团卡` : undefined),
  columns: [
    { dataIndex: 'name', title: '集团名称', priority: 'key', width: 180, sortable: true, search: { placeholder: '请输入集团名称' } },
    { dataIndex: 'contact', title: '联系人', width: 110, search: { placeholder: '请输入联系人' } },
    { dataIndex: 'phone', title: '联系电话', width: 130, hideInSearch: true, render: (_value, group) => maskMobile(group.phone) },
    { dataIndex: 'cardCount', title: '集团卡数', width: 90, hideInSearch: true },
    enabledColumn<Group, GroupListQuery>(),
    { dataIndex: 'remark', title: '备注', priority: 'secondary', width: 180, ellipsis: true, hideInSearch: true },
    { dataIndex: 'createdAt', title: '创建时间', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
  ],
  form: {
    Inputs: GroupFormInputs,
    width: 640,
    toValues: groupToFormValues,
    toBody: (values) => groupFormBody(values as GroupFormValues),
  },
});
