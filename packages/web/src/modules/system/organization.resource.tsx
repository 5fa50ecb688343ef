import { organizationInput, organizationEndpoints, type Organization } from '@parking/contract';
import { defineResource } from '../../shared/resource/resource-types';
import { OrganizationTreeSelect } from './components/identity-selects';
import { schemaCheck } from '../../shared/resource/schema-check';
import { organizationResourceKey } from './system-api';

const fields = organizationInput.shape;

/**
 * 系统管理 > 组织: the tenant's organization tree. The list call answers the whole tree (no pages), so
 * the page draws its own tree table; the descriptor drives the form, the saves and the delete.
 */
export const organizationResource = defineResource<Organization>({
  resource: organizationResourceKey,
  name: '组织',
  endpoints: { ...organizationEndpoints, list: organizationEndpoints.tree },
  rowKey: 'id',
  recordName: (organization) => organization.name,
  actions: { create: true, update: true, remove: true },
  columns: [
    {
      dataIndex: 'parentId',
      title: '上级组织',
      valueType: 'select',
      hideInTable: true,
      // an organization can sit under neither itself nor one of its own children
      input: (_where, record) => <OrganizationTreeSelect excluded={record?.id} placeholder="不选则为顶级组织" />,
    },
    { dataIndex: 'name', title: '组织名称', priority: 'key', width: 260, rules: [{ required: true }, { check: schemaCheck(fields.name) }] },
    { dataIndex: 'code', title: '组织编码', width: 180, rules: [{ required: true }, { check: schemaCheck(fields.code) }] },
    { dataIndex: 'sortCode', title: '排序', valueType: 'number', width: 90, rules: [{ check: schemaCheck(fields.sortCode) }] },
  ],
});
