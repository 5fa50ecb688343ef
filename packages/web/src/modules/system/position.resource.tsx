import { positionInput, positionEndpoints, type Position, type PositionListQuery } from '@parking/contract';
import { defineResource } from '../../shared/resource/resource-types';
import { OrganizationTreeSelect } from './components/identity-selects';
import { schemaCheck } from '../../shared/resource/schema-check';
import { positionResourceKey } from './system-api';

const fields = positionInput.shape;

/** 系统管理 > 岗位: positions, each optionally under an organization; one with holders cannot be deleted (the server says so). */
export const positionResource = defineResource<Position, PositionListQuery>({
  resource: positionResourceKey,
  name: '岗位',
  endpoints: positionEndpoints,
  rowKey: 'id',
  recordName: (position) => position.name,
  actions: { create: true, update: true, remove: true },
  columns: [
    {
      dataIndex: 'name',
      title: '岗位名称',
      priority: 'key',
      width: 160,
      sortable: true,
      search: { param: 'keyword', placeholder: '请输入岗位名称或编码' },
      rules: [{ required: true }, { check: schemaCheck(fields.name) }],
    },
    { dataIndex: 'code', title: '岗位编码', width: 160, sortable: true, hideInSearch: true, rules: [{ required: true }, { check: schemaCheck(fields.code) }] },
    {
      dataIndex: 'organizationName',
      title: '所属组织',
      width: 160,
      hideInForm: true,
      search: { param: 'organizationId' },
      input: () => <OrganizationTreeSelect place="search" />,
    },
    {
      dataIndex: 'organizationId',
      title: '所属组织',
      valueType: 'select',
      hideInTable: true,
      hideInSearch: true,
      input: () => <OrganizationTreeSelect />,
    },
    { dataIndex: 'sortCode', title: '排序', priority: 'secondary', valueType: 'number', width: 90, sortable: true, hideInSearch: true, rules: [{ check: schemaCheck(fields.sortCode) }] },
    { dataIndex: 'userCount', title: '用户数', width: 90, hideInSearch: true, hideInForm: true },
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, sortable: true, hideInSearch: true, hideInForm: true },
  ],
});
