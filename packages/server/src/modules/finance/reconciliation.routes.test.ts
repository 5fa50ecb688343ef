import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconciliationBatchPaths, reconciliationMistakePaths } from '@parking/contract';
import { gatewayOrders, operationLogs, parkingLots, parkingRecords, payments, refunds, sandboxCashierOrders, sandboxRefunds, tenants, users } from '../../db/schema/index.js';
import { hashPassword, md5Hex } from '../auth/passwords.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';

const clock = fixedClock('2026-05-03T02:00:00Z');
let t: TestApp;
let tokens: { finance: string; nobody: string; demo: string };
let recordId: string;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) => t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
const withId = (path: string, id: string) => path.replace(':id', id);

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  const [mw] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'mw'));
  await t.database.db.insert(users).values({ tenantId: mw!.id, account: 'mwnobody', realName: '无权限用户', passwordHash: await hashPassword(md5Hex('admin123')) });
  tokens = { finance: await signIn(t.app, 'mwfinance', 'mw'), nobody: await signIn(t.app, 'mwnobody', 'mw'), demo: await signIn(t.app) };
  const [lot] = await t.database.db.insert(parkingLots).values({ tenantId: mw!.id, name: '对账路由停车场', type: 1, kind: 'lane' }).returning();
  const [record] = await t.database.db
    .insert(parkingRecords)
    .values({ tenantId: mw!.id, lotId: lot!.id, plateNumber: '粤B7R001', state: 'awaiting_payment', amountDue: 900, unpaid: 900 })
    .returning();
  recordId = record!.id;
  // the driver paid at the cashier on 05-01 and its notice never reached us
  const at = new Date('2026-05-01T12:00:00+08:00');
  await t.database.db
    .insert(gatewayOrders)
    .values({ tenantId: mw!.id, gatewayOrderNo: 'SBROUTE0001', provider: 'sandbox', recordId, amount: 900, amountDue: 900, discount: 0, pricedAt: at, createdAt: at });
  await t.database.db
    .insert(sandboxCashierOrders)
    .values({ gatewayOrderNo: 'SBROUTE0001', tradeNo: 'SBTROUTE0001', subject: '对账路由停车场 停车费 粤B7R001', amount: 900, notifyUrl: 'x', returnUrl: 'y', state: 'paid', decidedAt: at });
});
afterAll(() => t.close());

describe('对账 and 对账差错 over HTTP', () => {
  it('reruns a finished day for the signed-in tenant only, finds the mistake and lists it filtered by its batchNo', async () => {
    const rerun = await call('POST', reconciliationBatchPaths.rerun, tokens.finance, { day: '2026-05-01' });
    expect(rerun.json()).toMatchObject({
      code: 200,
      msg: '对账完成',
      data: [{ batchNo: '20260501-01', state: 'succeeded', channelCount: 1, channelAmount: 900, mistakeCount: 1, unhandledCount: 1 }],
    });
    const batches = await call('GET', `${reconciliationBatchPaths.list}?batchNo=20260501-01`, tokens.finance);
    expect(batches.json().data).toMatchObject({ list: [{ batchNo: '20260501-01' }], pagination: { currentPage: 1, pageSize: 10, total: 1 } });
    const mistakes = await call('GET', `${reconciliationMistakePaths.list}?batchNo=20260501-01`, tokens.finance);
    expect(mistakes.json().data.list).toEqual([
      expect.objectContaining({ kind: 'our_missing', orderNo: 'SBROUTE0001', plateNumber: '粤B7R001', balance: '长款', resolutions: ['channel', 'ours'] }),
    ]);
    // another tenant's console sees none of it
    expect((await call('GET', `${reconciliationBatchPaths.list}?batchNo=20260501-01`, tokens.demo)).json().data.pagination.total).toBe(0);
  });

  it('refuses a day not over, an unknown filter and a user without the page, in Chinese', async () => {
    expect((await call('POST', reconciliationBatchPaths.rerun, tokens.finance, { day: '2026-05-03' })).json()).toMatchObject({ code: 400, msg: '只能对已结束的营业日对账' });
    expect((await call('GET', `${reconciliationMistakePaths.list}?colour=red`, tokens.finance)).statusCode).toBe(400);
    expect((await call('GET', reconciliationMistakePaths.list, tokens.nobody)).statusCode).toBe(403);
    expect((await call('POST', reconciliationBatchPaths.rerun, tokens.nobody, { day: '2026-05-01' })).statusCode).toBe(403);
  });

  it('resolves 以渠道为准: the record is paid, the action logged; a second try is 409', async () => {
    const [mistake] = (await call('GET', `${reconciliationMistakePaths.list}?batchNo=20260501-01`, tokens.finance)).json().data.list;
    const resolved = await call('POST', withId(reconciliationMistakePaths.resolve, mistake.id), tokens.finance, { resolution: 'channel' });
    expect(resolved.json()).toMatchObject({ code: 200, msg: '差错已处理', data: { status: 'resolved', resolution: 'channel', resolvedByName: '明湾财务' } });
    const [record] = await t.database.db.select().from(parkingRecords).where(eq(parkingRecords.id, recordId));
    expect(record).toMatchObject({ paid: 900, unpaid: 0, state: 'paid' });
    expect(await t.database.db.select().from(operationLogs).where(eq(operationLogs.targetId, mistake.id))).toHaveLength(1);
    const again = await call('POST', withId(reconciliationMistakePaths.resolve, mistake.id), tokens.finance, { resolution: 'ours', remark: '重复' });
    expect(again.json()).toMatchObject({ code: 409, msg: '该差错已处理，不能重复处理' });
    const ours = await call('POST', withId(reconciliationMistakePaths.resolve, mistake.id), tokens.finance, { resolution: 'ours' });
    expect(ours.json()).toMatchObject({ code: 400, msg: expect.stringContaining('以我方为准须填写处理说明') });
  });

  it('resolves 退还重复支付 of a trade whose record was paid another way: booked, refunded at the provider, and offered only then', async () => {
    const [mw] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'mw'));
    const [lot] = await t.database.db.select().from(parkingLots).where(eq(parkingLots.name, '对账路由停车场'));
    // settled in cash at the booth, while the driver's phone payment of the same stay never reached us
    const [record] = await t.database.db
      .insert(parkingRecords)
      .values({ tenantId: mw!.id, lotId: lot!.id, plateNumber: '粤B7R002', state: 'closed', amountDue: 500, paid: 500, unpaid: 0 })
      .returning();
    const at = new Date('2026-05-02T09:00:00+08:00');
    await t.database.db
      .insert(gatewayOrders)
      .values({ tenantId: mw!.id, gatewayOrderNo: 'SBROUTE0002', provider: 'sandbox', recordId: record!.id, amount: 500, amountDue: 500, discount: 0, pricedAt: at, createdAt: at });
    await t.database.db.insert(sandboxCashierOrders).values({
      gatewayOrderNo: 'SBROUTE0002',
      tradeNo: 'SBTROUTE0002',
      subject: '对账路由停车场 停车费 粤B7R002',
      amount: 500,
      notifyUrl: 'x',
      returnUrl: 'y',
      state: 'paid',
      decidedAt: at,
    });
    await call('POST', reconciliationBatchPaths.rerun, tokens.finance, { day: '2026-05-02' });
    const [mistake] = (await call('GET', `${reconciliationMistakePaths.list}?batchNo=20260502-01`, tokens.finance)).json().data.list;
    expect(mistake).toMatchObject({ kind: 'our_missing', orderNo: 'SBROUTE0002', resolutions: ['refund', 'ours'] });

    const refused = await call('POST', withId(reconciliationMistakePaths.resolve, mistake.id), tokens.finance, { resolution: 'channel' });
    expect(refused.json()).toMatchObject({ code: 400, msg: '我方漏单不能以渠道为准' });
    const resolved = await call('POST', withId(reconciliationMistakePaths.resolve, mistake.id), tokens.finance, { resolution: 'refund' });
    expect(resolved.json()).toMatchObject({ code: 200, msg: '差错已处理', data: { status: 'resolved', resolution: 'refund', resolutions: [] } });
    const [booked] = await t.database.db.select().from(payments).where(eq(payments.recordId, record!.id));
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.paymentId, booked!.id));
    expect(refund).toMatchObject({ amount: 500, status: 'approved', decidedAt: clock.now() });
    expect(await t.database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.gatewayOrderNo, 'SBROUTE0002'))).toEqual([
      expect.objectContaining({ refundNo: refund!.id, amount: 500 }),
    ]);
    expect(await t.database.db.select().from(parkingRecords).where(eq(parkingRecords.id, record!.id))).toEqual([
      expect.objectContaining({ paid: 500, unpaid: 0, discount: 0, state: 'closed' }),
    ]);
  });

  it('exports both lists as xlsx with Chinese headers', async () => {
    const batches = await xlsxRows(await call('GET', `${reconciliationBatchPaths.export}?batchNo=20260501-01`, tokens.finance));
    expect(batches[0]).toContain('批次号');
    expect(batches[1]).toEqual(expect.arrayContaining(['20260501-01', '2026-05-01', '成功']));
    const mistakes = await xlsxRows(await call('GET', `${reconciliationMistakePaths.export}?batchNo=20260501-01`, tokens.finance));
    expect(mistakes[1]).toEqual(expect.arrayContaining(['我方漏单', '长款', 'SBROUTE0001', '已处理', '以渠道为准']));
  });
});
