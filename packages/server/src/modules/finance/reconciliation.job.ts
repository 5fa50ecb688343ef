import type { Db } from '../../db/client.js';
import { scheduledJob } from '../../shared/periodic-job.js';
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
export const reconciliationJob = (db: Db, bills: BillSource, intervalMs: number, clock: () => Date = () => new Date()) =>
  scheduledJob({
    name: 'reconciliation',
    intervalMs,
    pass: () => reconcileDueDays(db, bills, clock()),
    messages: {
      done: 'reconciliation found new mistakes',
      failed: 'reconciliation pass failed',
      worthTelling: (result) => result.newMistakes > 0,
    },
  });
