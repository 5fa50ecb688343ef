import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderWarningPaths } from '@parking/contract';
import { operationLogs, orderWarnings, parkingLots, parkingRecords, systemMessages, tenants, users } from '../../db/schema/index.js';
import { hashPassword, md5Hex } from '../auth/passwords.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';
import { raiseWarning } from './order-warning.service.js';

// the app's clock, fixed: a warning is handled at its time
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
let tokens: { admin: string; nobody: string; mwAdmin: string };
let tenantId: string;
let lotId: string;
let recordId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) => t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const withId = (path: string, id: string) => path.replace(':id', id);
const warningOf = async (id: string) => (await t.database.db.select().from(orderWarnings).where(eq(orderWarnings.id, id)))[0]!;
const raise = (plateNumber: string, kind: Parameters<typeof raiseWarning>[1]['kind'], record: string | null = null) =>
  raiseWarning(t.database.db, { tenantId, recordId: record, lotId, plateNumber, kind, detail: '路由测试' }).then((w) => w!);

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  tenantId = demo!.id;
  await t.database.db.insert(users).values({ tenantId, account: 'nobody', realName: '无权限用户', passwordHash: await hashPassword(md5Hex('admin123')) });
  tokens = { admin: await signIn(t.app), nobody: await signIn(t.app, 'nobody'), mwAdmin: await signIn(t.app, 'mwadmin', 'mw') };
  const [lot] = await t.database.db.insert(parkingLots).values({ tenantId, name: '预警路由停车场', type: 1, kind: 'lane' }).returning();
  lotId = lot!.id;
  const [record] = await t.database.db
    .insert(parkingRecords)
    .values({ tenantId, lotId, plateNumber: '粤W00001', enteredAt: new Date('2025-03-03T01:00:00Z') })
    .returning();
  recordId = record!.id;
});
afterAll(() => t.close());

describe('GET /api/system/OrderWarning', () => {
  it('lists one category at a time with lot names, filters by kind, plate, state and time, and exports', async () => {
    await raise('粤W00001', 'low_confidence', recordId);
    await raise('粤W00002', 'blacklist_entry');
    await raise('粤W00003', 'arrears_entry');
    const orders = (await call('GET', `${orderWarningPaths.list}?category=1`, tokens.admin)).json().data;
    expect(orders.list).toMatchObject([{ plateNumber: '粤W00001', kind: 'low_confidence', category: 1, lotName: '预警路由停车场', recordId, state: 'open', handledBy: null }]);
    const control = (await call('GET', `${orderWarningPaths.list}?category=2&sidx=plateNumber`, tokens.admin)).json().data;
    expect(control.list.map((w: { plateNumber: string }) => w.plateNumber)).toEqual(['粤W00002', '粤W00003']);
    expect((await call('GET', `${orderWarningPaths.list}?kind=arrears_entry&plateNumber=粤w`, tokens.admin)).json().data.pagination.total).toBe(1);
    expect((await call('GET', `${orderWarningPaths.list}?state=closed`, tokens.admin)).json().data.list).toEqual([]);
    expect((await call('GET', `${orderWarningPaths.list}?lotId=${lotId}&recordId=${recordId}`, tokens.admin)).json().data.pagination.total).toBe(1);
    const future = encodeURIComponent('2099-01-01T00:00:00+08:00');
    expect((await call('GET', `${orderWarningPaths.list}?createdFrom=${future}`, tokens.admin)).json().data.pagination.total).toBe(0);

    const exported = await call('GET', `${orderWarningPaths.export}?category=2&sidx=plateNumber`, tokens.admin);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const rows = await xlsxRows(exported);
    expect(rows[0]).toEqual(['车牌号', '停车场', '预警类别', '预警类型', '预警说明', '预警时间', '处理状态', '处理人', '处理时间', '处理说明']);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[6]])).toEqual([
      ['粤W00002', '车辆布控', '黑名单车辆入场', '未处理'],
      ['粤W00003', '车辆布控', '欠费车辆入场', '未处理'],
    ]);
  });

  it('refuses a bad filter with 400 and a Chinese message', async () => {
    const cases: [string, string][] = [
      ['category=3', '预警类别只能是 1（订单异常）或 2（车辆布控）'],
      ['kind=speeding', '预警类型只能是'],
      ['state=done', '处理状态只能是'],
      ['lotId=abc', '停车场编号格式不正确'],
      ['category=1&kind=blacklist_entry', '预警类型「黑名单车辆入场」不属于订单异常'],
      [`createdFrom=${encodeURIComponent('2025-03-03T00:00:00+08:00')}&createdTo=${encodeURIComponent('2025-03-01T00:00:00+08:00')}`, '预警结束时间不能早于开始时间'],
      ['colour=red', ''],
    ];
    for (const [query, msg] of cases) {
      const response = await call('GET', `${orderWarningPaths.list}?${query}`, tokens.admin);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().msg, query).toContain(msg);
    }
  });
});

describe('POST /api/system/OrderWarning/:id/Actions/Handle', () => {
  it('closes the warning with a required remark, marks its message handled, and refuses a second close', async () => {
    const warning = await raise('粤W00010', 'duplicate_entry', recordId);
    const url = withId(orderWarningPaths.handle, warning.id);
    const empty = await call('POST', url, tokens.admin, { remark: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('请填写处理说明');
    expect((await call('POST', url, tokens.admin, {})).json().msg).toContain('请填写处理说明');
    expect((await call('POST', url, tokens.admin, { remark: 'x'.repeat(256) })).json().msg).toContain('处理说明最长255个字');
    expect((await warningOf(warning.id)).state).toBe('open');

    const handled = await call('POST', url, tokens.admin, { remark: '已联系车主' });
    expect(handled.json()).toMatchObject({ code: 200, msg: '处理成功', data: { state: 'closed', remark: '已联系车主', handledByName: '系统管理员' } });
    const [message] = await t.database.db.select().from(systemMessages).where(eq(systemMessages.businessId, warning.id));
    expect(message).toMatchObject({ messageType: 1, status: 1 });
    expect(await t.database.db.select().from(operationLogs).where(eq(operationLogs.targetId, warning.id))).toMatchObject([{ module: 'orders', action: 'update' }]);

    const again = await call('POST', url, tokens.admin, { remark: '再次处理' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 409, msg: '该预警已处理，不能重复处理' });
    expect((await warningOf(warning.id)).remark).toBe('已联系车主');
    const detail = (await call('GET', withId(orderWarningPaths.item, warning.id), tokens.admin)).json().data;
    expect(detail).toMatchObject({ id: warning.id, state: 'closed', remark: '已联系车主' });
  });
});

describe('who may', () => {
  it('refuses users without the page with 403 and another tenant with 404, changing nothing', async () => {
    const warning = await raise('粤W00020', 'long_stay', recordId);
    const writes: [Method, string, object | undefined][] = [['POST', withId(orderWarningPaths.handle, warning.id), { remark: '入侵处理' }]];
    const reads = [orderWarningPaths.list, orderWarningPaths.export, withId(orderWarningPaths.item, warning.id)];
    for (const url of reads) expect((await call('GET', url, tokens.nobody)).statusCode, url).toBe(403);
    for (const [method, url, body] of writes) expect((await call(method, url, tokens.nobody, body)).statusCode, url).toBe(403);

    expect((await call('GET', withId(orderWarningPaths.item, warning.id), tokens.mwAdmin)).statusCode).toBe(404);
    for (const [method, url, body] of writes) {
      const response = await call(method, url, tokens.mwAdmin, body);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().msg).toMatch(/不存在/);
    }
    const theirs = await call('GET', `${orderWarningPaths.list}?pageSize=1000`, tokens.mwAdmin);
    expect(theirs.json().data.list).toEqual([]);
    expect(theirs.body).not.toContain('粤W00020');
    expect(await warningOf(warning.id)).toMatchObject({ state: 'open', remark: '' });
  });
});
