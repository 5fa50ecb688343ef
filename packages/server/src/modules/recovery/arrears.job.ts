import { and, eq, gt, isNotNull, lte, not, sql } from 'drizzle-orm';
import { eventRulesOf } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { parkingLots, parkingRecords } from '../../db/schema/index.js';
import { startPeriodicJob, type JobLogger } from '../../shared/periodic-job.js';

const MINUTE_MS = 60_000;

/** a record at a lane, left awaiting payment after its exit; one held at the barrier for staff has not left */
const leftAwaitingPayment = and(
  eq(parkingRecords.state, 'awaiting_payment'),
  isNotNull(parkingRecords.exitedAt),
  gt(parkingRecords.unpaid, 0),
  not(sql`'held_for_staff' = any(${parkingRecords.abnormalReasons})`),
);

/**
 * One pass at `now`: at every lane lot, a record still awaiting payment `arrearsAfterMinutes` (the
 * lot's rule) after its exit has left without paying and goes to pursuit (欠费). The UPDATE only
 * takes records still awaiting payment, so a payment or another process that got there first wins.
 */
export const moveOverdueToArrears = (db: Db, now: Date) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const lots = await tx
      .selectDistinct({ id: parkingLots.id, tenantId: parkingLots.tenantId, eventRules: parkingLots.eventRules })
      .from(parkingRecords)
      .innerJoin(parkingLots, eq(parkingLots.id, parkingRecords.lotId))
      .where(and(eq(parkingLots.kind, 'lane'), leftAwaitingPayment, lte(parkingRecords.exitedAt, new Date(now.getTime() - MINUTE_MS))));
    let moved = 0;
    for (const lot of lots) {
      const cutoff = new Date(now.getTime() - eventRulesOf(lot.eventRules).arrearsAfterMinutes * MINUTE_MS);
      const rows = await tx
        .update(parkingRecords)
        .set({ state: 'unpaid', updatedAt: sql`now()` })
        .where(and(eq(parkingRecords.tenantId, lot.tenantId), eq(parkingRecords.lotId, lot.id), leftAwaitingPayment, lte(parkingRecords.exitedAt, cutoff)))
        .returning({ id: parkingRecords.id });
      moved += rows.length;
    }
    return { moved };
  });

export type ArrearsJobLogger = JobLogger;

/**
 * Runs the arrears check every `intervalMs` (ARREARS_CHECK_MS; 0 turns it off) until stopped.
 * A pass still running when the next is due is not overlapped.
 */
export const startArrearsJob = (db: Db, intervalMs: number, logger: ArrearsJobLogger, clock: () => Date = () => new Date()) =>
  startPeriodicJob(intervalMs, () => moveOverdueToArrears(db, clock()), logger, {
    done: 'records left unpaid went to pursuit',
    failed: 'arrears check failed',
    worthTelling: (result) => result.moved > 0,
  });
