import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxRefunds } from '../db/schema/index.js';
import type { SandboxBillAdjustment } from '../modules/payments/index.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { simClock, simulateMonth } from './month-run.js';

// the app's clock is the simulation's: it starts the day before the month and moves with the events
const clock = simClock(new Date('2026-09-30T00:00:00+08:00'));
const billAdjustments: SandboxBillAdjustment[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, sandboxBillAdjustments: billAdjustments });
});
afterAll(() => t.close());

describe('a short month of a small city through the API', () => {
  it('keeps every record, the report and the reconciliation right, and finds exactly the mistakes put into the bill', async () => {
    const { figures, checks } = await simulateMonth(
      { app: t.app, db: t.database.db, clock, billAdjustments },
      // a higher refund share than the month's, so a few days have some
      { month: '2026-10', days: 3, lots: 2, carsPerDay: 40, seed: 7, tenant: 'sim-test', refundShare: 0.2, couponShare: 0.1 },
    );
    expect(checks.checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.ok).toBe(true);
    expect(figures.refused).toBe(0);
    expect(figures.entries).toBe(120);
    expect(figures.exits).toBe(120);
    for (const channel of ['sandbox', 'wechat', 'alipay', 'cash', 'balance'] as const) expect(figures.payments[channel].count, channel).toBeGreaterThan(0);
    expect(figures.arrearsOpened).toBeGreaterThan(0);
    expect(figures.refunds.count).toBeGreaterThan(0);
    // online payments were refunded too, at the provider: their REFUND rows are on its bills, and no mistake beyond those put in
    expect((await t.database.db.select().from(sandboxRefunds)).length).toBeGreaterThan(0);
    expect(figures.injected.map((m) => m.kind).sort()).toEqual(['amount_mismatch', 'channel_missing', 'our_missing', 'state_mismatch']);
    expect(checks.mistakes).toEqual({ injected: 4, found: 4, resolved: 4, unhandledAfter: 0 });
    expect(checks.report.received).toBe(checks.sums.received);
    expect(checks.report.refunded).toBe(figures.refunds.amount);
    // an e-invoice a day, asked for on the order's page and issued with its PDF
    expect(figures.invoices).toMatchObject({ requested: 3, issued: 3 });
    expect(figures.invoices.amount).toBeGreaterThan(0);
    // the mall's coupons given to cars in were taken off their fees at the exit, and the report says so
    expect(figures.coupons.issued).toBeGreaterThan(0);
    expect(checks.coupons.used).toBeGreaterThan(0);
    expect(checks.report.couponDiscount).toBe(checks.coupons.discount);
  }, 60_000);
});
