import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parkingLots, parkingRecords, revenueDaily } from '../../db/schema/index.js';
import { tenantEq } from '../../db/tenant-eq.js';

const HOUR_MS = 3_600_000;

/** Entries and exits per clock hour in [from, to), keyed by the hour's start in epoch ms: two ranges the (tenant, entered) and (tenant, exited) indexes serve; `lotIds` narrows them to some lots. */
export const movementsByHour = async (db: Db, tenantId: string, from: Date, to: Date, lotIds?: readonly string[]) => {
  const inLots = lotIds ? inArray(parkingRecords.lotId, [...lotIds]) : undefined;
  const entered = sql<string>`extract(epoch from date_trunc('hour', ${parkingRecords.enteredAt}))::bigint`;
  const exited = sql<string>`extract(epoch from date_trunc('hour', ${parkingRecords.exitedAt}))::bigint`;
  const [entries, exits] = await Promise.all([
    db
      .select({ hour: entered, n: sql<number>`count(*)::int` })
      .from(parkingRecords)
      .where(and(eq(parkingRecords.tenantId, tenantId), gte(parkingRecords.enteredAt, from), lt(parkingRecords.enteredAt, to), inLots))
      .groupBy(entered),
    // a stay counts as it does in 营收报表: voided ones and cars still in do not
    db
      .select({ hour: exited, n: sql<number>`count(*)::int` })
      .from(parkingRecords)
      .where(
        and(
          eq(parkingRecords.tenantId, tenantId),
          isNotNull(parkingRecords.exitedAt),
          gte(parkingRecords.exitedAt, from),
          lt(parkingRecords.exitedAt, to),
          sql`revenue_stay_counted(${parkingRecords.state}, ${parkingRecords.exitedAt})`,
          inLots,
        ),
      )
      .groupBy(exited),
  ]);
  const byHour = (rows: { hour: string; n: number }[]) => new Map(rows.map((r) => [Number(r.hour) * 1000, Number(r.n)]));
  return { entries: byHour(entries), exits: byHour(exits), hourMs: HOUR_MS };
};

/** 营收报表's kept rows of the given days, per lot and channel: no scan of the records. */
export const revenueOfDays = async (db: Db, tenantId: string, days: string[]) =>
  (
    await db
      .select({
        lotId: revenueDaily.lotId,
        day: sql<string>`${revenueDaily.day}::text`,
        channel: revenueDaily.channel,
        stays: sql<number>`${revenueDaily.stays}::int`,
        receivable: sql<number>`${revenueDaily.receivable}::bigint`,
        received: sql<number>`${revenueDaily.received}::bigint`,
        recovered: sql<number>`${revenueDaily.recovered}::bigint`,
      })
      .from(revenueDaily)
      .where(and(eq(revenueDaily.tenantId, tenantId), sql`${revenueDaily.day} = any(${`{${days.join(',')}}`}::date[])`))
  ).map((r) => ({ ...r, stays: Number(r.stays), receivable: Number(r.receivable), received: Number(r.received), recovered: Number(r.recovered) }));

/** The latest `limit` entries and the latest `limit` exits, newest first, with their lots' names. */
export const latestMovements = async (db: Db, tenantId: string, limit: number) => {
  const columns = { plateNumber: parkingRecords.plateNumber, lotName: parkingLots.name, enteredAt: parkingRecords.enteredAt, exitedAt: parkingRecords.exitedAt };
  const [entries, exits] = await Promise.all([
    db
      .select(columns)
      .from(parkingRecords)
      .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId))
      .where(and(eq(parkingRecords.tenantId, tenantId), isNotNull(parkingRecords.enteredAt)))
      .orderBy(desc(parkingRecords.enteredAt))
      .limit(limit),
    db
      .select(columns)
      .from(parkingRecords)
      .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId))
      .where(and(eq(parkingRecords.tenantId, tenantId), isNotNull(parkingRecords.exitedAt)))
      .orderBy(desc(parkingRecords.exitedAt))
      .limit(limit),
  ]);
  return [
    ...entries.map((r) => ({ kind: 'entry' as const, plateNumber: r.plateNumber, lotName: r.lotName, at: r.enteredAt! })),
    ...exits.map((r) => ({ kind: 'exit' as const, plateNumber: r.plateNumber, lotName: r.lotName, at: r.exitedAt! })),
  ];
};
