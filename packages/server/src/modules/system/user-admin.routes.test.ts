import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, postLogin, signIn, type TestApp } from '../../test/test-app.js';
import { md5Hex } from '../../shared/passwords.js';

let t: TestApp;
let admin: string;
let adminId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
  adminId = (await call('GET', '/api/oauth/CurrentUser')).json().data.userInfo.userId;
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

const base = '/api/system/Permission/Users';
const positionsAndRoles = async () => {
  const me = (await call('GET', `${base}/${adminId}`)).json().data;
  return { positionId: me.positions[0].id as string, roleId: me.roles[0].id as string, organizationId: me.organizationId as string };
};

describe('staff accounts', () => {
  let operatorId = '';

  it('creates a user with positions and roles, who can then sign in', async () => {
    const { positionId, roleId, organizationId } = await positionsAndRoles();
    const response = await call('POST', base, {
      account: 'op01',
      realName: '运维小王',
      password: md5Hex('Op0001'),
      mobile: '13912345678',
      email: 'wang@park.cn',
      organizationId,
      positionIds: [positionId],
      roleIds: [roleId],
    });
    expect(response.json()).toMatchObject({ code: 200, msg: '新增成功', data: { account: 'op01', status: 1, isAdministrator: false } });
    operatorId = response.json().data.id;
    expect(response.json().data.positions).toEqual([{ id: positionId, name: '运营经理' }]);
    expect(response.json().data.organizationName).toBe('演示停车运营有限公司');
    expect((await postLogin(t.app, { account: 'op01', password: md5Hex('Op0001') })).json().code).toBe(200);
  });

  it('refuses a taken account (any letter case), a bad phone and a foreign role', async () => {
    const taken = await call('POST', base, { account: 'OP01', realName: '重复', password: md5Hex('Op0001') });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('账号「OP01」已存在');
    const phone = await call('POST', base, { account: 'op02', realName: '手机错', password: md5Hex('Op0001'), mobile: '12345' });
    expect(phone.json().msg).toContain('请输入正确的电话号码');
    const mw = await signIn(t.app, 'mwadmin', 'mw');
    const mwMe = (await t.app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: mw } })).json().data;
    const foreign = await call('POST', base, { account: 'op03', realName: '跨租户', password: md5Hex('Op0001'), roleIds: [mwMe.userInfo.roleIds[0].id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().msg).toBe('所选角色不存在');
    expect((await call('GET', `${base}?account=op0`)).json().data.pagination.total).toBe(1);
  });

  it('lists with filters and pages', async () => {
    const byName = (await call('GET', `${base}?realName=${encodeURIComponent('运维')}`)).json().data;
    expect(byName.list.map((u: { account: string }) => u.account)).toEqual(['op01']);
    const { positionId } = await positionsAndRoles();
    const byPosition = (await call('GET', `${base}?positionId=${positionId}&sidx=account&sort=asc`)).json().data;
    expect(byPosition.list.map((u: { account: string }) => u.account)).toEqual(['admin', 'op01']);
    expect((await call('GET', `${base}?status=0`)).json().data.pagination.total).toBe(0);
    expect((await call('GET', `${base}?foo=1`)).statusCode).toBe(400);
  });

  it('disabling a user ends their open session at once (601)', async () => {
    const token = await signIn(t.app, 'op01', 'demo', md5Hex('Op0001'));
    const disabled = await call('POST', `${base}/updateStatus/${operatorId}/0`);
    // the sign-in of the first test and this one
    expect(disabled.json()).toMatchObject({ msg: '已停用', data: { status: 0, endedSessions: 2 } });
    const after = await t.app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: token } });
    expect(after.json().code).toBe(601);
    expect((await call('POST', `${base}/updateStatus/${operatorId}/1`)).json().msg).toBe('已启用');
    expect((await call('POST', `${base}/updateStatus/${operatorId}/2`)).statusCode).toBe(400);
  });

  it('edits a user and logs before and after', async () => {
    const response = await call('PUT', `${base}/${operatorId}`, { account: 'op01', realName: '运维老王', mobile: '', email: '' });
    expect(response.json().data).toMatchObject({ realName: '运维老王', positions: [], roles: [] });
    const log = (await call('GET', `/api/system/log?targetId=${operatorId}&action=update&pageSize=1`)).json().data.list[0];
    expect(log.before).toMatchObject({ realName: '运维小王' });
    expect(log.after).toMatchObject({ realName: '运维老王' });
  });

  it('never lets the tenant lose its last administrator or the user remove themself', async () => {
    expect((await call('DELETE', `${base}/${adminId}`)).json().msg).toBe('不能删除当前登录的账号');
    expect((await call('POST', `${base}/updateStatus/${adminId}/0`)).json().msg).toBe('不能停用当前登录的账号');
    const { roleId } = await positionsAndRoles();
    const demoteSelf = await call('PUT', `${base}/${adminId}`, { account: 'admin', realName: '系统管理员', isAdministrator: false, roleIds: [roleId] });
    expect(demoteSelf.json().msg).toBe('不能停用、降级或删除最后一个管理员');
    expect((await call('GET', `${base}/${adminId}`)).json().data.isAdministrator).toBe(true);
  });

  it('deletes a user, who can no longer sign in', async () => {
    expect((await call('DELETE', `${base}/${operatorId}`)).json().msg).toBe('删除成功');
    expect((await postLogin(t.app, { account: 'op01', password: md5Hex('Op0001') })).json().code).toBe(400);
    expect((await call('GET', `${base}/${operatorId}`)).statusCode).toBe(404);
  });

  it('offers a selector of enabled users to every signed-in user of the tenant', async () => {
    const finance = await signIn(t.app, 'mwfinance', 'mw');
    const response = await call('GET', `${base}/Selector`, undefined, finance);
    expect(
      response
        .json()
        .data.map((u: { account: string }) => u.account)
        .sort(),
    ).toEqual(['mwadmin', 'mwfinance']);
    expect(Object.keys(response.json().data[0]).sort()).toEqual(['account', 'id', 'realName']);
  });

  it('exports the filtered users, their phones masked as the list shows them', async () => {
    const response = await call('GET', `${base}/Actions/Export?account=admin`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('账号');
    expect(sheet.getRow(2).getCell(1).value).toBe('admin');
    expect(sheet.rowCount).toBe(2);

    await call('POST', base, { account: 'phone01', realName: '号码', password: md5Hex('Op0001'), mobile: '13800138000' });
    const withPhone = new ExcelJS.Workbook();
    await withPhone.xlsx.load((await call('GET', `${base}/Actions/Export?account=phone01`)).rawPayload as unknown as ArrayBuffer);
    const phoneSheet = withPhone.worksheets[0]!;
    expect(phoneSheet.getRow(1).getCell(3).value).toBe('手机号');
    expect(phoneSheet.getRow(2).getCell(3).value).toBe('138****8000');
    // the user's own answer (what the edit form opens with) keeps the whole number
    const listed = (await call('GET', `${base}?keyword=phone01`)).json().data.list[0];
    expect(listed.mobile).toBe('13800138000');
  });
});
