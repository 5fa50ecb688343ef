import type { Db } from '../../db/client.js';
import { startPeriodicJob, type JobLogger } from '../../shared/periodic-job.js';
import type { BillSource } from '../payments/index.js';
import { daysWithPendingMistakes } from './reconciliation.repository.js';
import { reconcileDay, yesterdayOf } from './reconciliation.service.js';

/** One pass: yesterday, and earlier days whose 渠道漏单 near midnight wait for a later bill. Rerunning a day changes nothing. */
export const reconcileDueDays = async (db: Db, bills: BillSource, now: Date) => {
  const pending = (await daysWithPendingMistakes(db)).filter((d) => d.channel === bills.provider).map((d) => d.day);
  const days = [...new Set([...pending, yesterdayOf(now)])];
  let newMistakes = 0;
  for (const day of days) newMistakes += (await reconcileDay(db, bills, day, now)).newMistakes;
  return { days, newMistakes };
};

/** 每日对账: looks every `intervalMs` (0 turns it off), so a day is reconciled soon after the provider's bill exists. */
export const startReconciliationJob = (db: Db, bills: BillSource, intervalMs: number, logger: JobLogger, clock: () => Date = () => new Date()) =>
  startPeriodicJob(intervalMs, () => reconcileDueDays(db, bills, clock()), logger, {
    done: 'reconciliation found new mistakes',
    failed: 'reconciliation pass failed',
    worthTelling: (result) => result.newMistakes > 0,
  });
