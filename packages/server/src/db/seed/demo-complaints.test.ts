import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.js';
import { complaintReplies, complaints, customers, operationLogs, systemMessages, tenants } from '../schema/index.js';
import { seededTestDatabase, testConfig } from '../../test/test-app.js';
import { seedDemoComplaints } from './demo-complaints.js';
import { seedDemoCustomers } from './demo-customers.js';
import { seedDemoDevices } from './demo-devices.js';
import { seedDemoOwnerPayments } from './demo-owner-payments.js';

let database: Database;
let tenantId: string;
const dataDir = testConfig().dataDir;
// the install's moment, fixed
const now = new Date('2026-03-10T06:00:00Z');

beforeAll(async () => {
  database = await seededTestDatabase();
  await seedDemoDevices(database.db);
  await seedDemoCustomers(database.db, dataDir, now);
  await seedDemoOwnerPayments(database.db, dataDir, now);
  expect(await seedDemoComplaints(database.db, now)).toBe(true);
  tenantId = (await database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
}, 120_000);
afterAll(() => database.close());

describe('seedDemoComplaints', () => {
  it('gives tenant demo a complaint in every state, one overdue and one completed late, each with its type 5 message', async () => {
    const rows = await database.db.select().from(complaints).where(eq(complaints.tenantId, tenantId)).orderBy(asc(complaints.receivedAt));
    const overdue = (c: (typeof rows)[number]) => (c.status === 'done' ? c.completedAt! > c.deadlineAt : now > c.deadlineAt);
    expect(rows.map((c) => [c.category, c.channel, c.status, overdue(c)])).toEqual([
      ['invoice', 'phone', 'done', true],
      ['barrier', 'console', 'done', false],
      ['attitude', 'phone', 'pending', true],
      ['payment', 'wechat_pay', 'processing', false],
      ['billing', 'owner_page', 'pending', false],
      ['billing', 'phone', 'pending', false],
    ]);
    const messages = await database.db
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.tenantId, tenantId), eq(systemMessages.messageType, 5)));
    expect(messages).toHaveLength(6);
    // the completed ones have left the bell's count
    expect(messages.filter((m) => m.status === 0)).toHaveLength(4);
    expect(await database.db.select().from(complaintReplies).where(eq(complaintReplies.tenantId, tenantId))).toHaveLength(2);
    expect((await database.db.select().from(operationLogs).where(eq(operationLogs.target, 'complaint'))).length).toBe(6 + 2 + 2);
  });

  it("files 张先生's dispute from the owner pages about his stay at 东门停车场", async () => {
    const [owner] = await database.db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), eq(customers.phone, '13800138001')));
    const [mine] = await database.db
      .select()
      .from(complaints)
      .where(and(eq(complaints.tenantId, tenantId), eq(complaints.channel, 'owner_page')));
    expect(mine).toMatchObject({ customerId: owner!.id, contactPhone: '13800138001', plateNumber: '粤B10001', createdBy: null });
    expect(mine!.recordId).not.toBeNull();
  });

  it('runs once', async () => {
    expect(await seedDemoComplaints(database.db, now)).toBe(false);
  });
});
