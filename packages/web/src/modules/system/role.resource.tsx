import { roleInput, roleEndpoints, type Role, type RoleListQuery } from '@parking/contract';
import { Space, Tag } from 'antd';
import { defineResource } from '../../shared/resource/resource-types';
import { schemaCheck } from '../../shared/resource/schema-check';

/** The server's refusal (role.service) said before the click: the system role holds every menu. */
export const systemRoleRefusal = (role: Role, what: string) => `「${role.name}」是系统角色，拥有全部菜单，${what}`;

/** 系统管理 > 角色: roles of the tenant; what each grants is set in the 菜单授权 drawer. */
export const roleResource = defineResource<Role, RoleListQuery>({
  resource: 'role',
  name: '角色',
  endpoints: roleEndpoints,
  rowKey: 'id',
  recordName: (role) => role.name,
  defaultPageSize: 10,
  actions: { create: true, update: true, remove: true },
  removeRefusal: (role) => (role.isSystem ? systemRoleRefusal(role, '不能删除') : role.userCount > 0 ? `角色「${role.name}」下还有${role.userCount}个用户，不能删除` : undefined),
  columns: [
    {
      dataIndex: 'name',
      title: '角色名称',
      priority: 'key',
      width: 200,
      sortable: true,
      search: { param: 'keyword', placeholder: '角色名称或编码' },
      rules: [{ required: true }, { check: schemaCheck(roleInput.shape.name) }],
      render: (_name, role) => (
        <Space size={6}>
          {role.name}
          {role.isSystem && <Tag color="blue">系统角色</Tag>}
        </Space>
      ),
    },
    {
      dataIndex: 'code',
      title: '角色编码',
      width: 160,
      sortable: true,
      hideInSearch: true,
      rules: [{ required: true }, { check: schemaCheck(roleInput.shape.code) }],
    },
    {
      dataIndex: 'description',
      title: '角色说明',
      valueType: 'textarea',
      width: 260,
      ellipsis: true,
      hideInSearch: true,
      rules: [{ check: schemaCheck(roleInput.shape.description) }],
    },
    { dataIndex: 'userCount', title: '用户数', valueType: 'number', width: 90, hideInSearch: true, hideInForm: true },
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, sortable: true, hideInSearch: true, hideInForm: true },
  ],
});
