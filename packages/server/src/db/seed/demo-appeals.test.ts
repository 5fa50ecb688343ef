import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.js';
import { appeals, customers, operationLogs, parkingRecords, payments, refunds, systemMessages, tenants, users } from '../schema/index.js';
import { seededTestDatabase, testConfig } from '../../test/test-app.js';
import { listAppeals, ownerAppeals } from '../../modules/service/appeal.service.js';
import { demoAdminAuth } from './demo-auth.js';
import { seedDemoAppeals } from './demo-appeals.js';
import { seedDemoComplaints } from './demo-complaints.js';
import { seedDemoCustomers } from './demo-customers.js';
import { seedDemoDevices } from './demo-devices.js';
import { seedDemoOwnerPayments } from './demo-owner-payments.js';

let database: Database;
let tenantId: string;
let auth: ReturnType<typeof demoAdminAuth>;
const dataDir = testConfig().dataDir;
// the install's moment, fixed
const now = new Date('2026-03-10T06:00:00Z');

const recordsOfTenant = () => database.db.select().from(parkingRecords).where(eq(parkingRecords.tenantId, tenantId));
const appealOf = async (plate: string) => {
  const [row] = await database.db
    .select()
    .from(appeals)
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.plateNumber, plate)));
  const [record] = await database.db.select().from(parkingRecords).where(eq(parkingRecords.id, row!.recordId));
  return { appeal: row!, record: record! };
};
/** what the plate owes in pursuit (欠费): its records still unpaid */
const owedBy = async (plate: string) => (await recordsOfTenant()).filter((r) => r.plateNumber === plate && r.state === 'unpaid').reduce((sum, r) => sum + r.unpaid, 0);

beforeAll(async () => {
  database = await seededTestDatabase();
  tenantId = (await database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  await seedDemoDevices(database.db);
  // without the owners and their stays there is nothing to appeal, and nothing is written
  expect(await seedDemoAppeals(database.db, dataDir, now)).toBe(false);
  expect(await recordsOfTenant()).toEqual([]);
  await seedDemoCustomers(database.db, dataDir, now);
  await seedDemoOwnerPayments(database.db, dataDir, now);
  await seedDemoComplaints(database.db, now);
  expect(await seedDemoAppeals(database.db, dataDir, now)).toBe(true);
  const [admin] = await database.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')));
  auth = demoAdminAuth(tenantId, admin!.id, 'test');
}, 120_000);
afterAll(() => database.close());

describe('seedDemoAppeals', () => {
  it('gives 申诉审核 two waiting (one fresh, one held by the admin) and a decision of each kind, newest first', async () => {
    const page = await listAppeals(database.db, auth, { currentPage: 1, pageSize: 20 }, now);
    expect(page.list.map((a) => [a.plateNumber, a.lotName, a.status, a.outcome, a.claimedByName])).toEqual([
      ['粤B20001', '东门停车场', 'pending', null, null],
      ['粤B60001', '东门停车场', 'approved', 'refund', null],
      ['粤BD10002', '东门停车场', 'pending', null, '系统管理员'],
      ['粤B40002', '东门停车场', 'approved', 'amount', null],
      ['粤B30001', '东门停车场', 'approved', 'waive', null],
      ['粤B10001', '东门停车场', 'rejected', 'reject', null],
    ]);
    // every time from the install's clock: filed within the last 4 days, the fresh one under an hour ago
    const filed = page.list.map((a) => now.getTime() - new Date(a.filedAt).getTime());
    expect(filed[0]).toBeLessThan(3_600_000);
    expect(Math.max(...filed)).toBeLessThanOrEqual(4 * 24 * 3_600_000);
    for (const a of page.list.filter((a) => a.decidedAt)) {
      expect(a.decidedByName).toBe('系统管理员');
      expect(new Date(a.decidedAt!) > new Date(a.filedAt) && new Date(a.decidedAt!) < now).toBe(true);
    }
    // one type 7 message each, and only the two waiting still counted on the bell
    const messages = await database.db
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.tenantId, tenantId), eq(systemMessages.messageType, 7)));
    expect(messages).toHaveLength(6);
    expect(messages.filter((m) => m.status === 0).map((m) => m.businessId)).toEqual(expect.arrayContaining(page.list.filter((a) => a.status === 'pending').map((a) => a.recordId)));
    expect(messages.filter((m) => m.status === 0)).toHaveLength(2);
    const logs = await database.db.select().from(operationLogs).where(eq(operationLogs.target, 'appeal'));
    expect(logs.map((l) => l.action).sort()).toEqual([...Array<string>(6).fill('create'), ...Array<string>(4).fill('update')]);
  });

  it('waives the arrears of 王师傅’s unpaid stay: it owes nothing and is closed', async () => {
    const { appeal, record } = await appealOf('粤B30001');
    expect(appeal.before).toMatchObject({ amountDue: 1300, unpaid: 1300, state: 'unpaid' });
    expect(appeal.result).toBe('已减免欠费 13.00 元');
    expect(record).toMatchObject({ amountDue: 1300, discount: 1300, paid: 0, unpaid: 0, state: 'closed' });
    expect(await owedBy('粤B30001')).toBe(0);
  });

  it('corrects 赵经理’s fee from 31 to 25 元: what he owes in pursuit falls with it', async () => {
    const { appeal, record } = await appealOf('粤B40002');
    expect(appeal.before).toMatchObject({ amountDue: 3100, unpaid: 3100, state: 'unpaid' });
    expect(appeal.after).toMatchObject({ amountDue: 2500, unpaid: 2500 });
    expect(record).toMatchObject({ amountDue: 2500, discount: 0, paid: 0, unpaid: 2500, state: 'unpaid' });
    expect(await owedBy('粤B40002')).toBe(2500);
  });

  it('asks 3 元 of 刘女士’s 19 元 back on 退款, where a second person approves it: nothing moves before', async () => {
    const { appeal, record } = await appealOf('粤B60001');
    const [payment] = await database.db.select().from(payments).where(eq(payments.recordId, record.id));
    const asked = await database.db.select().from(refunds).where(eq(refunds.recordId, record.id));
    expect(payment).toMatchObject({ channel: 'wechat', amount: 1900 });
    expect(asked).toEqual([expect.objectContaining({ paymentId: payment!.id, amount: 300, status: 'requested' })]);
    expect(appeal.decision).toEqual({ refundAmount: 300, refundIds: [asked[0]!.id] });
    expect(record).toMatchObject({ amountDue: 1900, discount: 0, paid: 1900, unpaid: 0 });
  });

  it('rejects 张先生’s dispute of the posted price with its reason, leaving the stay as it was', async () => {
    const { appeal, record } = await appealOf('粤B10001');
    expect(appeal.rejectReason).toContain('应收13元，计费无误');
    expect(appeal.after).toBeNull();
    expect(record).toMatchObject({ amountDue: 1300, discount: 0, paid: 1300, unpaid: 0 });
  });

  it("shows each owner their own appeals and decisions on the phone's 我的申诉", async () => {
    const owners = await database.db.select().from(customers).where(eq(customers.tenantId, tenantId)).orderBy(asc(customers.phone));
    const seen = [];
    for (const owner of owners) {
      const context = { sessionId: 'test', tenantId, tenantCode: 'demo', customerId: owner.id, phone: owner.phone };
      seen.push([owner.phone, (await ownerAppeals(database.db, context, now)).map((a) => [a.plateNumber, a.status])]);
    }
    expect(seen).toEqual([
      [
        '13800138001',
        [
          ['粤BD10002', 'pending'],
          ['粤B10001', 'rejected'],
        ],
      ],
      ['13800138002', [['粤B20001', 'pending']]],
      ['13800138003', [['粤B30001', 'approved']]],
      ['13800138004', [['粤B40002', 'approved']]],
      ['13800138005', []],
      ['13800138006', [['粤B60001', 'approved']]],
    ]);
  });

  it("keeps every record's money whole: due − discount = paid + unpaid, none negative, and payments − approved refunds = paid", async () => {
    const records = await recordsOfTenant();
    expect(records.length).toBeGreaterThanOrEqual(6);
    const paidIn = await database.db.select().from(payments).where(eq(payments.tenantId, tenantId));
    const givenBack = await database.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.tenantId, tenantId), eq(refunds.status, 'approved')));
    for (const r of records) {
      expect(Math.min(r.amountDue, r.discount, r.paid, r.unpaid), r.plateNumber).toBeGreaterThanOrEqual(0);
      expect(r.amountDue - r.discount, r.plateNumber).toBe(r.paid + r.unpaid);
      const paid = paidIn.filter((p) => p.recordId === r.id).reduce((sum, p) => sum + p.amount, 0);
      const refunded = givenBack.filter((g) => g.recordId === r.id).reduce((sum, g) => sum + g.amount, 0);
      expect(paid - refunded, r.plateNumber).toBe(r.paid);
    }
  });

  it('runs once: a second run adds nothing', async () => {
    const records = (await recordsOfTenant()).length;
    expect(await seedDemoAppeals(database.db, dataDir, now)).toBe(false);
    expect(await database.db.select().from(appeals).where(eq(appeals.tenantId, tenantId))).toHaveLength(6);
    expect(await recordsOfTenant()).toHaveLength(records);
  });
});
