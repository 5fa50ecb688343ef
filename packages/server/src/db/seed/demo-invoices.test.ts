import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.js';
import { invoicePayments, invoices, systemMessages, tenants } from '../schema/index.js';
import { seededTestDatabase, testConfig } from '../../test/test-app.js';
// the app wires an upheld appeal to its stay's invoice, as on a real start
import '../../app.js';
import { seedDemoCustomers } from './demo-customers.js';
import { seedDemoDevices } from './demo-devices.js';
import { seedDemoInvoices } from './demo-invoices.js';

let database: Database;
let tenantId: string;
const dataDir = testConfig().dataDir;
// the install's moment, fixed
const now = new Date('2026-03-10T06:00:00Z');

beforeAll(async () => {
  database = await seededTestDatabase();
  tenantId = (await database.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0]!.id;
  await seedDemoDevices(database.db);
  await seedDemoCustomers(database.db, dataDir, now);
});
afterAll(() => database.close());

describe('the demo invoices', () => {
  it('has an invoice in each state, the issued ones with their PDF, and runs once', async () => {
    expect(await seedDemoInvoices(database.db, dataDir, now)).toBe(true);
    const rows = await database.db.select().from(invoices).where(eq(invoices.tenantId, tenantId));
    const states = rows.map((r) => r.state).sort();
    // the red-flushed one was reissued as a new 待开票 request
    expect(states).toEqual(['failed', 'issued', 'issuing', 'pending', 'pending', 'redFlushed', 'redPending']);
    const issued = rows.find((r) => r.state === 'issued')!;
    expect(issued.invoiceNo).toMatch(/^\d{20}$/);
    expect(issued.pdfPath).toMatch(/^invoices\//);
    expect(rows.find((r) => r.state === 'failed')!.cause).toBe('购买方名称未通过税务校验（沙箱模拟失败）');
    expect(rows.find((r) => r.state === 'redPending')!.cause).toMatch(/^申诉通过（.*退款.*），需红冲后重开$/);
    const flushed = rows.find((r) => r.state === 'redFlushed')!;
    const reissued = rows.find((r) => r.reissueOf === flushed.id)!;
    expect(reissued.amount).toBe(flushed.amount - 200);
    const held = await database.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, flushed.id));
    expect(held.every((h) => !h.holds)).toBe(true);
    // the two 待开票 requests wait in the bell's kaipiaoCount
    const waiting = await database.db.select().from(systemMessages).where(eq(systemMessages.messageType, 9));
    expect(
      waiting
        .filter((m) => m.status === 0)
        .map((m) => m.businessId)
        .sort(),
    ).toEqual(
      rows
        .filter((r) => r.state === 'pending')
        .map((r) => r.id)
        .sort(),
    );

    expect(await seedDemoInvoices(database.db, dataDir, now)).toBe(false);
  });
});
