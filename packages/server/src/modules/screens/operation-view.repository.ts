import { orderWarningKindCategory, type AbnormalReason, type DeviceType, type OrderWarningKind } from '@parking/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appeals, complaints, deviceOfflineTasks, devices, orderWarnings, parkingLanes, parkingLots, parkingRecords, recordEditRequests, recoveryRecords } from '../../db/schema/index.js';
import { linkedRecord } from '../../db/linked-record.js';
import { tenantEq } from '../../db/tenant-eq.js';

const count = sql<number>`count(*)::int`;

/** The tenant's enabled devices counted by type and online state. */
export const devicesByState = (db: Db, tenantId: string) =>
  db
    .select({ type: sql<DeviceType>`${devices.type}`, state: devices.onlineState, n: count })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.enabled, true)))
    .groupBy(devices.type, devices.onlineState);

/** The latest open 设备离线任务. */
export const openOfflineTasks = (db: Db, tenantId: string, limit: number) =>
  db
    .select({ deviceSn: deviceOfflineTasks.deviceSn, content: deviceOfflineTasks.content, at: deviceOfflineTasks.creatorTime })
    .from(deviceOfflineTasks)
    .where(and(eq(deviceOfflineTasks.tenantId, tenantId), isNull(deviceOfflineTasks.closedAt)))
    .orderBy(desc(deviceOfflineTasks.creatorTime))
    .limit(limit);

export const openWarningsByKind = (db: Db, tenantId: string) =>
  db
    .select({ kind: sql<OrderWarningKind>`${orderWarnings.kind}`, n: count })
    .from(orderWarnings)
    .where(and(eq(orderWarnings.tenantId, tenantId), eq(orderWarnings.state, 'open')))
    .groupBy(orderWarnings.kind);

/** 客户投诉 not done, and those of them past their deadline at `now`; 申诉 and 订单修改 waiting for a decision. */
export const serviceQueues = async (db: Db, tenantId: string, now: Date) => {
  const [open] = await db
    .select({ open: count, overdue: sql<number>`(count(*) filter (where ${complaints.deadlineAt} < ${now.toISOString()}::timestamptz))::int` })
    .from(complaints)
    .where(and(eq(complaints.tenantId, tenantId), inArray(complaints.status, ['pending', 'processing'])));
  const [pendingAppeals] = await db
    .select({ n: count })
    .from(appeals)
    .where(and(eq(appeals.tenantId, tenantId), eq(appeals.status, 'pending')));
  const [pendingEdits] = await db
    .select({ n: count })
    .from(recordEditRequests)
    .where(and(eq(recordEditRequests.tenantId, tenantId), eq(recordEditRequests.status, 'requested')));
  return { complaintsOpen: open?.open ?? 0, complaintsOverdue: open?.overdue ?? 0, appealsPending: pendingAppeals?.n ?? 0, editAuditsPending: pendingEdits?.n ?? 0 };
};

/** Stays that left in [from, to) still owing, and 追缴 in the same range: the (tenant, exited) and (tenant, recovered_at) indexes serve both. */
export const pursuitBetween = async (db: Db, tenantId: string, from: Date, to: Date) => {
  const [arrears] = await db
    .select({ n: count })
    .from(parkingRecords)
    .where(
      and(eq(parkingRecords.tenantId, tenantId), isNotNull(parkingRecords.exitedAt), gte(parkingRecords.exitedAt, from), lt(parkingRecords.exitedAt, to), eq(parkingRecords.state, 'unpaid')),
    );
  const [recovered] = await db
    .select({ n: count, amount: sql<string>`coalesce(sum(${recoveryRecords.amount}), 0)::bigint` })
    .from(recoveryRecords)
    .where(and(eq(recoveryRecords.tenantId, tenantId), gte(recoveryRecords.recoveredAt, from), lt(recoveryRecords.recoveredAt, to)));
  return { arrearsOpenedToday: arrears?.n ?? 0, recoveredToday: recovered?.n ?? 0, recoveredAmountToday: Number(recovered?.amount ?? 0) };
};

/**
 * Cars at an exit barrier: left the lane's camera, not yet through (the at-barrier index), longest
 * waiting first. A lane holds one car at its barrier: of several stays still marked there (one
 * turned back before the next came up), only the latest is the car waiting now.
 */
export const carsAtBarrier = (db: Db, tenantId: string, limit: number) => {
  const latestPerLane = db
    .selectDistinctOn([parkingRecords.exitLaneId], {
      tenantId: parkingRecords.tenantId,
      plateNumber: parkingRecords.plateNumber,
      lotId: parkingRecords.lotId,
      laneId: parkingRecords.exitLaneId,
      since: parkingRecords.exitedAt,
      amountToPay: parkingRecords.unpaid,
    })
    .from(parkingRecords)
    .where(and(eq(parkingRecords.tenantId, tenantId), inArray(parkingRecords.state, ['awaiting_payment', 'paid']), isNotNull(parkingRecords.exitedAt), isNotNull(parkingRecords.exitLaneId)))
    .orderBy(parkingRecords.exitLaneId, desc(parkingRecords.exitedAt))
    .as('latest_per_lane');
  return db
    .select({ plateNumber: latestPerLane.plateNumber, lotName: parkingLots.name, laneName: parkingLanes.name, since: latestPerLane.since, amountToPay: latestPerLane.amountToPay })
    .from(latestPerLane)
    .innerJoin(parkingLots, and(eq(parkingLots.id, latestPerLane.lotId), eq(parkingLots.tenantId, latestPerLane.tenantId)))
    .innerJoin(parkingLanes, and(eq(parkingLanes.id, latestPerLane.laneId), eq(parkingLanes.tenantId, latestPerLane.tenantId)))
    .orderBy(asc(latestPerLane.since))
    .limit(limit);
};

/** The latest 异常放行 warnings with their records' reasons (the (tenant, category, created) index). */
export const latestAbnormalReleases = (db: Db, tenantId: string, limit: number) =>
  db
    .select({ plateNumber: orderWarnings.plateNumber, lotName: parkingLots.name, reasons: sql<AbnormalReason[] | null>`${parkingRecords.abnormalReasons}`, at: orderWarnings.createdAt })
    .from(orderWarnings)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, orderWarnings.lotId))
    .leftJoin(parkingRecords, linkedRecord(orderWarnings))
    .where(and(eq(orderWarnings.tenantId, tenantId), eq(orderWarnings.category, orderWarningKindCategory.abnormal_release), eq(orderWarnings.kind, 'abnormal_release')))
    .orderBy(desc(orderWarnings.createdAt))
    .limit(limit);
