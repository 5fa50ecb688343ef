import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { md5Hex } from '../../shared/passwords.js';

interface Node {
  id: string;
  parentId: string | null;
  name: string;
  code: string;
  sortCode: number;
  children: Node[];
}

let t: TestApp;
let admin: string;
let mwAdmin: string;
let hqId: string;
let mwHqId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  hqId = (await tree()).at(0)!.id;
  mwHqId = (await tree(mwAdmin)).at(0)!.id;
});
afterAll(() => t.close());

const base = '/api/system/Permission/Organize';
function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}
async function tree(token = admin): Promise<Node[]> {
  return (await call('GET', base, undefined, token)).json().data;
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('the organization tree', () => {
  let opsId = '';
  let teamId = '';

  it('answers the seeded organization as the one root', async () => {
    const response = await call('GET', base);
    expect(response.json()).toMatchObject({ code: 200, data: [{ name: '演示停车运营有限公司', code: 'demo-hq', parentId: null, children: [] }] });
  });

  it('adds organizations under a parent and nests them', async () => {
    const ops = await call('POST', base, { parentId: hqId, name: '运营一部', code: 'ops-1', sortCode: 2 });
    expect(ops.json()).toMatchObject({ code: 200, msg: '新增成功', data: { parentId: hqId, name: '运营一部', code: 'ops-1', sortCode: 2 } });
    opsId = ops.json().data.id;
    await call('POST', base, { parentId: hqId, name: '财务部', code: 'fin', sortCode: 1 });
    teamId = (await call('POST', base, { parentId: opsId, name: '夜班组', code: 'ops-1-night' })).json().data.id;

    const root = (await tree())[0]!;
    expect(root.children.map((c) => c.name)).toEqual(['财务部', '运营一部']);
    expect(root.children[1]!.children).toMatchObject([{ id: teamId, name: '夜班组', children: [] }]);
    expect((await call('GET', `${base}/${teamId}`)).json().data).toEqual({ id: teamId, parentId: opsId, name: '夜班组', code: 'ops-1-night', sortCode: 0 });
  });

  it('refuses bad input with a message naming the rule, and writes nothing', async () => {
    const count = flatten(await tree()).length;
    const noName = await call('POST', base, { parentId: hqId, name: ' ', code: 'x1' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().msg).toBe('请求体 name：请输入组织名称');
    const badCode = await call('POST', base, { name: '坏编码', code: '运营 1' });
    expect(badCode.json().msg).toBe('请求体 code：组织编码只能包含字母、数字、下划线和短横线');
    const badParent = await call('POST', base, { parentId: 'hq', name: '坏上级', code: 'x2' });
    expect(badParent.json().msg).toBe('请求体 parentId：上级组织编号格式不正确');
    const noParent = await call('POST', base, { parentId: '00000000-0000-4000-8000-000000000000', name: '无上级', code: 'x3' });
    expect(noParent.json()).toMatchObject({ code: 400, msg: '所选上级组织不存在' });
    expect(flatten(await tree()).length).toBe(count);
  });

  it('refuses a code the tenant already uses with 409, but not one another tenant uses', async () => {
    const taken = await call('POST', base, { name: '重复', code: 'ops-1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('组织编码「ops-1」已存在');
    const renamed = await call('PUT', `${base}/${teamId}`, { parentId: opsId, name: '夜班组', code: 'demo-hq' });
    expect(renamed.statusCode).toBe(409);
    const elsewhere = await call('POST', base, { name: '明湾一部', code: 'ops-1' }, mwAdmin);
    expect(elsewhere.json().code).toBe(200);
  });

  it('never makes an organization its own ancestor', async () => {
    const underChild = await call('PUT', `${base}/${opsId}`, { parentId: teamId, name: '运营一部', code: 'ops-1' });
    expect(underChild.json()).toMatchObject({ code: 400, msg: '上级组织不能是本组织或其下级组织' });
    const underSelf = await call('PUT', `${base}/${opsId}`, { parentId: opsId, name: '运营一部', code: 'ops-1' });
    expect(underSelf.json().msg).toBe('上级组织不能是本组织或其下级组织');
    const foreignParent = await call('PUT', `${base}/${opsId}`, { parentId: mwHqId, name: '运营一部', code: 'ops-1' });
    expect(foreignParent.json().msg).toBe('所选上级组织不存在');
    expect((await call('GET', `${base}/${opsId}`)).json().data.parentId).toBe(hqId);
  });

  it('edits an organization, moving it, and logs before and after', async () => {
    const moved = await call('PUT', `${base}/${teamId}`, { parentId: hqId, name: '夜间运营组', code: 'night' });
    expect(moved.json()).toMatchObject({ msg: '修改成功', data: { parentId: hqId, name: '夜间运营组', code: 'night' } });
    const log = (await call('GET', `/api/system/log?targetId=${teamId}&action=update`)).json().data.list[0];
    expect(log).toMatchObject({ target: 'organization', summary: '修改组织「夜间运营组」' });
    expect(log.before).toMatchObject({ parentId: opsId, name: '夜班组', code: 'ops-1-night' });
    expect(log.after).toMatchObject({ parentId: hqId, name: '夜间运营组', code: 'night' });
    const created = (await call('GET', `/api/system/log?targetId=${teamId}&action=create`)).json().data.list[0];
    expect(created.after).toMatchObject({ name: '夜班组' });
  });

  it('refuses to delete an organization with children, users or positions', async () => {
    const withChildren = await call('DELETE', `${base}/${hqId}`);
    expect(withChildren.json()).toMatchObject({ code: 400, msg: '组织「演示停车运营有限公司」下还有3个下级组织，不能删除' });

    const user = await call('POST', '/api/system/Permission/Users', {
      account: 'night01',
      realName: '夜班小李',
      password: md5Hex('Night01'),
      organizationId: teamId,
    });
    expect(user.json().code).toBe(200);
    expect((await call('DELETE', `${base}/${teamId}`)).json().msg).toBe('组织「夜间运营组」下还有1个用户，不能删除');
    await call('DELETE', `/api/system/Permission/Users/${user.json().data.id}`);

    const position = await call('POST', '/api/system/Permission/Position', { organizationId: teamId, name: '夜班员', code: 'night-staff' });
    expect((await call('DELETE', `${base}/${teamId}`)).json().msg).toBe('组织「夜间运营组」下还有1个岗位，不能删除');
    await call('DELETE', `/api/system/Permission/Position/${position.json().data.id}`);
  });

  it('deletes a leaf organization and logs it', async () => {
    expect((await call('DELETE', `${base}/${teamId}`)).json()).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${base}/${teamId}`)).json()).toMatchObject({ code: 404, msg: '组织不存在或已删除' });
    const log = (await call('GET', `/api/system/log?targetId=${teamId}&action=delete`)).json().data.list[0];
    expect(log.before).toMatchObject({ name: '夜间运营组', code: 'night' });
  });

  it("answers 404 for another tenant's organization and changes nothing", async () => {
    const before = await tree();
    expect((await call('GET', `${base}/${hqId}`, undefined, mwAdmin)).statusCode).toBe(404);
    expect((await call('PUT', `${base}/${opsId}`, { name: '被改', code: 'hacked' }, mwAdmin)).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${opsId}`, undefined, mwAdmin)).statusCode).toBe(404);
    const mwTree = flatten(await tree(mwAdmin));
    expect(mwTree.some((o) => o.id === hqId || o.id === opsId)).toBe(false);
    expect(await tree()).toEqual(before);
    expect((await call('GET', `/api/system/log?targetId=${opsId}`, undefined, mwAdmin)).json().data.pagination.total).toBe(0);
  });

  it('is refused to a user without the 组织 page', async () => {
    const finance = await signIn(t.app, 'mwfinance', 'mw');
    expect((await call('GET', base, undefined, finance)).statusCode).toBe(403);
    const refused = await call('POST', base, { name: '越权', code: 'sneak' }, finance);
    expect(refused.json()).toMatchObject({ code: 403, msg: '没有权限访问该功能' });
    expect(flatten(await tree(mwAdmin)).some((o) => o.code === 'sneak')).toBe(false);
  });
});
