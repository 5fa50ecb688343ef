import { stayLengthBuckets, type ParkingSpaceState } from '@parking/contract';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/json-row.js';
import { parkingAreas, parkingLots, parkingRecords, parkingSpaces } from '../../db/schema/index.js';
import { tenantEq } from '../../db/tenant-eq.js';

export const areasOf = (db: Db, tenantId: string) =>
  db.select({ id: parkingAreas.id, name: parkingAreas.name }).from(parkingAreas).where(eq(parkingAreas.tenantId, tenantId)).orderBy(asc(parkingAreas.name));

/** The spaces of some lots in lot and number order, `limit` of them, and how many they are in all. */
export const spacesOf = async (db: Db, tenantId: string, lotIds: readonly string[], limit: number) => {
  const where = and(eq(parkingSpaces.tenantId, tenantId), inArray(parkingSpaces.lotId, [...lotIds]));
  const shown = await db
    .select({ number: parkingSpaces.number, state: sql<ParkingSpaceState>`${parkingSpaces.state}` })
    .from(parkingSpaces)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingSpaces.lotId))
    .where(where)
    .orderBy(asc(parkingLots.name), asc(parkingSpaces.number))
    .limit(limit);
  const [all] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(parkingSpaces)
    .where(where);
  return { shown, total: all?.n ?? 0 };
};

/**
 * The stays of some lots that left in [from, to) as 营收报表 counts them: how many, their average
 * length in minutes, and how many fall in each stayLengthBuckets entry; one pass over the exits' index.
 */
export const exitsOf = async (db: Db, tenantId: string, lotIds: readonly string[], from: Date, to: Date) => {
  const minutes = sql.raw('extract(epoch from (exited_at - entered_at)) / 60');
  const buckets = stayLengthBuckets.map(
    (b, i) => sql`(count(*) filter (where entered_at is not null and ${minutes} >= ${b.from}${b.to === null ? sql`` : sql` and ${minutes} < ${b.to}`}))::int as ${sql.raw(`b${i}`)}`,
  );
  const result = await db.execute(sql`
    SELECT count(*)::int AS exits, avg(${minutes}) filter (where entered_at is not null) AS average, ${sql.join(buckets, sql`, `)}
    FROM parking_records
    WHERE tenant_id = ${tenantId} AND exited_at IS NOT NULL AND exited_at >= ${from.toISOString()}::timestamptz AND exited_at < ${to.toISOString()}::timestamptz
      AND lot_id = any(${`{${lotIds.join(',')}}`}::uuid[]) AND revenue_stay_counted(state, exited_at)`);
  const row = (rowsOf(result)[0] ?? {}) as Record<string, number | string | null | undefined>;
  return {
    exits: Number(row.exits ?? 0),
    averageMinutes: row.average === null ? 0 : Math.round(Number(row.average)),
    buckets: stayLengthBuckets.map((_b, i) => Number(row[`b${i}`] ?? 0)),
  };
};

/** Entries into some lots in [from, to) (the (tenant, entered) index). */
export const entriesOf = async (db: Db, tenantId: string, lotIds: readonly string[], from: Date, to: Date) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(parkingRecords)
    .where(and(eq(parkingRecords.tenantId, tenantId), gte(parkingRecords.enteredAt, from), lt(parkingRecords.enteredAt, to), inArray(parkingRecords.lotId, [...lotIds])));
  return row?.n ?? 0;
};
