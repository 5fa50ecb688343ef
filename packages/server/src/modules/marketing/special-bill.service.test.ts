import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specialBillInput, type SpecialBillInput } from '@parking/contract';
import type { Database } from '../../db/client.js';
import { operationLogs, parkingLots, tenants } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant-scope.js';
import { demoAdmin, seededTestDatabase } from '../../test/test-app.js';
import type { AuthContext } from '../../types.js';
import { cancelSpecialBill, createSpecialBill, getSpecialBill, markSpecialBillPaid } from './special-bill.service.js';

let database: Database;
let auth: AuthContext;
let lotId: string;
let otherTenantId: string;

const raise = (over: Partial<SpecialBillInput> = {}) => createSpecialBill(database.db, auth, specialBillInput.parse({ lotId, item: '过夜服务费', amount: 3000, ...over }));
/** as the gateway's callback would: in a transaction scoped to the bill's tenant */
/** when the other tests' payments arrive: a fixed time, as a gateway's notice carries one */
const paidAt = new Date('2026-03-10T02:00:00Z');
const pay = (billId: string, amount: number, paidAt: Date, tenantId = auth.tenantId) =>
  withTenant(database.db, tenantId, (tx) => markSpecialBillPaid(tx, tenantId, billId, amount, paidAt, 'sandbox'));
const logsOf = async (id: string) =>
  database.db
    .select()
    .from(operationLogs)
    .where(and(eq(operationLogs.tenantId, auth.tenantId), eq(operationLogs.targetId, id)));

beforeAll(async () => {
  database = await seededTestDatabase();
  const db = database.db;
  const tenantId = (await db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  otherTenantId = (await db.select().from(tenants).where(eq(tenants.code, 'mw')))[0]!.id;
  auth = await demoAdmin(db);
  const [lot] = await db.insert(parkingLots).values({ tenantId, name: '特殊账单停车场', type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10 }).returning();
  lotId = lot!.id;
});
afterAll(() => database.close());

describe('markSpecialBillPaid', () => {
  it('marks an unpaid bill paid with its amount and time, once, and logs it', async () => {
    const bill = await raise();
    const first = new Date('2026-03-03T02:00:00Z');
    const paid = await pay(bill.id, 3000, first);
    expect(paid.changed).toBe(true);
    expect(paid.bill).toMatchObject({ status: 'paid', paidAmount: 3000, paidAt: first.toISOString() });
    // the gateway calls back again (a retry, or a second notice): nothing changes
    const again = await pay(bill.id, 3000, new Date('2026-03-03T03:00:00Z'));
    expect(again.changed).toBe(false);
    expect(again.bill.paidAt).toBe(first.toISOString());
    expect((await getSpecialBill(database.db, auth, bill.id)).paidAt).toBe(first.toISOString());
    const logs = await logsOf(bill.id);
    expect(logs.map((l) => l.summary).sort()).toEqual(['新增特殊账单「过夜服务费 30.00元」', '特殊账单「过夜服务费 30.00元」已支付']);
    expect(logs.find((l) => l.summary.endsWith('已支付'))).toMatchObject({ userId: null, account: '在线支付' });
  });

  it('refuses a cancelled bill and an amount other than the bill', async () => {
    const bill = await raise({ item: '车辆损坏赔偿', amount: 12050 });
    await expect(pay(bill.id, 12000, paidAt)).rejects.toMatchObject({ message: '支付金额120.00元与账单金额120.50元不符' });
    await cancelSpecialBill(database.db, auth, bill.id);
    await expect(pay(bill.id, 12050, paidAt)).rejects.toMatchObject({ message: '特殊账单已作废，不能支付' });
    expect(await getSpecialBill(database.db, auth, bill.id)).toMatchObject({ status: 'cancelled', paidAmount: 0, paidAt: null });
  });

  it('does not find a bill of another tenant', async () => {
    const bill = await raise();
    await expect(pay(bill.id, 3000, paidAt, otherTenantId)).rejects.toMatchObject({ message: '特殊账单不存在' });
    expect((await getSpecialBill(database.db, auth, bill.id)).status).toBe('unpaid');
  });

  it('a payment and a cancel arriving together: one wins, and the bill is not both', async () => {
    const bill = await raise();
    const [paid, cancelled] = await Promise.allSettled([pay(bill.id, 3000, paidAt), withTenant(database.db, auth.tenantId, (tx) => cancelSpecialBill(tx, auth, bill.id))]);
    expect([paid.status, cancelled.status].sort()).toEqual(['fulfilled', 'rejected']);
    const after = await getSpecialBill(database.db, auth, bill.id);
    expect(after.status).toBe(paid.status === 'fulfilled' ? 'paid' : 'cancelled');
    expect(after.paidAt === null).toBe(after.status === 'cancelled');
  });

  it('a paid bill cannot be cancelled', async () => {
    const bill = await raise();
    await pay(bill.id, 3000, paidAt);
    await expect(cancelSpecialBill(database.db, auth, bill.id)).rejects.toMatchObject({ message: '特殊账单已支付，不能作废' });
  });
});
