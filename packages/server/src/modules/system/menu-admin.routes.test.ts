import { menuIconNames } from '@parking/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuCatalogue } from '../../db/seed/menu-catalogue.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';

interface MenuNode {
  id: string;
  parentId: string | null;
  fullName: string;
  enCode: string;
  icon: string;
  urlAddress: string;
  type: number;
  sortCode: number;
  enabled: boolean;
  children: MenuNode[];
}

let t: TestApp;
let admin: string;
let mwAdmin: string;
let finance: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  finance = await signIn(t.app, 'mwfinance', 'mw');
});
afterAll(() => t.close());

const base = '/api/system/Permission/Menu';
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const menus = async (token = admin) => flatten((await call('GET', base, undefined, token)).json().data);
const menuOf = async (enCode: string, token = admin) => (await menus(token)).find((m) => m.enCode === enCode)!;
const folder = (fields: object) => ({ fullName: '测试目录', icon: 'ToolOutlined', type: 1, ...fields });
const page = (fields: object) => ({ fullName: '测试页面', icon: 'ToolOutlined', type: 2, ...fields });
const currentUser = async (token: string) => (await call('GET', '/api/oauth/CurrentUser', undefined, token)).json().data;

describe('the menu tree', () => {
  it('answers every menu nested, with its enabled flag', async () => {
    const tree: MenuNode[] = (await call('GET', base)).json().data;
    expect(tree.map((m) => m.enCode)).toEqual(menuCatalogue.map((f) => f.enCode));
    const system = tree.find((m) => m.enCode === 'system')!;
    expect(system).toMatchObject({ fullName: '系统管理', type: 1, parentId: null, urlAddress: '', enabled: true });
    expect(system.children.map((m) => m.urlAddress)).toContain('system/menu');
    expect(system.children[0]).toMatchObject({ parentId: system.id, type: 2, children: [] });
    const user = await menuOf('user');
    expect((await call('GET', `${base}/${user.id}`)).json().data).toEqual({ ...user, children: undefined });
  });

  it('whitelists every icon the catalogue uses', () => {
    const used = menuCatalogue.flatMap((f) => [f.icon, ...f.pages.map(([, , icon]) => icon)]);
    expect(used.filter((icon) => !(menuIconNames as readonly string[]).includes(icon))).toEqual([]);
  });
});

describe('editing menus', () => {
  let folderId = '';
  let pageId = '';
  let subFolderId = '';

  it('adds a folder and a page under it, granted to the system role', async () => {
    const created = await call('POST', base, folder({ enCode: 'testFolder', sortCode: 90 }));
    expect(created.json()).toMatchObject({ code: 200, msg: '新增成功', data: { enCode: 'testFolder', type: 1, parentId: null, enabled: true } });
    folderId = created.json().data.id;
    const child = await call('POST', base, page({ parentId: folderId, enCode: 'testPage', urlAddress: 'testFolder/testPage' }));
    expect(child.json().data).toMatchObject({ parentId: folderId, urlAddress: 'testFolder/testPage', type: 2 });
    pageId = child.json().data.id;

    const roles = (await call('GET', '/api/system/Permission/Role')).json().data.list;
    const systemRole = (await call('GET', `/api/system/Permission/Role/${roles[0].id}`)).json().data;
    expect(systemRole.menuIds).toEqual(expect.arrayContaining([folderId, pageId]));
    const log = (await call('GET', `/api/system/log?targetId=${pageId}`)).json().data.list[0];
    expect(log).toMatchObject({ action: 'create', target: 'menu', summary: '新增菜单「测试页面」', after: { enCode: 'testPage', roleIds: [roles[0].id] } });
  });

  it.each([
    [folder({ enCode: 'x1', icon: 'EvilOutlined' }), '请求体 icon：图标只能从图标库中选择'],
    [folder({ enCode: '1abc' }), '请求体 enCode：菜单编码只能包含字母、数字和下划线，且以字母开头'],
    [folder({ enCode: 'x2', fullName: '' }), '请求体 fullName：请输入菜单名称'],
    [folder({ enCode: 'x3', type: 3 }), '请求体 type：菜单类型只能是 1（目录）或 2（页面）'],
    [page({ enCode: 'x4' }), '请求体 urlAddress：页面必须填写路由地址，如 system/user'],
    [page({ enCode: 'x5', urlAddress: 'a b' }), '请求体 urlAddress：路由地址只能包含字母、数字和 _ / -，如 system/user'],
    [folder({ enCode: 'x6', urlAddress: 'testFolder' }), '请求体 urlAddress：目录不能填写路由地址'],
    [folder({ enCode: 'x7', parentId: 'top' }), '请求体 parentId：上级菜单编号格式不正确'],
  ])('refuses %j: %s', async (body, msg) => {
    const before = (await menus()).length;
    const response = await call('POST', base, body);
    expect(response.json()).toMatchObject({ code: 400, msg });
    expect((await menus()).length).toBe(before);
  });

  it('refuses an enCode the tenant already uses with 409', async () => {
    const response = await call('POST', base, folder({ enCode: 'user' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe('菜单编码「user」已存在');
    expect((await call('PUT', `${base}/${pageId}`, page({ parentId: folderId, enCode: 'role', urlAddress: 'x/y' }))).statusCode).toBe(409);
  });

  it('hangs menus only under folders of the tenant, three levels at most', async () => {
    const underPage = await call('POST', base, page({ parentId: pageId, enCode: 'x8', urlAddress: 'a/b' }));
    expect(underPage.json()).toMatchObject({ code: 400, msg: '上级菜单「测试页面」是页面，页面下不能再有菜单' });
    const mwFolder = await menuOf('system', mwAdmin);
    const foreign = await call('POST', base, folder({ parentId: mwFolder.id, enCode: 'x9' }));
    expect(foreign.json()).toMatchObject({ code: 400, msg: '所选上级菜单不存在' });

    subFolderId = (await call('POST', base, folder({ parentId: folderId, enCode: 'testSub' }))).json().data.id;
    const third = await call('POST', base, page({ parentId: subFolderId, enCode: 'testDeep', urlAddress: 'testSub/testDeep' }));
    expect(third.json().code).toBe(200);
    const fourth = await call('POST', base, folder({ parentId: subFolderId, enCode: 'testDeeper' }));
    expect(fourth.json().code).toBe(200);
    const fifth = await call('POST', base, page({ parentId: fourth.json().data.id, enCode: 'x10', urlAddress: 'a/b' }));
    expect(fifth.json()).toMatchObject({ code: 400, msg: '菜单最多3级，放在这里会有4级' });
    await call('DELETE', `${base}/${fourth.json().data.id}`);

    // moving a three-level folder under another folder would make four
    const system = await menuOf('system');
    const moved = await call('PUT', `${base}/${folderId}`, folder({ parentId: system.id, enCode: 'testFolder' }));
    expect(moved.json()).toMatchObject({ code: 400, msg: '菜单最多3级，放在这里会有4级' });
  });

  it('never makes a menu its own ancestor, nor a page of a folder with children', async () => {
    const loop = await call('PUT', `${base}/${folderId}`, folder({ parentId: subFolderId, enCode: 'testFolder' }));
    expect(loop.json()).toMatchObject({ code: 400, msg: '上级菜单不能是本菜单或其下级菜单' });
    const toPage = await call('PUT', `${base}/${folderId}`, page({ enCode: 'testFolder', urlAddress: 'testFolder' }));
    expect(toPage.json()).toMatchObject({ code: 400, msg: '该菜单下还有下级菜单，不能改为页面' });
    expect((await call('GET', `${base}/${folderId}`)).json().data).toMatchObject({ parentId: null, type: 1 });
  });

  it("refuses renaming the enCode a route names as its permission, but lets the menu's name change", async () => {
    const userPage = await menuOf('user');
    const body = { parentId: userPage.parentId, fullName: '用户', enCode: 'staff', icon: userPage.icon, urlAddress: 'system/user', type: 2, sortCode: userPage.sortCode };
    const renamed = await call('PUT', `${base}/${userPage.id}`, body);
    expect(renamed.json()).toMatchObject({ code: 400, msg: '菜单编码「user」是接口权限的依据，改名会使持有该菜单的用户无法使用对应功能，不能修改' });
    expect((await menuOf('user')).enCode).toBe('user');
    const retitled = await call('PUT', `${base}/${userPage.id}`, { ...body, enCode: 'user', fullName: '员工账号' });
    expect(retitled.json()).toMatchObject({ code: 200, data: { fullName: '员工账号', enCode: 'user' } });
    await call('PUT', `${base}/${userPage.id}`, { ...body, enCode: 'user' });
  });

  it('edits a menu and logs before and after', async () => {
    const edited = await call(
      'PUT',
      `${base}/${pageId}`,
      page({
        parentId: folderId,
        fullName: '测试页面二',
        enCode: 'testPage2',
        icon: 'BugOutlined',
        urlAddress: 'testFolder/testPage2',
        sortCode: 5,
      }),
    );
    expect(edited.json()).toMatchObject({ msg: '修改成功', data: { fullName: '测试页面二', enCode: 'testPage2', icon: 'BugOutlined', sortCode: 5 } });
    const log = (await call('GET', `/api/system/log?targetId=${pageId}&action=update`)).json().data.list[0];
    expect(log.before).toMatchObject({ enCode: 'testPage', urlAddress: 'testFolder/testPage' });
    expect(log.after).toMatchObject({ enCode: 'testPage2', urlAddress: 'testFolder/testPage2' });
  });

  it('refuses to delete a menu with children; deleting a page takes back its grants', async () => {
    const refused = await call('DELETE', `${base}/${folderId}`);
    expect(refused.json()).toMatchObject({ code: 400, msg: '菜单「测试目录」下还有2个下级菜单，不能删除' });
    const roleId = (await call('GET', '/api/system/Permission/Role')).json().data.list[0].id;
    expect((await call('DELETE', `${base}/${pageId}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${base}/${pageId}`)).json()).toMatchObject({ code: 404, msg: '菜单不存在或已删除' });
    expect((await call('GET', `/api/system/Permission/Role/${roleId}`)).json().data.menuIds).not.toContain(pageId);
    const log = (await call('GET', `/api/system/log?targetId=${pageId}&action=delete`)).json().data.list[0];
    expect(log.before).toMatchObject({ enCode: 'testPage2', roleIds: [roleId] });
  });
});

describe('what users see', () => {
  it('takes a disabled menu out of CurrentUser at once, and keeps it in the editor', async () => {
    const refund = await menuOf('refund', mwAdmin);
    const { id, children: _children, ...fields } = refund;
    const pages = (me: { menuList: MenuNode[] }) => flatten(me.menuList).map((m) => m.enCode);
    expect(pages(await currentUser(finance))).toContain('refund');

    const disabled = await call('PUT', `${base}/${id}`, { ...fields, enabled: false }, mwAdmin);
    expect(disabled.json().data.enabled).toBe(false);
    const me = await currentUser(finance);
    expect(pages(me)).not.toContain('refund');
    expect(me.permissionList).not.toContain('refund');
    expect(pages(me)).toContain('revenueReport');
    expect((await menuOf('refund', mwAdmin)).enabled).toBe(false);

    await call('PUT', `${base}/${id}`, { ...fields, enabled: true }, mwAdmin);
    expect(pages(await currentUser(finance))).toContain('refund');
  });

  it('takes the pages of a disabled folder with it, menus and permissions alike', async () => {
    const folder = await menuOf('FinancialManagement', mwAdmin);
    const { id, children: _children, ...fields } = folder;
    await call('PUT', `${base}/${id}`, { ...fields, enabled: false }, mwAdmin);
    const me = await currentUser(finance);
    expect(me.menuList).toEqual([]);
    expect(me.permissionList).toEqual([]);
    await call('PUT', `${base}/${id}`, { ...fields, enabled: true }, mwAdmin);
    expect((await currentUser(finance)).menuList.map((m: MenuNode) => m.enCode)).toEqual(['FinancialManagement']);
  });
});

describe('other tenants and other users', () => {
  it("answers 404 for another tenant's menu and changes nothing", async () => {
    const user = await menuOf('user');
    const { id: _id, children: _children, ...fields } = user;
    expect((await call('GET', `${base}/${user.id}`, undefined, mwAdmin)).statusCode).toBe(404);
    const put = await call('PUT', `${base}/${user.id}`, { ...fields, parentId: null, fullName: '被改', type: 1, urlAddress: '' }, mwAdmin);
    expect(put.statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${user.id}`, undefined, mwAdmin)).statusCode).toBe(404);
    expect(await menuOf('user')).toEqual(user);
    expect((await menus(mwAdmin)).some((m) => m.id === user.id)).toBe(false);
  });

  it('is refused to a user without the 菜单 page', async () => {
    expect((await call('GET', base, undefined, finance)).statusCode).toBe(403);
    const refund = await menuOf('refund', mwAdmin);
    expect((await call('DELETE', `${base}/${refund.id}`, undefined, finance)).statusCode).toBe(403);
    expect((await menuOf('refund', mwAdmin)).id).toBe(refund.id);
  });
});
