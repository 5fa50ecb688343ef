import { and, eq, gt, isNotNull, lte, not, sql } from 'drizzle-orm';
import { eventRulesOf } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { parkingLots, parkingRecords, payments, tariffVersions } from '../../db/schema/index.js';
import { scheduledJob } from '../../shared/periodic-job.js';
import { nextState } from './record-state.js';
import { tenantEq } from '../../db/tenant-eq.js';

const MINUTE_MS = 60_000;

/** a record at a lane, left awaiting payment after its exit; one held at the barrier for staff has not left */
const leftAwaitingPayment = and(
  eq(parkingRecords.state, 'awaiting_payment'),
  isNotNull(parkingRecords.exitedAt),
  gt(parkingRecords.unpaid, 0),
  not(sql`'held_for_staff' = any(${parkingRecords.abnormalReasons})`),
);

/** the moves time makes, as the state table gives them (a bulk UPDATE cannot ask it row by row) */
const arrearsState = nextState('awaiting_payment', 'arrears', { owes: true, paid: false, barrier: true, held: false });
const passedState = nextState('paid', 'pass', { owes: false, paid: true, barrier: true, held: false });

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
      .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId))
      .where(and(eq(parkingLots.kind, 'lane'), leftAwaitingPayment, lte(parkingRecords.exitedAt, new Date(now.getTime() - MINUTE_MS))));
    let moved = 0;
    for (const lot of lots) {
      const cutoff = new Date(now.getTime() - eventRulesOf(lot.eventRules).arrearsAfterMinutes * MINUTE_MS);
      const rows = await tx
        .update(parkingRecords)
        .set({ state: arrearsState, updatedAt: sql`now()` })
        .where(and(eq(parkingRecords.tenantId, lot.tenantId), eq(parkingRecords.lotId, lot.id), leftAwaitingPayment, lte(parkingRecords.exitedAt, cutoff)))
        .returning({ id: parkingRecords.id });
      moved += rows.length;
    }
    return { moved };
  });

/** when the record's grace after its last payment ends: its tariff version's 缴费后免费离场时长 (0 without one) after it */
const graceEnds = sql`(select max(${payments.paidAt}) from ${payments} where ${payments.tenantId} = ${parkingRecords.tenantId} and ${payments.recordId} = ${parkingRecords.id})
  + make_interval(mins => coalesce((select (${tariffVersions.rules} ->> 'graceMinutes')::int from ${tariffVersions} where ${tariffVersions.id} = ${parkingRecords.tariffVersionId}), 0))`;

/**
 * One pass at `now`: a car paid at the barrier (已支付) is through it once the grace minutes after
 * its last payment are over, whether or not the camera read it again (a barrier lifted by the
 * payment has no second read), so its record is 已完成 and no longer counted as unfinished.
 */
export const closePaidPastGrace = async (db: Db, now: Date) => {
  const rows = await db
    .update(parkingRecords)
    .set({ state: passedState, updatedAt: sql`now()` })
    .where(and(eq(parkingRecords.state, 'paid'), eq(parkingRecords.unpaid, 0), isNotNull(parkingRecords.exitedAt), sql`${graceEnds} < ${now.toISOString()}::timestamptz`))
    .returning({ id: parkingRecords.id });
  return { passed: rows.length };
};

/** What time moves of the records in one pass: the overdue to pursuit, the paid through the barrier. */
export const moveRecordsWithTime = async (db: Db, now: Date) => ({ ...(await moveOverdueToArrears(db, now)), ...(await closePaidPastGrace(db, now)) });

/**
 * Moves records with time every `intervalMs` (ARREARS_CHECK_MS; 0 turns it off): the overdue to
 * pursuit, the paid through the barrier. The job runner runs it once across processes, and never two
 * passes at once.
 */
export const recordClockJob = (db: Db, intervalMs: number, clock: () => Date = () => new Date()) =>
  scheduledJob({
    name: 'record-clock',
    intervalMs,
    pass: () => moveRecordsWithTime(db, clock()),
    messages: {
      done: 'records moved with time (left unpaid to pursuit, paid ones through the barrier)',
      failed: 'record clock pass failed',
      worthTelling: (result) => result.moved > 0 || result.passed > 0,
    },
  });
