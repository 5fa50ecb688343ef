import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices, gatewayOrders, parkingLanes, parkingLots, parkingRecords, vehicleEvents } from '../../db/schema/index.js';
import { tenantEq } from '../../db/tenant-eq.js';

export type GatewayOrderRow = typeof gatewayOrders.$inferSelect;

export const findLaneWithLot = async (db: Db, tenantId: string, laneId: string) => {
  const [row] = await db
    .select({ lane: parkingLanes, lot: parkingLots })
    .from(parkingLanes)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, parkingLanes.lotId))
    .where(and(eq(parkingLanes.tenantId, tenantId), eq(parkingLanes.id, laneId)))
    .limit(1);
  return row;
};

export const findLot = async (db: Db, tenantId: string, lotId: string) => {
  const [row] = await db
    .select()
    .from(parkingLots)
    .where(and(eq(parkingLots.tenantId, tenantId), eq(parkingLots.id, lotId)))
    .limit(1);
  return row;
};

/** The plate a camera of the lane read leaving between `since` and `now`, newest first. */
export const recentExitPlate = async (db: Db, tenantId: string, laneId: string, since: Date, now: Date) => {
  const [row] = await db
    .select({ plateNumber: vehicleEvents.plateNumber })
    .from(vehicleEvents)
    .innerJoin(devices, tenantEq(devices.id, vehicleEvents.deviceId))
    .where(
      and(
        eq(vehicleEvents.tenantId, tenantId),
        eq(devices.laneId, laneId),
        eq(vehicleEvents.kind, 'lane_exit'),
        gte(vehicleEvents.occurredAt, since),
        lte(vehicleEvents.occurredAt, now),
        sql`${vehicleEvents.plateNumber} <> ''`,
      ),
    )
    .orderBy(desc(vehicleEvents.occurredAt))
    .limit(1);
  return row?.plateNumber ?? null;
};

/** The plate's stay on the lot a driver can still pay for: in the lot, or waiting at the barrier. */
export const findOpenRecord = async (db: Db, tenantId: string, lotId: string, plateNumber: string) => {
  const [row] = await db
    .select()
    .from(parkingRecords)
    .where(
      and(eq(parkingRecords.tenantId, tenantId), eq(parkingRecords.lotId, lotId), eq(parkingRecords.plateNumber, plateNumber), inArray(parkingRecords.state, ['parked', 'awaiting_payment'])),
    )
    .orderBy(desc(sql`coalesce(${parkingRecords.exitedAt}, ${parkingRecords.enteredAt}, ${parkingRecords.createdAt})`))
    .limit(1);
  return row;
};

export const insertGatewayOrder = async (db: Db, values: typeof gatewayOrders.$inferInsert) => {
  const [row] = await db.insert(gatewayOrders).values(values).returning();
  return row!;
};

/** A gateway order by its number, of any tenant: a provider's notice names no tenant. */
export const findGatewayOrderByNo = async (db: Db, gatewayOrderNo: string) => {
  const [row] = await db.select().from(gatewayOrders).where(eq(gatewayOrders.gatewayOrderNo, gatewayOrderNo)).limit(1);
  return row;
};

/** The gateway order, locked until the transaction ends: notices of one order are applied one at a time. */
export const lockGatewayOrder = async (db: Db, tenantId: string, gatewayOrderNo: string) => {
  const [row] = await db
    .select()
    .from(gatewayOrders)
    .where(and(eq(gatewayOrders.tenantId, tenantId), eq(gatewayOrders.gatewayOrderNo, gatewayOrderNo)))
    .for('update');
  return row;
};

export const updateGatewayOrder = (db: Db, id: string, values: Partial<typeof gatewayOrders.$inferInsert>) =>
  db
    .update(gatewayOrders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(gatewayOrders.id, id));

/** The record's gateway orders still waiting for the provider, newest first. */
export const openGatewayOrders = (db: Db, tenantId: string, recordId: string) =>
  db
    .select()
    .from(gatewayOrders)
    .where(and(eq(gatewayOrders.tenantId, tenantId), eq(gatewayOrders.recordId, recordId), eq(gatewayOrders.state, 'created')))
    .orderBy(desc(gatewayOrders.createdAt));

/** A special bill's trades still waiting at the cashier, newest first. */
export const openBillGatewayOrders = (db: Db, tenantId: string, specialBillId: string) =>
  db
    .select()
    .from(gatewayOrders)
    .where(and(eq(gatewayOrders.tenantId, tenantId), eq(gatewayOrders.specialBillId, specialBillId), eq(gatewayOrders.state, 'created')))
    .orderBy(desc(gatewayOrders.createdAt));
