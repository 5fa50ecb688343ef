import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../db/schema/index.js';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { seedTestMessagesInEveryTenant } from '../../test/test-messages.js';
import { recordOperation } from './operation-log.service.js';
import { md5Hex } from '../../shared/passwords.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  await seedTestMessagesInEveryTenant(t.database.db);
  admin = await signIn(t.app);
});
afterAll(() => t.close());

const lotInput = { type: 1, kind: 'lane', totalSpaces: 100 };
const createLot = async (token: string, name: string): Promise<{ id: string }> =>
  (await t.app.inject({ method: 'POST', url: '/api/system/Parking', headers: { authorization: token }, payload: { ...lotInput, name } })).json().data;

const logs = async (token: string, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/system/log${query}`, headers: { authorization: token } });
  return response;
};

describe('the operation log', () => {
  it('records a sign-in with who and from where', async () => {
    const response = await logs(admin, '?action=login');
    const entry = response.json().data.list[0];
    expect(entry).toMatchObject({ account: 'admin', module: 'auth', action: 'login', summary: '登录系统', ip: '127.0.0.1' });
  });

  it('records a deletion with the row as it was, in the same transaction', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/system/systemMessage?messageTypeList=5', headers: { authorization: admin } });
    const message = list.json().data.list[0];
    await t.app.inject({ method: 'DELETE', url: `/api/system/systemMessage/${message.id}`, headers: { authorization: admin } });
    const entry = (await logs(admin, `?action=delete&targetId=${message.id}`)).json().data.list[0];
    expect(entry).toMatchObject({ action: 'delete', target: 'systemMessage', summary: '删除系统消息「客户投诉」' });
    expect(entry.before).toMatchObject({ id: message.id, messageText: message.messageText });

    // a refused delete (another tenant's id) writes no entry
    const mw = await signIn(t.app, 'mwadmin', 'mw');
    const other = await t.app.inject({ method: 'GET', url: '/api/system/systemMessage?messageTypeList=4', headers: { authorization: admin } });
    const otherId = other.json().data.list[0].id;
    await t.app.inject({ method: 'DELETE', url: `/api/system/systemMessage/${otherId}`, headers: { authorization: mw } });
    expect((await logs(admin, `?targetId=${otherId}`)).json().data.pagination.total).toBe(0);
    expect((await logs(mw, `?targetId=${otherId}`)).json().data.pagination.total).toBe(0);
  });

  it('records a password change without the password', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: admin } });
    const id = me.json().data.userInfo.userId;
    const password = md5Hex('abc12345');
    const oldPassword = md5Hex('admin123');
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/system/Permission/Users/${id}/Actions/ResetPassword`,
      headers: { authorization: admin },
      payload: { id, oldPassword, userPassword: password, validatePassword: password },
    });
    expect(changed.json().code).toBe(200);
    const response = await logs(admin, `?target=user&targetId=${id}`);
    expect(response.json().data.list[0]).toMatchObject({ action: 'update', summary: '修改本人密码' });
    expect(response.body).not.toContain(password);
    expect(response.body).not.toContain(oldPassword);
  });

  it('searches by account, keyword and time, sorts, and pages', async () => {
    const byKeyword = (await logs(admin, `?keyword=${encodeURIComponent('密码')}`)).json().data;
    expect(byKeyword.list.every((l: { summary: string }) => l.summary.includes('密码'))).toBe(true);
    expect(byKeyword.pagination.total).toBeGreaterThan(0);
    // an hour past the newest entry, read from the log itself: its times are the database's
    const newest = (await logs(admin, '?sidx=createdAt&sort=desc&pageSize=1')).json().data.list[0].createdAt as string;
    const later = encodeURIComponent(new Date(Date.parse(newest) + 3_600_000).toISOString());
    expect((await logs(admin, `?startTime=${later}`)).json().data.pagination.total).toBe(0);
    const oldestFirst = (await logs(admin, '?sidx=createdAt&sort=asc&pageSize=1')).json().data;
    expect(oldestFirst.list[0].action).toBe('login');
    expect(oldestFirst.pagination.pageSize).toBe(1);
  });

  it('refuses bad filters with a Chinese msg', async () => {
    const bad = await logs(admin, '?action=explode');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('不支持的操作类型');
    expect((await logs(admin, '?startTime=yesterday')).json().msg).toContain('时间格式');
    expect((await logs(admin, '?secret=1')).statusCode).toBe(400);
  });

  it('is closed to a user without the 操作日志 page, and shows each tenant only its own', async () => {
    const finance = await signIn(t.app, 'mwfinance', 'mw');
    const refused = await logs(finance);
    expect(refused.statusCode).toBe(403);
    const mw = await signIn(t.app, 'mwadmin', 'mw');
    const mwLogs = (await logs(mw, '?pageSize=100')).json().data.list;
    expect(mwLogs.length).toBeGreaterThan(0);
    expect(mwLogs.every((l: { account: string }) => l.account.startsWith('mw'))).toBe(true);
  });

  it('names the objects an entry refers to, from the tenant alone, and a deleted one by what the entry logged', async () => {
    const mw = await signIn(t.app, 'mwadmin', 'mw');
    const demoLot = await createLot(admin, '科兴科学园');
    const mwLot = await createLot(mw, '美湾广场');
    const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
    const goneLot = '00000000-0000-4000-8000-000000000001';
    const cardId = '00000000-0000-4000-8000-000000000002';
    const actor = { tenantId: demo!.id, userId: null, account: 'admin', ip: '127.0.0.1', userAgent: 'test' };
    await recordOperation(t.database.db, actor, {
      module: 'marketing',
      action: 'update',
      target: 'groupCard',
      targetId: cardId,
      summary: '修改集团卡「JT-9」',
      before: { cardNo: 'JT-8', lotIds: [goneLot], lotNames: ['已拆除停车场'] },
      after: { cardNo: 'JT-9', lotIds: [demoLot.id, mwLot.id], monthlyQuota: 5 },
    });
    const entry = (await logs(admin, `?targetId=${cardId}`)).json().data.list[0];
    // the card itself is not in the database: named by the newest number it logged
    expect(entry.targetName).toBe('JT-9');
    expect(entry.names).toEqual({ [cardId]: 'JT-9', [goneLot]: '已拆除停车场', [demoLot.id]: '科兴科学园' });
    // another tenant's lot is never named, whatever id the entry holds
    expect(entry.names[mwLot.id]).toBeUndefined();
  });

  it('names a real change by its current names', async () => {
    const lot = await createLot(admin, '海岸城');
    const rulesUrl = `/api/system/Parking/${lot.id}/EventRules`;
    const rules = (await t.app.inject({ method: 'GET', url: rulesUrl, headers: { authorization: admin } })).json().data as { maxStayDays: number };
    const changed = await t.app.inject({ method: 'PUT', url: rulesUrl, headers: { authorization: admin }, payload: { ...rules, maxStayDays: rules.maxStayDays + 1 } });
    expect(changed.json().code).toBe(200);
    await t.app.inject({ method: 'PUT', url: `/api/system/Parking/${lot.id}`, headers: { authorization: admin }, payload: { ...lotInput, name: '海岸城二期' } });
    const entries = (await logs(admin, `?targetId=${lot.id}&module=parking`)).json().data.list;
    expect(entries.length).toBeGreaterThanOrEqual(2);
    // every entry of the lot carries its name as it is now
    for (const entry of entries) expect(entry).toMatchObject({ target: 'parkingLot', targetName: '海岸城二期', names: { [lot.id]: '海岸城二期' } });
  });

  it('exports what the search finds', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/system/log/Actions/Export?action=login', headers: { authorization: admin } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('时间');
    expect(sheet.rowCount).toBeGreaterThan(1);
    for (let r = 2; r <= sheet.rowCount; r++) {
      expect(sheet.getRow(r).getCell(3).value).toBe('登录认证');
      expect(sheet.getRow(r).getCell(4).value).toBe('登录');
      expect(sheet.getRow(r).getCell(5).value).toBe('会话');
    }
  });
});
