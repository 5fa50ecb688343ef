import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { md5Hex } from '../../shared/passwords.js';

interface MenuNode {
  id: string;
  enCode: string;
  fullName: string;
  children: MenuNode[];
}

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
let systemRoleId: string;
/** demo's menu ids by enCode, and mw's */
let menuId: Map<string, string>;
let mwMenuId: Map<string, string>;

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const menuIds = async (token: string) => new Map(flatten((await call('GET', '/api/system/Permission/Menu', undefined, token)).json().data).map((m) => [m.enCode, m.id]));

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
  systemRoleId = (await call('GET', base)).json().data.list[0].id;
  menuId = await menuIds(admin);
  mwMenuId = await menuIds(mwAdmin);
});
afterAll(() => t.close());

const base = '/api/system/Permission/Role';
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const ids = (...codes: string[]) => codes.map((c) => menuId.get(c)!);

describe('roles', () => {
  let inspectorId = '';
  let clerkId = '';

  it('lists the system role with every menu granted and its holder counted', async () => {
    const data = (await call('GET', base)).json().data;
    expect(data.pagination.total).toBe(1);
    expect(data.list[0]).toMatchObject({ name: '系统管理员', code: 'admin', isSystem: true, userCount: 1 });
    const detail = (await call('GET', `${base}/${systemRoleId}`)).json().data;
    expect(detail.menuIds).toEqual([...menuId.values()].sort());
  });

  it('creates a role with no menus, and logs it', async () => {
    const response = await call('POST', base, { name: '收费稽查', code: 'inspector', description: '路内收费稽查' });
    expect(response.json()).toMatchObject({
      code: 200,
      msg: '新增成功',
      data: { name: '收费稽查', code: 'inspector', isSystem: false, userCount: 0, menuIds: [] },
    });
    inspectorId = response.json().data.id;
    const log = (await call('GET', `/api/system/log?targetId=${inspectorId}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'create', target: 'role', summary: '新增角色「收费稽查」' });
    expect((await call('GET', `${base}?keyword=${encodeURIComponent('稽查')}`)).json().data.list.map((r: { id: string }) => r.id)).toEqual([inspectorId]);
  });

  it('refuses bad input and a taken code, and writes nothing', async () => {
    const noName = await call('POST', base, { name: '', code: 'x1' });
    expect(noName.json()).toMatchObject({ code: 400, msg: '请求体 name：请输入角色名称' });
    const badCode = await call('POST', base, { name: '坏编码', code: 'a b' });
    expect(badCode.json().msg).toBe('请求体 code：角色编码只能包含字母、数字、下划线和短横线');
    const taken = await call('POST', base, { name: '管理员二号', code: 'admin' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('角色编码「admin」已存在');
    expect((await call('GET', `${base}?foo=1`)).statusCode).toBe(400);
    expect((await call('GET', base)).json().data.pagination.total).toBe(2);
  });

  it('grants two pages, and their folders with them', async () => {
    const response = await call('PUT', `${base}/${inspectorId}/Menus`, { menuIds: ids('parkingList', 'refund') });
    expect(response.json()).toMatchObject({ code: 200, msg: '授权成功' });
    expect(response.json().data.menuIds).toEqual(ids('parkingAdmin', 'parkingList', 'FinancialManagement', 'refund').sort());
    const log = (await call('GET', `/api/system/log?targetId=${inspectorId}&action=update`)).json().data.list[0];
    expect(log).toMatchObject({ summary: '修改角色「收费稽查」的菜单权限', before: { menuIds: [] } });
    expect(log.after.menuIds).toHaveLength(4);
  });

  it('shows a user holding only that role exactly those two pages, and refuses the rest', async () => {
    const created = await call('POST', '/api/system/Permission/Users', {
      account: 'inspector01',
      realName: '稽查员',
      password: md5Hex('Insp01'),
      roleIds: [inspectorId],
    });
    clerkId = created.json().data.id;
    const token = await signIn(t.app, 'inspector01', 'demo', md5Hex('Insp01'));
    const me = (await call('GET', '/api/oauth/CurrentUser', undefined, token)).json().data;
    const shape = (nodes: MenuNode[]): unknown => nodes.map((n) => ({ enCode: n.enCode, children: shape(n.children) }));
    expect(shape(me.menuList)).toEqual([
      { enCode: 'parkingAdmin', children: [{ enCode: 'parkingList', children: [] }] },
      { enCode: 'FinancialManagement', children: [{ enCode: 'refund', children: [] }] },
    ]);
    expect([...me.permissionList].sort()).toEqual(['FinancialManagement', 'parkingAdmin', 'parkingList', 'refund']);
    expect((await call('GET', base, undefined, token)).statusCode).toBe(403);

    // narrowing the grant reaches the user at their next CurrentUser
    await call('PUT', `${base}/${inspectorId}/Menus`, { menuIds: ids('refund') });
    const narrowed = (await call('GET', '/api/oauth/CurrentUser', undefined, token)).json().data;
    expect(shape(narrowed.menuList)).toEqual([{ enCode: 'FinancialManagement', children: [{ enCode: 'refund', children: [] }] }]);
  });

  it("refuses another tenant's menus and malformed ids, and keeps the grant", async () => {
    const foreign = await call('PUT', `${base}/${inspectorId}/Menus`, { menuIds: [mwMenuId.get('user')!] });
    expect(foreign.json()).toMatchObject({ code: 400, msg: '所选菜单不存在' });
    const malformed = await call('PUT', `${base}/${inspectorId}/Menus`, { menuIds: ['user'] });
    expect(malformed.json()).toMatchObject({ code: 400, msg: '请求体 menuIds.0：菜单编号格式不正确' });
    const missing = await call('PUT', `${base}/${inspectorId}/Menus`, {});
    expect(missing.json().msg).toBe('请求体 menuIds：请选择菜单 menuIds');
    expect((await call('GET', `${base}/${inspectorId}`)).json().data.menuIds).toEqual(ids('FinancialManagement', 'refund').sort());
  });

  it('edits a role and logs before and after', async () => {
    const edited = await call('PUT', `${base}/${inspectorId}`, { name: '稽查主管', code: 'inspector-lead' });
    expect(edited.json()).toMatchObject({ msg: '修改成功', data: { name: '稽查主管', code: 'inspector-lead', description: '', userCount: 1 } });
    const log = (await call('GET', `/api/system/log?targetId=${inspectorId}&action=update`)).json().data.list[0];
    expect(log.before).toMatchObject({ name: '收费稽查', code: 'inspector' });
    expect(log.after).toMatchObject({ name: '稽查主管', code: 'inspector-lead' });
  });

  it('keeps the system role: no deleting, no empty name, no change to its menus', async () => {
    const removed = await call('DELETE', `${base}/${systemRoleId}`);
    expect(removed.json()).toMatchObject({ code: 400, msg: '「系统管理员」是系统角色，拥有全部菜单，不能删除' });
    const regrant = await call('PUT', `${base}/${systemRoleId}/Menus`, { menuIds: ids('user') });
    expect(regrant.json()).toMatchObject({ code: 400, msg: '「系统管理员」是系统角色，拥有全部菜单，不能修改其菜单权限' });
    const emptyName = await call('PUT', `${base}/${systemRoleId}`, { name: '  ', code: 'admin' });
    expect(emptyName.json()).toMatchObject({ code: 400, msg: '请求体 name：请输入角色名称' });
    const detail = (await call('GET', `${base}/${systemRoleId}`)).json().data;
    expect(detail).toMatchObject({ name: '系统管理员', isSystem: true });
    expect(detail.menuIds).toHaveLength(menuId.size);
  });

  it('refuses to delete a role users hold, and deletes it once nobody does', async () => {
    expect((await call('DELETE', `${base}/${inspectorId}`)).json()).toMatchObject({ code: 400, msg: '角色「稽查主管」下还有1个用户，不能删除' });
    await call('DELETE', `/api/system/Permission/Users/${clerkId}`);
    expect((await call('DELETE', `${base}/${inspectorId}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${base}/${inspectorId}`)).json()).toMatchObject({ code: 404, msg: '角色不存在或已删除' });
    const log = (await call('GET', `/api/system/log?targetId=${inspectorId}&action=delete`)).json().data.list[0];
    expect(log.before).toMatchObject({ name: '稽查主管', menuIds: ids('FinancialManagement', 'refund').sort() });
  });

  it('offers a selector to every signed-in user, of their own tenant only', async () => {
    const response = await call('GET', `${base}/Selector`, undefined, finance);
    expect(response.json().data.map((r: { code: string }) => r.code)).toEqual(['admin', 'finance']);
    expect(Object.keys(response.json().data[0]).sort()).toEqual(['code', 'id', 'name']);
    expect(response.json().data.some((r: { id: string }) => r.id === systemRoleId)).toBe(false);
  });

  it("answers 404 for another tenant's role and changes nothing", async () => {
    const before = (await call('GET', `${base}/${systemRoleId}`)).json().data;
    expect((await call('GET', `${base}/${systemRoleId}`, undefined, mwAdmin)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/${systemRoleId}`, { name: '被改', code: 'hacked' }, mwAdmin)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/${systemRoleId}/Menus`, { menuIds: [] }, mwAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${systemRoleId}`, undefined, mwAdmin)).statusCode).toBe(404);
    expect((await call('GET', `${base}/${systemRoleId}`)).json().data).toEqual(before);
  });

  it('is refused to a user without the 角色 page', async () => {
    expect((await call('GET', base, undefined, finance)).statusCode).toBe(403);
    const mwRoles = (await call('GET', base, undefined, mwAdmin)).json().data.list;
    const financeRole = mwRoles.find((r: { code: string }) => r.code === 'finance');
    const refused = await call('PUT', `${base}/${financeRole.id}/Menus`, { menuIds: [mwMenuId.get('user')] }, finance);
    expect(refused.statusCode).toBe(403);
    const after = (await call('GET', `${base}/${financeRole.id}`, undefined, mwAdmin)).json().data;
    expect(after.menuIds).not.toContain(mwMenuId.get('user'));
  });

  it('gives holders of 角色 without 菜单 the catalogue to grant from, and no more', async () => {
    const role = (await call('POST', base, { name: '授权专员', code: 'granter' })).json().data;
    await call('PUT', `${base}/${role.id}/Menus`, { menuIds: ids('role') });
    const created = await call('POST', '/api/system/Permission/Users', {
      account: 'granter',
      realName: '授权专员',
      password: md5Hex('Granter1'),
      roleIds: [role.id],
    });
    expect(created.json().code).toBe(200);
    const granter = await signIn(t.app, 'granter', 'demo', md5Hex('Granter1'));
    const catalogue = await call('GET', `${base}/MenuCatalogue`, undefined, granter);
    expect(catalogue.statusCode).toBe(200);
    expect(flatten(catalogue.json().data).map((m: MenuNode) => m.enCode)).toEqual(expect.arrayContaining(['system', 'user', 'menu', 'tenant']));
    expect((await call('GET', '/api/system/Permission/Menu', undefined, granter)).statusCode).toBe(403);
    expect((await call('GET', `${base}/MenuCatalogue`, undefined, finance)).statusCode).toBe(403);
  });
});
