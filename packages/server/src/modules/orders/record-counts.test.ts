import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingRecordPaths } from '@parking/contract';
import { parkingLots, parkingRecordCounts, parkingRecords, tenants } from '../../db/schema/index.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';

// the app's clock, fixed: the records came in the minutes before it
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
let admin: string;
let tenantId: string;
const lots: string[] = [];

const total = async (query = '') =>
  (await t.app.inject({ method: 'GET', url: `${parkingRecordPaths.list}?pageSize=10${query}`, headers: { authorization: admin } })).json().data.pagination.total as number;
const realCount = async (lotId?: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(parkingRecords)
      .where(and(eq(parkingRecords.tenantId, tenantId), lotId ? eq(parkingRecords.lotId, lotId) : undefined))
  )[0]!.n;
const records = (lotId: string, n: number, state: 'closed' | 'parked' = 'closed') =>
  Array.from({ length: n }, (_, i) => ({ tenantId, lotId, plateNumber: `沪C${String(i).padStart(5, '0')}`, enteredAt: new Date(clock.now().getTime() - i * 60_000), state }));

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  admin = await signIn(t.app);
  tenantId = (await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  for (const name of ['计数甲', '计数乙']) {
    const [lot] = await t.database.db.insert(parkingLots).values({ tenantId, name, type: 1, kind: 'lane' }).returning();
    lots.push(lot!.id);
  }
});
afterAll(() => t.close());

describe('the kept record counts behind the list total', () => {
  it('follow bulk and single inserts and deletes, for the tenant and for each lot', async () => {
    await t.database.db.insert(parkingRecords).values(records(lots[0]!, 700));
    await t.database.db.insert(parkingRecords).values(records(lots[1]!, 3, 'parked'));
    await t.database.db.insert(parkingRecords).values(records(lots[1]!, 1));
    expect(await total()).toBe(await realCount());
    expect(await total()).toBe(704);
    expect(await total(`&lotId=${lots[0]}`)).toBe(700);
    expect(await total(`&lotId=${lots[1]}`)).toBe(4);

    const gone = (await t.database.db.select({ id: parkingRecords.id }).from(parkingRecords).where(eq(parkingRecords.lotId, lots[0]!)).limit(250)).map((r) => r.id);
    await t.database.db.delete(parkingRecords).where(inArray(parkingRecords.id, gone));
    expect(await total(`&lotId=${lots[0]}`)).toBe(await realCount(lots[0]));
    expect(await total(`&lotId=${lots[0]}`)).toBe(450);
    expect(await total()).toBe(await realCount());
  });

  it('are not used when the filter narrows further: then the rows are counted', async () => {
    expect(await total(`&lotId=${lots[1]}&state=parked`)).toBe(3);
    expect(await total(`&plateNumber=${encodeURIComponent('沪C0000')}&plateMatch=prefix&lotId=${lots[1]}`)).toBe(4);
  });

  it('hold because a record never moves to another lot', async () => {
    const [one] = await t.database.db.select().from(parkingRecords).where(eq(parkingRecords.lotId, lots[1]!)).limit(1);
    await expect(t.database.db.update(parkingRecords).set({ lotId: lots[0]! }).where(eq(parkingRecords.id, one!.id))).rejects.toThrow();
    const kept = await t.database.db.select().from(parkingRecordCounts).where(eq(parkingRecordCounts.lotId, lots[1]!));
    expect(kept[0]!.records).toBe(4);
  });
});
