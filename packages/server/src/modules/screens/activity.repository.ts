import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parkingAreas, parkingLots, parkingRecords, parkingSpaces } from '../../db/schema/index.js';

export interface ActivityLotRow {
  id: string;
  name: string;
  type: number;
  kind: string;
  address: string;
  areaId: string | null;
  areaName: string | null;
  lng: number | null;
  lat: number | null;
  totalSpaces: number;
  freeCount: number;
  /** counts of the lot's spaces by state; 0 spaces when it has none */
  spaces: number;
  spacesFree: number;
  spacesOccupied: number;
}

/**
 * One statement: every enabled lot of the tenant with the counts it keeps and, beside them,
 * its spaces counted by state (one grouped pass over the tenant's spaces).
 */
export const activityLots = async (db: Db, tenantId: string): Promise<ActivityLotRow[]> => {
  const counted = db
    .select({
      tenantId: parkingSpaces.tenantId,
      lotId: parkingSpaces.lotId,
      spaces: sql<number>`count(*)::int`.as('spaces'),
      spacesFree: sql<number>`(count(*) filter (where ${parkingSpaces.state} = 'free'))::int`.as('spaces_free'),
      spacesOccupied: sql<number>`(count(*) filter (where ${parkingSpaces.state} = 'occupied'))::int`.as('spaces_occupied'),
    })
    .from(parkingSpaces)
    .where(eq(parkingSpaces.tenantId, tenantId))
    .groupBy(parkingSpaces.tenantId, parkingSpaces.lotId)
    .as('counted');
  const rows = await db
    .select({
      id: parkingLots.id,
      name: parkingLots.name,
      type: parkingLots.type,
      kind: parkingLots.kind,
      address: parkingLots.address,
      areaId: parkingLots.areaId,
      areaName: parkingAreas.name,
      lng: parkingLots.lng,
      lat: parkingLots.lat,
      totalSpaces: parkingLots.totalSpaces,
      freeCount: parkingLots.freeCount,
      spaces: counted.spaces,
      spacesFree: counted.spacesFree,
      spacesOccupied: counted.spacesOccupied,
    })
    .from(parkingLots)
    .leftJoin(parkingAreas, and(eq(parkingAreas.id, parkingLots.areaId), eq(parkingAreas.tenantId, tenantId)))
    .leftJoin(counted, and(eq(counted.lotId, parkingLots.id), eq(counted.tenantId, parkingLots.tenantId)))
    .where(and(eq(parkingLots.tenantId, tenantId), eq(parkingLots.enabled, true)));
  return rows.map((r) => ({
    ...r,
    spaces: Number(r.spaces ?? 0),
    spacesFree: Number(r.spacesFree ?? 0),
    spacesOccupied: Number(r.spacesOccupied ?? 0),
  }));
};

/** Entries per clock hour since `from`, a range on (tenant_id, entered_at) the index serves. */
export const entriesByHour = async (db: Db, tenantId: string, from: Date): Promise<Map<number, number>> => {
  const hour = sql<string>`extract(epoch from date_trunc('hour', ${parkingRecords.enteredAt}))::bigint`;
  const rows = await db
    .select({ hour, entries: sql<number>`count(*)::int` })
    .from(parkingRecords)
    .where(and(eq(parkingRecords.tenantId, tenantId), isNotNull(parkingRecords.enteredAt), gte(parkingRecords.enteredAt, from)))
    .groupBy(hour);
  return new Map(rows.map((r) => [Number(r.hour) * 1000, Number(r.entries)]));
};
