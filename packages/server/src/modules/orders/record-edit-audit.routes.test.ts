import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingRecordPaths, recordEditAuditPaths } from '@parking/contract';
import { parkingLots, parkingRecords, recordEditRequests, systemMessages, tenants } from '../../db/schema/index.js';
import { md5Hex } from '../auth/passwords.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';

// the app's clock, fixed: new times are refused when later than it
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
let tokens: { admin: string; auditor: string; recordsOnly: string; nobody: string; mwAdmin: string };
let tenantId: string;
let lotId: string;
let sequence = 0;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string, payload?: object) => t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const withId = (path: string, id: string) => path.replace(':id', id);
const newRecord = async (amountDue = 1000, plateNumber = `粤E${String(++sequence).padStart(5, '0')}`) => {
  const [row] = await t.database.db
    .insert(parkingRecords)
    .values({
      tenantId,
      lotId,
      plateNumber,
      state: 'awaiting_payment',
      amountDue,
      unpaid: amountDue,
      enteredAt: new Date('2025-03-03T08:00:00+08:00'),
      exitedAt: new Date('2025-03-03T09:00:00+08:00'),
    })
    .returning();
  return row!;
};
const recordOf = async (id: string) => (await t.database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id)))[0]!;
const requestsOf = (recordId: string) => t.database.db.select().from(recordEditRequests).where(eq(recordEditRequests.recordId, recordId));
const ask = (body: object, token = tokens.admin) => call('POST', recordEditAuditPaths.list, token, body);

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  tenantId = demo!.id;
  const admin = await signIn(t.app);
  const menus = (await call('GET', '/api/system/Permission/Menu', admin)).json().data as { enCode: string; id: string; children: { enCode: string; id: string }[] }[];
  const page = (enCode: string) => menus.flatMap((m) => m.children).find((m) => m.enCode === enCode)!.id;
  const roleWith = async (code: string, menuIds: string[]) => {
    const role = (await call('POST', '/api/system/Permission/Role', admin, { name: code, code })).json().data;
    await call('PUT', `/api/system/Permission/Role/${role.id}/Menus`, admin, { menuIds });
    return role.id as string;
  };
  const userWith = async (account: string, roleIds: string[]) => {
    await call('POST', '/api/system/Permission/Users', admin, { account, realName: account, password: md5Hex('x1y2z3'), roleIds });
    return signIn(t.app, account, 'demo', md5Hex('x1y2z3'));
  };
  const auditRole = await roleWith('editAudit', [page('parkingOrderEditAudit'), page('ParkingRecordOrder')]);
  const recordsRole = await roleWith('recordsOnly', [page('ParkingRecordOrder')]);
  tokens = {
    admin,
    auditor: await userWith('auditor2', [auditRole]),
    recordsOnly: await userWith('recorder', [recordsRole]),
    nobody: await userWith('nobody2', []),
    mwAdmin: await signIn(t.app, 'mwadmin', 'mw'),
  };
  const [lot] = await t.database.db.insert(parkingLots).values({ tenantId, name: '审核路由停车场', type: 1, kind: 'lane' }).returning();
  lotId = lot!.id;
});
afterAll(() => t.close());

describe('POST /api/system/RecordEditAudit', () => {
  it('lets a holder of 停车记录 ask, another user approve, and shows the request on the record detail', async () => {
    const record = await newRecord(1000);
    const asked = await ask({ kind: 'amount', recordId: record.id, amountDue: 600, reason: '协商减免' }, tokens.recordsOnly);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ code: 200, msg: '修改申请已提交，等待审核', data: { kind: 'amount', status: 'requested', requestedByName: 'recorder', lotName: '审核路由停车场' } });
    const edit = asked.json().data;
    // the 停车记录 page lets one ask, not decide nor list
    expect((await call('POST', withId(recordEditAuditPaths.approve, edit.id), tokens.recordsOnly, {})).statusCode).toBe(403);
    expect((await call('GET', recordEditAuditPaths.list, tokens.recordsOnly)).statusCode).toBe(403);

    const detail = (await call('GET', withId(parkingRecordPaths.item, record.id), tokens.recordsOnly)).json().data;
    expect(detail.edits).toEqual([expect.objectContaining({ id: edit.id, status: 'requested', requested: { amountDue: 600, suggestedAmountDue: null } })]);

    const approved = await call('POST', withId(recordEditAuditPaths.approve, edit.id), tokens.auditor, { remark: '核实无误' });
    expect(approved.json()).toMatchObject({
      code: 200,
      msg: '已通过，停车记录已修改',
      data: { status: 'approved', decisionRemark: '核实无误', before: { amountDue: 1000 }, after: { amountDue: 600, unpaid: 600 } },
    });
    expect(await recordOf(record.id)).toMatchObject({ amountDue: 600, unpaid: 600 });
    const again = await call('POST', withId(recordEditAuditPaths.reject, edit.id), tokens.admin, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该修改申请已审核，不能重复审核');
    const message = (await t.database.db.select().from(systemMessages).where(eq(systemMessages.businessId, edit.id)))[0]!;
    expect(message).toMatchObject({ messageType: 4, status: 1 });
  });

  it('refuses the requester deciding, and a second open request', async () => {
    const record = await newRecord(800);
    const edit = (await ask({ kind: 'void', recordId: record.id, reason: '重复记录' })).json().data;
    const self = await call('POST', withId(recordEditAuditPaths.approve, edit.id), tokens.admin, {});
    expect(self.statusCode).toBe(400);
    expect(self.json().msg).toBe('不能审核自己提交的修改申请，请由其他人审核');
    const second = await ask({ kind: 'plate', recordId: record.id, plateNumber: '粤B12345', reason: '识别错误' }, tokens.auditor);
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe('该停车记录已有待审核的修改申请，请等审核后再申请');
    expect(await requestsOf(record.id)).toHaveLength(1);
    expect(await recordOf(record.id)).toMatchObject({ state: 'awaiting_payment', amountDue: 800 });
  });

  it('refuses bad input with 400 and a Chinese message, writing nothing', async () => {
    const record = await newRecord(500);
    const cases: [object, string][] = [
      [{ kind: 'amount', recordId: record.id, amountDue: 100 }, '请填写修改原因'],
      [{ kind: 'amount', recordId: record.id, amountDue: -1, reason: '减免' }, '新的应收金额不能为负数'],
      [{ kind: 'amount', recordId: record.id, amountDue: 1.5, reason: '减免' }, '新的应收金额必须是整数（分）'],
      [{ kind: 'rename', recordId: record.id, reason: '改名' }, '修改类型只能是'],
      [{ kind: 'plate', recordId: record.id, plateNumber: '12345', reason: '识别错误' }, '请输入正确的车牌号'],
      [{ kind: 'plate', recordId: 'not-a-uuid', plateNumber: '粤B12345', reason: '识别错误' }, '停车记录编号格式不正确'],
      [{ kind: 'times', recordId: record.id, enteredAt: '2025-03-03T10:00:00+08:00', exitedAt: '2025-03-03T09:00:00+08:00', reason: '时间有误' }, '出场时间不能早于入场时间'],
      [{ kind: 'times', recordId: record.id, enteredAt: '2999-03-03T10:00:00+08:00', reason: '时间有误' }, '入场时间（2999-03-03）不能晚于2099-12-31'],
      // later than now (the request's clock): the service's check, the schema cannot know now
      [{ kind: 'times', recordId: record.id, enteredAt: '2098-03-03T10:00:00+08:00', reason: '时间有误' }, '入场时间不能晚于当前时间'],
      // a correction to the year 1500 would price five centuries: refused before anything is read
      [{ kind: 'times', recordId: record.id, enteredAt: '1500-03-03T10:00:00+08:00', exitedAt: '2025-03-03T10:00:00+08:00', reason: '时间有误' }, '入场时间（1500-03-03）不能早于2000-01-01'],
      [{ kind: 'times', recordId: record.id, enteredAt: '0001-03-03T10:00:00+08:00', reason: '时间有误' }, '入场时间（0001-03-03）不能早于2000-01-01'],
      [{ kind: 'void', recordId: record.id, reason: '作废', extra: 1 }, ''],
    ];
    for (const [body, msg] of cases) {
      const response = await ask(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().msg).toContain(msg);
      expect(response.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await requestsOf(record.id)).toHaveLength(0);
    const bad = await call('POST', withId(recordEditAuditPaths.approve, 'abc'), tokens.auditor, {});
    expect(bad.json()).toMatchObject({ code: 400, msg: expect.stringContaining('订单修改申请编号格式不正确') });
    const long = await call('POST', withId(recordEditAuditPaths.reject, '00000000-0000-4000-8000-000000000000'), tokens.auditor, { remark: 'x'.repeat(256) });
    expect(long.json().msg).toContain('审核意见最长255个字');
  });
});

describe('GET /api/system/RecordEditAudit', () => {
  it('filters by status, kind, plate prefix and lot, and exports readable rows', async () => {
    const first = await newRecord(1000, '粤ZLIST1');
    const second = await newRecord(2000, '粤ZLIST2');
    const amount = (await ask({ kind: 'amount', recordId: first.id, amountDue: 1234, reason: '补收' })).json().data;
    await call('POST', withId(recordEditAuditPaths.approve, amount.id), tokens.auditor, { remark: '同意' });
    const plate = (await ask({ kind: 'plate', recordId: second.id, plateNumber: '粤B54321', plateColour: 2, reason: '识别错误' })).json().data;

    const list = async (query: string) => (await call('GET', `${recordEditAuditPaths.list}?${query}`, tokens.auditor)).json().data;
    expect((await list('plateNumber=粤zlist')).pagination.total).toBe(2);
    expect((await list('plateNumber=粤zlist&status=requested')).list.map((r: { id: string }) => r.id)).toEqual([plate.id]);
    expect((await list('plateNumber=粤zlist&kind=amount')).list.map((r: { id: string }) => r.id)).toEqual([amount.id]);
    expect((await list(`lotId=${lotId}&plateNumber=粤ZLIST`)).pagination.total).toBe(2);
    const future = encodeURIComponent('2099-01-01T00:00:00+08:00');
    expect((await list(`plateNumber=粤ZLIST&createdFrom=${future}`)).pagination.total).toBe(0);
    const backwards = await call('GET', `${recordEditAuditPaths.list}?createdFrom=${future}&createdTo=${encodeURIComponent('2020-01-01T00:00:00+08:00')}`, tokens.auditor);
    expect(backwards.json()).toMatchObject({ code: 400, msg: expect.stringContaining('申请结束时间不能早于开始时间') });
    expect((await call('GET', `${recordEditAuditPaths.list}?status=done`, tokens.auditor)).statusCode).toBe(400);
    expect((await call('GET', `${recordEditAuditPaths.list}?colour=red`, tokens.auditor)).statusCode).toBe(400);

    const item = (await call('GET', withId(recordEditAuditPaths.item, amount.id), tokens.auditor)).json().data;
    expect(item).toMatchObject({ id: amount.id, status: 'approved', decidedByName: 'auditor2', before: { amountDue: 1000 }, after: { amountDue: 1234, unpaid: 1234 } });

    const exported = await call('GET', `${recordEditAuditPaths.export}?plateNumber=粤ZLIST&sidx=createdAt&sort=asc`, tokens.auditor);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const rows = await xlsxRows(exported);
    expect(rows[0]!.slice(0, 8)).toEqual(['车牌号', '车牌颜色', '停车场', '修改类型', '申请内容', '修改原因', '状态', '申请人']);
    expect(rows.slice(1).map((r) => [r[0], r[3], r[4], r[6]])).toEqual([
      ['粤ZLIST1', '修改应收金额', '应收金额改为 12.34 元', '已通过'],
      ['粤ZLIST2', '修改车牌', '车牌改为 粤B54321', '待审核'],
    ]);
    expect(rows[1]![13]).toBe('应收10.00 优惠0.00 已付0.00 欠费10.00');
    expect(rows[1]![15]).toBe('应收12.34 优惠0.00 已付0.00 欠费12.34');
  });
});

describe('who may', () => {
  it('refuses users without the pages with 403 and another tenant with 404, changing nothing', async () => {
    const record = await newRecord(700);
    const edit = (await ask({ kind: 'amount', recordId: record.id, amountDue: 100, reason: '减免' })).json().data;
    const writes: [string, object][] = [
      [recordEditAuditPaths.list, { kind: 'void', recordId: record.id, reason: '入侵' }],
      [withId(recordEditAuditPaths.approve, edit.id), {}],
      [withId(recordEditAuditPaths.reject, edit.id), {}],
    ];
    const reads = [recordEditAuditPaths.list, recordEditAuditPaths.export, withId(recordEditAuditPaths.item, edit.id)];
    for (const url of reads) expect((await call('GET', url, tokens.nobody)).statusCode, url).toBe(403);
    for (const [url, body] of writes) expect((await call('POST', url, tokens.nobody, body)).statusCode, url).toBe(403);

    expect((await call('GET', withId(recordEditAuditPaths.item, edit.id), tokens.mwAdmin)).statusCode).toBe(404);
    for (const [url, body] of writes) {
      const response = await call('POST', url, tokens.mwAdmin, body);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().msg).toMatch(/不存在/);
    }
    expect((await call('GET', `${recordEditAuditPaths.list}?recordId=${record.id}`, tokens.mwAdmin)).json().data.pagination.total).toBe(0);
    expect(await requestsOf(record.id)).toEqual([expect.objectContaining({ id: edit.id, status: 'requested' })]);
    expect(await recordOf(record.id)).toMatchObject({ amountDue: 700, unpaid: 700 });
  });
});
