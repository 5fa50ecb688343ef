import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abnormalReleasePath, recoveryRecordPaths, refundPaths, arrearsPaths } from '@parking/contract';
import { operationLogs, parkingRecords, tenants, users } from '../../db/schema/index.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';
import { hashPassword, md5Hex } from '../auth/passwords.js';

// the app's clock, fixed: payments are recorded at its time
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
let admin: string;
let mwAdmin: string;
let nobody: string;
let tenantId: string;
const lots = { east: '', west: '' };
const plate = '粤B7R001';

const request = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) => t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const plateUrl = (path: string, p = plate) => path.replace(':plateNumber', encodeURIComponent(p));
const releaseUrl = (id: string) => abnormalReleasePath.replace(':id', id);
const newRecord = async (plateNumber: string, owed: number, state: 'unpaid' | 'awaiting_payment' | 'parked', lotId = lots.east, exitedAt = '2025-05-01T10:00:00+08:00') => {
  const [row] = await t.database.db
    .insert(parkingRecords)
    .values({
      tenantId,
      lotId,
      plateNumber,
      state,
      amountDue: owed,
      unpaid: owed,
      enteredAt: new Date('2025-05-01T08:00:00+08:00'),
      exitedAt: state === 'parked' ? null : new Date(exitedAt),
    })
    .returning();
  return row!;
};

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  tenantId = demo!.id;
  const passwordHash = await hashPassword(md5Hex('admin123'));
  await t.database.db.insert(users).values([
    { tenantId, account: 'nopursuit', realName: '无追缴权限', passwordHash },
    { tenantId, account: 'refundauditor', realName: '退款审核员', passwordHash, isAdministrator: true },
  ]);
  nobody = await signIn(t.app, 'nopursuit');
  lots.east = (await request('POST', '/api/system/Parking', { name: '东门停车场', type: 1, kind: 'lane' })).json().data.id;
  lots.west = (await request('POST', '/api/system/Parking', { name: '西门停车场', type: 1, kind: 'lane' })).json().data.id;
  await newRecord(plate, 1250, 'unpaid', lots.east, '2025-05-01T10:00:00+08:00');
  await newRecord(plate, 750, 'unpaid', lots.west, '2025-05-03T10:00:00+08:00');
  await newRecord('粤B7R002', 300, 'unpaid', lots.west, '2025-05-02T10:00:00+08:00');
});
afterAll(() => t.close());

describe('GET /api/system/Arrears', () => {
  it('lists plates with their arrears across lots, biggest debt first', async () => {
    const response = await request('GET', `${arrearsPaths.list}?plateNumber=${encodeURIComponent('粤B7R')}&plateMatch=prefix`);
    expect(response.statusCode).toBe(200);
    const { list, pagination } = response.json().data;
    expect(pagination).toEqual({ currentPage: 1, pageSize: 10, total: 2 });
    expect(list[0]).toMatchObject({ plateNumber: plate, recordCount: 2, owed: 2000, firstExitedAt: '2025-05-01T02:00:00.000Z', lastExitedAt: '2025-05-03T02:00:00.000Z' });
    expect(list[0].lots.map((l: { name: string }) => l.name).sort()).toEqual(['东门停车场', '西门停车场']);
    expect(list[1]).toMatchObject({ plateNumber: '粤B7R002', owed: 300 });
  });

  it('refuses bad filters with a Chinese message naming the rule', async () => {
    const bad = async (query: string) => (await request('GET', `${arrearsPaths.list}?${query}`)).json();
    expect(await bad('owedMin=500&owedMax=100')).toMatchObject({ code: 400, msg: expect.stringContaining('最高欠费金额不能小于最低欠费金额') });
    expect(await bad('lotId=not-a-uuid')).toMatchObject({ code: 400, msg: expect.stringContaining('停车场编号格式不正确') });
    expect(await bad('exitedFrom=yesterday')).toMatchObject({ code: 400, msg: expect.stringContaining('出场开始时间格式应为 ISO 8601') });
    expect(await bad('sidx=amountDue')).toMatchObject({ code: 400, msg: expect.stringContaining('排序字段只能是') });
    expect(await bad('colour=blue')).toMatchObject({ code: 400 });
  });

  it('is refused without the 欠费订单 permission, and empty for another tenant', async () => {
    expect((await request('GET', arrearsPaths.list, undefined, nobody)).statusCode).toBe(403);
    const other = await request('GET', arrearsPaths.list, undefined, mwAdmin);
    expect(other.json().data).toMatchObject({ list: [], pagination: { total: 0 } });
  });

  it('exports the same rows as xlsx', async () => {
    const response = await request('GET', `${arrearsPaths.export}?plateNumber=${encodeURIComponent(plate)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const rows = await xlsxRows(response);
    expect(rows[0]).toEqual(['车牌号', '欠费笔数', '欠费金额（元）', '最早出场时间', '最近出场时间', '欠费停车场']);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1]!.slice(0, 5)).toEqual([plate, '2', '20.00', '2025-05-01 10:00:00', '2025-05-03 10:00:00']);
    expect(rows[1]![5]!.split('、').sort()).toEqual(['东门停车场', '西门停车场']);
  });
});

describe('GET /api/system/Arrears/{plateNumber} and reminders', () => {
  it('details a URL-encoded plate; an unknown plate or another tenant answers 404', async () => {
    const detail = (await request('GET', plateUrl(arrearsPaths.item))).json().data;
    expect(detail).toMatchObject({ plateNumber: plate, owed: 2000, recovered: 0, reminders: [] });
    expect(detail.records.map((r: { lotName: string }) => r.lotName)).toEqual(['西门停车场', '东门停车场']);
    // the plate is read as written, whatever case
    expect((await request('GET', plateUrl(arrearsPaths.item, plate.toLowerCase()))).json().data.plateNumber).toBe(plate);
    expect((await request('GET', plateUrl(arrearsPaths.item, '粤B0NONE'))).json()).toMatchObject({ code: 404, msg: '没有该车牌的欠费记录' });
    const other = await request('GET', plateUrl(arrearsPaths.item), undefined, mwAdmin);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(plate);
    expect((await request('GET', plateUrl(arrearsPaths.item, 'X'.repeat(17)))).json()).toMatchObject({ code: 400, msg: expect.stringContaining('车牌号最长16位') });
  });

  it('登记催缴 adds to the log shown on the detail; bad input and other tenants are refused', async () => {
    const bad = await request('POST', plateUrl(arrearsPaths.reminders), { channel: 'pigeon', content: '' });
    expect(bad.json()).toMatchObject({ code: 400, msg: expect.stringMatching(/催缴方式只能是|请输入催缴内容/) });
    expect((await request('POST', plateUrl(arrearsPaths.reminders), { channel: 'letter', content: '   ' })).json()).toMatchObject({
      code: 400,
      msg: expect.stringContaining('请输入催缴内容'),
    });
    expect((await request('POST', plateUrl(arrearsPaths.reminders), { channel: 'letter', content: '函', extra: 1 })).statusCode).toBe(400);

    const created = await request('POST', plateUrl(arrearsPaths.reminders), { channel: 'letter', content: '已寄送催缴函' });
    expect(created.json()).toMatchObject({ code: 200, msg: '催缴已登记', data: { plateNumber: plate, channel: 'letter', content: '已寄送催缴函' } });
    const detail = (await request('GET', plateUrl(arrearsPaths.item))).json().data;
    expect(detail.reminders).toEqual([expect.objectContaining({ id: created.json().data.id, operatorName: expect.any(String) })]);

    const other = await request('POST', plateUrl(arrearsPaths.reminders), { channel: 'sms', content: '别的租户催缴' }, mwAdmin);
    expect(other.statusCode).toBe(404);
    expect((await request('POST', plateUrl(arrearsPaths.reminders), { channel: 'sms', content: '无权限' }, nobody)).statusCode).toBe(403);
    const [again] = [(await request('GET', plateUrl(arrearsPaths.item))).json().data];
    expect(again.reminders).toHaveLength(1);
  });
});

describe('POST /api/system/ParkingRecord/{id}/release', () => {
  it('releases a lane record awaiting payment into arrears with the reason in the operation log', async () => {
    const record = await newRecord('粤B7R003', 600, 'awaiting_payment', lots.east);
    expect((await request('POST', releaseUrl(record.id), {})).json()).toMatchObject({ code: 400, msg: expect.stringContaining('请输入放行原因') });
    expect((await request('POST', releaseUrl(record.id), { reason: 'x'.repeat(256) })).json()).toMatchObject({ code: 400, msg: expect.stringContaining('放行原因最长255个字') });
    expect((await request('POST', releaseUrl('not-a-uuid'), { reason: '放行' })).json()).toMatchObject({ code: 400, msg: expect.stringContaining('停车记录编号格式不正确') });

    const released = await request('POST', releaseUrl(record.id), { reason: '车主承诺次日补缴' });
    expect(released.json()).toMatchObject({ code: 200, msg: '已放行', data: { id: record.id, state: 'unpaid', abnormalReasons: ['abnormal_release'] } });
    const [log] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, record.id), eq(operationLogs.target, 'parkingRecord')));
    expect(log!.summary).toContain('车主承诺次日补缴');
    // now in pursuit under its plate
    expect((await request('GET', plateUrl(arrearsPaths.item, '粤B7R003'))).json().data.owed).toBe(600);
    // a second release finds nothing awaiting payment
    expect((await request('POST', releaseUrl(record.id), { reason: '再放一次' })).json()).toMatchObject({ code: 400, msg: '只有待支付的停车记录可以手动放行' });
  });

  it('answers 404 to another tenant and 403 without the 停车记录 permission, changing nothing', async () => {
    const record = await newRecord('粤B7R004', 600, 'awaiting_payment', lots.west);
    expect((await request('POST', releaseUrl(record.id), { reason: '越权放行' }, mwAdmin)).statusCode).toBe(404);
    expect((await request('POST', releaseUrl(record.id), { reason: '越权放行' }, nobody)).statusCode).toBe(403);
    const [after] = await t.database.db.select().from(parkingRecords).where(eq(parkingRecords.id, record.id));
    expect(after!.state).toBe('awaiting_payment');
  });
});

describe('GET /api/system/RecoveryRecord', () => {
  it('lists and exports what the 收款 of arrears recovered', async () => {
    const [owing] = await t.database.db
      .select()
      .from(parkingRecords)
      .where(and(eq(parkingRecords.plateNumber, '粤B7R002'), eq(parkingRecords.tenantId, tenantId)));
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/system/Payment',
      headers: { authorization: admin, 'idempotency-key': 'route-recovery-key-0001' },
      payload: { recordId: owing!.id, channel: 'cash', amount: 300 },
    });
    expect(paid.json()).toMatchObject({ code: 200, msg: '收款成功' });

    const list = (await request('GET', `${recoveryRecordPaths.list}?plateNumber=${encodeURIComponent('粤B7R002')}`)).json().data;
    expect(list.list).toEqual([expect.objectContaining({ recordId: owing!.id, paymentId: paid.json().data.id, amount: 300, refunded: 0, channel: 'cash', lotName: '西门停车场' })]);
    expect((await request('GET', `${recoveryRecordPaths.list}?channel=bitcoin`)).json()).toMatchObject({ code: 400, msg: expect.stringContaining('支付渠道只能是') });
    expect((await request('GET', `${recoveryRecordPaths.list}?recoveredFrom=2025-05-02T00:00:00%2B08:00&recoveredTo=2025-05-01T00:00:00%2B08:00`)).json()).toMatchObject({
      code: 400,
      msg: expect.stringContaining('追缴结束时间不能早于开始时间'),
    });
    expect((await request('GET', recoveryRecordPaths.list, undefined, nobody)).statusCode).toBe(403);
    expect((await request('GET', recoveryRecordPaths.list, undefined, mwAdmin)).json().data.list).toEqual([]);

    const rows = await xlsxRows(await request('GET', `${recoveryRecordPaths.export}?plateNumber=${encodeURIComponent('粤B7R002')}`));
    expect(rows[0]).toEqual(['车牌号', '停车场', '出场时间', '追缴金额（元）', '已退款（元）', '支付渠道', '追缴时间', '收款人']);
    expect(rows[1]!.slice(0, 6)).toEqual(['粤B7R002', '西门停车场', '2025-05-02 10:00:00', '3.00', '0.00', '现金']);
    // the plate owes nothing now and leaves 欠费订单
    expect((await request('GET', `${arrearsPaths.list}?plateNumber=${encodeURIComponent('粤B7R002')}`)).json().data.list).toEqual([]);
  });

  it('shows what was refunded of a recovered payment once the refund is approved, not while it waits', async () => {
    const [recovered] = (await request('GET', `${recoveryRecordPaths.list}?plateNumber=${encodeURIComponent('粤B7R002')}`)).json().data.list;
    const refund = (await request('POST', refundPaths.list, { paymentId: recovered.paymentId, amount: 120, reason: '收费有误' })).json().data;
    const refundedNow = async () => (await request('GET', `${recoveryRecordPaths.list}?plateNumber=${encodeURIComponent('粤B7R002')}`)).json().data.list[0].refunded;
    expect(await refundedNow()).toBe(0);
    const approver = await signIn(t.app, 'refundauditor');
    const approved = await request('POST', refundPaths.approve.replace(':id', refund.id), { remark: '核实' }, approver);
    expect(approved.json()).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect(await refundedNow()).toBe(120);
    const rows = await xlsxRows(await request('GET', `${recoveryRecordPaths.export}?plateNumber=${encodeURIComponent('粤B7R002')}`));
    expect(rows[1]!.slice(3, 5)).toEqual(['3.00', '1.20']);
  });
});
