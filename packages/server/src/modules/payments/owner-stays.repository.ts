import { and, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentStage, VehicleBindingState } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { customerVehicles, parkingLots, parkingRecords, payments, recoveryRecords, refunds } from '../../db/schema/index.js';
import { countOf, countRows, pageRows, type Page } from '../../shared/paging.js';
import { linkedRecord } from '../../db/linked-record.js';

export type OwnedPlate = { plateNumber: string; plateColour: number };

/** The records of these plates (plate and colour both), none voided; no plates, no records. */
const ofPlates = (tenantId: string, plates: readonly OwnedPlate[], unpaidOnly: boolean): SQL => {
  const matches = plates.map((p) => and(eq(parkingRecords.plateNumber, p.plateNumber), eq(parkingRecords.plateColour, p.plateColour)));
  return (
    and(
      eq(parkingRecords.tenantId, tenantId),
      ne(parkingRecords.state, 'void'),
      unpaidOnly ? eq(parkingRecords.state, 'unpaid') : undefined,
      matches.length > 0 ? or(...matches) : sql`false`,
    ) ?? sql`false`
  );
};

const stayColumns = {
  id: parkingRecords.id,
  lotName: parkingLots.name,
  plateNumber: parkingRecords.plateNumber,
  plateColour: parkingRecords.plateColour,
  enteredAt: parkingRecords.enteredAt,
  exitedAt: parkingRecords.exitedAt,
  amountDue: parkingRecords.amountDue,
  discount: parkingRecords.discount,
  paid: parkingRecords.paid,
  unpaid: parkingRecords.unpaid,
  state: parkingRecords.state,
};

// newest first: by entry, else by exit (a record with no entry), then a stable order
const newestFirst = [desc(sql`coalesce(${parkingRecords.enteredAt}, ${parkingRecords.exitedAt}, ${parkingRecords.createdAt})`), desc(parkingRecords.id)];

/** One page of the plates' stays in every lot of the tenant, with the lot's name. */
export const pagePlateStays = async (db: Db, tenantId: string, plates: readonly OwnedPlate[], unpaidOnly: boolean, page: Page) => {
  const where = ofPlates(tenantId, plates, unpaidOnly);
  return pageRows(
    page,
    countRows(db, parkingRecords, where),
    db
      .select(stayColumns)
      .from(parkingRecords)
      .leftJoin(parkingLots, and(eq(parkingLots.tenantId, parkingRecords.tenantId), eq(parkingLots.id, parkingRecords.lotId)))
      .where(where)
      .orderBy(...newestFirst)
      .$dynamic(),
  );
};

/** Every stay of the plates left unpaid, newest first (a pursuit has few). */
export const plateArrears = (db: Db, tenantId: string, plates: readonly OwnedPlate[]) =>
  db
    .select(stayColumns)
    .from(parkingRecords)
    .leftJoin(parkingLots, and(eq(parkingLots.tenantId, parkingRecords.tenantId), eq(parkingLots.id, parkingRecords.lotId)))
    .where(ofPlates(tenantId, plates, true))
    .orderBy(...newestFirst)
    .limit(1000);
export type StayRow = Awaited<ReturnType<typeof plateArrears>>[number];

/** What the plates' stays were paid and still owe in all. */
export const plateMoney = async (db: Db, tenantId: string, plates: readonly OwnedPlate[]) => {
  const [row] = await db
    .select({
      paid: sql<string>`coalesce(sum(${parkingRecords.paid}), 0)`,
      owed: sql<string>`coalesce(sum(${parkingRecords.unpaid}) filter (where ${parkingRecords.state} = 'unpaid'), 0)`,
    })
    .from(parkingRecords)
    .where(ofPlates(tenantId, plates, false));
  return { paid: Number(row?.paid ?? 0), owed: Number(row?.owed ?? 0) };
};

/**
 * What each of these owners owes now, in one grouped query: the unpaid stays of the plates they hold
 * in the given states (plate and colour both). Owners owing nothing are left out.
 */
export const owedByOwners = async (db: Db, tenantId: string, customerIds: readonly string[], states: readonly VehicleBindingState[]) => {
  const rows = await db
    .select({ customerId: customerVehicles.customerId, owed: sql<string>`coalesce(sum(${parkingRecords.unpaid}), 0)` })
    .from(customerVehicles)
    .innerJoin(
      parkingRecords,
      and(
        eq(parkingRecords.tenantId, customerVehicles.tenantId),
        eq(parkingRecords.plateNumber, customerVehicles.plateNumber),
        eq(parkingRecords.plateColour, customerVehicles.plateColour),
        eq(parkingRecords.state, 'unpaid'),
      ),
    )
    .where(and(eq(customerVehicles.tenantId, tenantId), inArray(customerVehicles.customerId, [...customerIds]), inArray(customerVehicles.state, [...states])))
    .groupBy(customerVehicles.customerId);
  return new Map(rows.map((row) => [row.customerId, Number(row.owed)]));
};

/**
 * One page of the payments taken for the plates' stays (plate and colour both) in every lot of the
 * tenant, newest first, each with its lot, what approved refunds gave back, and when in the stay it
 * was paid: a payment that wrote a recovery record is 追缴; one taken before the car's exit (or with
 * the car still in) was prepaid; the rest were paid at the exit. A voided stay's payments are listed
 * too: the money was taken.
 */
export const pagePlatePayments = async (db: Db, tenantId: string, plates: readonly OwnedPlate[], page: Page) => {
  const matches = plates.map((p) => and(eq(parkingRecords.plateNumber, p.plateNumber), eq(parkingRecords.plateColour, p.plateColour)));
  const where = and(eq(payments.tenantId, tenantId), matches.length > 0 ? or(...matches) : sql`false`) ?? sql`false`;
  const ofRecord = linkedRecord(payments);
  const refunded = sql<string>`coalesce((select sum(${refunds.amount}) from ${refunds} where ${refunds.tenantId} = ${payments.tenantId} and ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'approved'), 0)`;
  const stage = sql<PaymentStage>`case
    when exists (select 1 from ${recoveryRecords} where ${recoveryRecords.tenantId} = ${payments.tenantId} and ${recoveryRecords.paymentId} = ${payments.id}) then 'pursuit'
    when ${parkingRecords.exitedAt} is null or ${payments.paidAt} < ${parkingRecords.exitedAt} then 'prepaid'
    else 'exit' end`;
  return pageRows(
    page,
    db
      .select({ n: count() })
      .from(payments)
      .innerJoin(parkingRecords, ofRecord)
      .where(where)
      .then(([row]) => countOf(row)),
    db
      .select({
        id: payments.id,
        recordId: payments.recordId,
        paidAt: payments.paidAt,
        lotName: parkingLots.name,
        plateNumber: parkingRecords.plateNumber,
        plateColour: parkingRecords.plateColour,
        channel: payments.channel,
        amount: payments.amount,
        refunded,
        stage,
      })
      .from(payments)
      .innerJoin(parkingRecords, ofRecord)
      .leftJoin(parkingLots, and(eq(parkingLots.tenantId, parkingRecords.tenantId), eq(parkingLots.id, parkingRecords.lotId)))
      .where(where)
      .orderBy(desc(payments.paidAt), desc(payments.id))
      .$dynamic(),
  );
};
