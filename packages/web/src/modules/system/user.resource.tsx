import { maskMobile, userEndpoints, userStatusNames, type SystemUserRow, type UserListQuery } from '@parking/contract';
import { Tag } from 'antd';
import { defineResource, type ValueEnum } from '../../shared/resource/resource-types';
import { OrganizationTreeSelect, PositionSelect } from './components/identity-selects';
import { LoginLimitTag } from './components/login-limit';
import { userResourceKey } from './system-api';
import { UserFormInputs } from './user-form';
import { userCreateBody, userToFormValues, userUpdateBody, type UserFormValues } from './user-form-values';

export const userStatusEnum: ValueEnum = {
  '1': { text: userStatusNames[1]!, status: 'success' },
  '0': { text: userStatusNames[0]!, status: 'default' },
};

const names = (items: ReadonlyArray<{ id: string; name: string }>) =>
  items.map((item, i) => (
    <Tag key={item.id} color={i === 0 ? 'blue' : undefined}>
      {item.name}
    </Tag>
  ));

/** 系统管理 > 用户: staff accounts with their organization, positions (the first is the main one), roles and login limit. */
export const userResource = defineResource<SystemUserRow, UserListQuery>({
  resource: userResourceKey,
  name: '用户',
  endpoints: userEndpoints,
  rowKey: 'id',
  recordName: (user) => user.realName || user.account,
  actions: { create: true, update: true, remove: true, export: true },
  columns: [
    { dataIndex: 'realName', title: '姓名', priority: 'key', width: 110, sortable: true },
    { dataIndex: 'account', title: '账号', priority: 'key', width: 120, sortable: true },
    {
      dataIndex: 'organizationName',
      title: '组织',
      width: 140,
      search: { param: 'organizationId' },
      input: () => <OrganizationTreeSelect place="search" />,
    },
    {
      dataIndex: 'positions',
      title: '岗位',
      width: 170,
      search: { param: 'positionId' },
      input: () => <PositionSelect place="search" />,
      render: (_value, user) => <span className="user-positions">{names(user.positions)}</span>,
    },
    { dataIndex: 'status', title: '状态', valueType: 'select', valueEnum: userStatusEnum, width: 80 },
    {
      dataIndex: 'loginLimit',
      title: '登录限制',
      priority: 'secondary',
      width: 140,
      hideInSearch: true,
      hideInForm: true,
      render: (_value, user) => <LoginLimitTag limit={user.loginLimit} />,
    },
    { dataIndex: 'roles', title: '角色', width: 140, hideInSearch: true, render: (_value, user) => names(user.roles) },
    // masked in the list as everywhere a phone is listed; the edit form opens with the whole number
    { dataIndex: 'mobile', title: '手机号', priority: 'secondary', width: 120, hideInSearch: true, render: (_value, user) => maskMobile(user.mobile) },
    { dataIndex: 'email', title: '邮箱', priority: 'secondary', width: 160, ellipsis: true, hideInSearch: true },
    { dataIndex: 'createdAt', title: '创建时间', priority: 'secondary', valueType: 'date', width: 160, hideInSearch: true, sortable: true },
  ],
  form: {
    Inputs: UserFormInputs,
    width: 720,
    toValues: userToFormValues,
    // the form holds exactly the fields toValues gave it, checked by its rules
    toBody: (values, user) => {
      const typed = values as UserFormValues;
      return user ? userUpdateBody(typed, user) : userCreateBody(typed);
    },
  },
});
