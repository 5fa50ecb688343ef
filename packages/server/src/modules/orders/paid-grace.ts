import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';
import { findTariffVersion, type ParkingRecordRow } from './parking-record.repository.js';

const MINUTE_MS = 60_000;

/** a device's clock may run a little behind the server's that stamped the payment */
const clockTolerance = MINUTE_MS;

export interface PaidGrace {
  lastPaidAt: Date;
  graceMinutes: number;
  /** leaving up to this moment costs nothing more */
  until: Date;
}

/**
 * The tariff's 缴费后免费离场时长 of a stay that was paid for: from its last payment, the car may
 * leave at no further charge. Undefined when nothing was paid.
 */
export const paidGrace = async (db: Db, tenantId: string, record: Pick<ParkingRecordRow, 'id' | 'paid' | 'tariffVersionId'>): Promise<PaidGrace | undefined> => {
  if (record.paid <= 0) return undefined;
  const [row] = await db
    .select({ at: max(payments.paidAt) })
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.recordId, record.id)));
  if (!row?.at) return undefined;
  const lastPaidAt = new Date(row.at);
  const version = record.tariffVersionId ? await findTariffVersion(db, tenantId, record.tariffVersionId) : undefined;
  const graceMinutes = version?.version.rules.graceMinutes ?? 0;
  return { lastPaidAt, graceMinutes, until: new Date(lastPaidAt.getTime() + graceMinutes * MINUTE_MS) };
};

/** Whether a car seen leaving at `at` leaves within the grace minutes after its last payment (not before it). */
export const leavesWithinGrace = (grace: PaidGrace | undefined, at: Date): grace is PaidGrace =>
  grace !== undefined && grace.lastPaidAt.getTime() <= at.getTime() + clockTolerance && at <= grace.until;
