import { describe, expect, it } from 'vitest';
import { menuInput } from './menu-admin.schema.js';

const messages = (value: unknown) => {
  const result = menuInput.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('menuInput', () => {
  it('accepts a folder and a page as the catalogue has them', () => {
    expect(messages({ fullName: '系统管理', enCode: 'system', icon: 'SettingOutlined', type: 1 })).toEqual([]);
    expect(messages({ fullName: '用户', enCode: 'user', icon: 'UserOutlined', type: 2, urlAddress: 'system/user' })).toEqual([]);
    expect(menuInput.parse({ fullName: ' 用户 ', enCode: 'user', icon: 'UserOutlined', type: '2', urlAddress: 'system/user' })).toEqual({
      parentId: null,
      fullName: '用户',
      enCode: 'user',
      icon: 'UserOutlined',
      type: 2,
      urlAddress: 'system/user',
      sortCode: 0,
      enabled: true,
    });
  });

  it('names the broken rule in Chinese', () => {
    expect(messages({ fullName: '坏', enCode: 'bad code', icon: 'UserOutlined', type: 1 })).toEqual(['enCode: 菜单编码只能包含字母、数字和下划线，且以字母开头']);
    expect(messages({ fullName: '坏', enCode: 'x', icon: 'constructor', type: 1 })).toEqual(['icon: 图标只能从图标库中选择']);
    expect(messages({ fullName: '坏', enCode: 'x', icon: 'UserOutlined', type: 2 })).toEqual(['urlAddress: 页面必须填写路由地址，如 system/user']);
    expect(messages({ fullName: '坏', enCode: 'x', icon: 'UserOutlined', type: 1, urlAddress: 'a/b' })).toEqual(['urlAddress: 目录不能填写路由地址']);
    expect(messages({ fullName: '坏', enCode: 'x', icon: 'UserOutlined', type: 2, urlAddress: '../a b' })).toEqual(['urlAddress: 路由地址只能包含字母、数字和 _ / -，如 system/user']);
  });
});
