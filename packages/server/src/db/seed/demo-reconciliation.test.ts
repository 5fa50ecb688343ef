import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.js';
import { parkingRecords, reconciliationBatches, reconciliationMistakes, systemMessages, tenants } from '../schema/index.js';
import { seededTestDatabase } from '../../test/test-app.js';
import { seedDemoReconciliation } from './demo-reconciliation.js';

const now = new Date('2026-06-10T09:00:00+08:00');
let database: Database;
let tenantId: string;

beforeAll(async () => {
  database = await seededTestDatabase();
  [{ id: tenantId }] = (await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'mw'))) as [{ id: string }];
  expect(await seedDemoReconciliation(database.db, now)).toBe(true);
});
afterAll(() => database.close());

describe('the demo reconciliation of tenant mw', () => {
  it('has a day that agrees with the bill and yesterday with a 我方漏单 and a 状态不符', async () => {
    const batches = await database.db.select().from(reconciliationBatches).where(eq(reconciliationBatches.tenantId, tenantId)).orderBy(reconciliationBatches.day);
    expect(batches).toMatchObject([
      { batchNo: '20260608-01', state: 'succeeded', ourCount: 2, ourAmount: 2000, channelCount: 2, channelAmount: 2000, mistakeCount: 0 },
      { batchNo: '20260609-01', state: 'succeeded', ourCount: 2, ourAmount: 3500, channelCount: 3, channelAmount: 4400, ourRefundAmount: 500, mistakeCount: 2, unhandledCount: 2 },
    ]);
    const mistakes = await database.db.select().from(reconciliationMistakes).where(eq(reconciliationMistakes.batchId, batches[1]!.id));
    expect(mistakes.map((m) => m.kind).sort()).toEqual(['our_missing', 'state_mismatch']);
    const [lost] = await database.db
      .select()
      .from(parkingRecords)
      .where(and(eq(parkingRecords.tenantId, tenantId), eq(parkingRecords.plateNumber, '粤B6R004')));
    expect(lost).toMatchObject({ state: 'unpaid', unpaid: 900 });
    const messages = await database.db.select().from(systemMessages).where(eq(systemMessages.tenantId, tenantId));
    expect(messages).toEqual([expect.objectContaining({ messageType: 10, messageText: '对账批次「20260609-01」存在 2 笔差错，请核对', status: 0 })]);
  });
});
