import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatAmount, type ParkingRecordState } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { parkingRecords } from '../../db/schema/index.js';
import type { NewParkingRecord, ParkingRecordRow } from './parking-record.repository.js';
import { nextState, type RecordEvent } from './record-state.js';

/**
 * The one way a parking record changes after it opened, for every module: the record is read under
 * its lock, the change names the move it makes (record-state.ts decides the state it leads to) and
 * the money is checked before anything is written. The vehicle-event path, which writes the records
 * of a batch together, plans its changes with the same planRecordChange (record-writes.ts).
 */

export type RecordMoney = Pick<ParkingRecordRow, 'amountDue' | 'discount' | 'paid' | 'unpaid'>;

/** What a change may set: anything but the record's identity, its state (the move decides it) and its stamps. */
export type RecordValues = Partial<Omit<NewParkingRecord, 'id' | 'tenantId' | 'lotId' | 'state' | 'createdAt' | 'updatedAt'>>;

/** Where the car is when it leaves: at a barrier (a lane) it waits there while it owes money; held, staff settle it. */
export interface ExitPlace {
  barrier: boolean;
  held?: boolean;
}

/**
 * What is wrong with a record's money, if anything: every amount is whole fen and not negative,
 * and what is due less its discounts is exactly what was paid plus what is still unpaid.
 */
export const moneyFault = (money: RecordMoney): string | undefined => {
  const { amountDue, discount, paid, unpaid } = money;
  for (const [name, value] of Object.entries({ amountDue, discount, paid, unpaid })) {
    if (!Number.isSafeInteger(value) || value < 0) return `${name} 为 ${value}，应为不小于 0 的整数分`;
  }
  if (amountDue - discount !== paid + unpaid) {
    return `应收 ${formatAmount(amountDue)} − 优惠 ${formatAmount(discount)} ≠ 已付 ${formatAmount(paid)} + 未付 ${formatAmount(unpaid)}`;
  }
  return undefined;
};

/** A record about to be written with unbalanced money: a defect of the code that changes it, never of the input. */
export class RecordMoneyError extends Error {
  constructor(recordId: string, fault: string) {
    super(`停车记录 ${recordId} 金额不平衡：${fault}`);
    this.name = 'RecordMoneyError';
  }
}

/**
 * The values to write for `record` after `values` and the move `on` (null: a change of plate or
 * times that moves no state): the state the move leads to, decided from the money as it will be.
 * Throws a 409 for a move the record's state does not take, and RecordMoneyError for money that
 * does not balance.
 */
export const planRecordChange = (record: ParkingRecordRow, on: RecordEvent | null, values: RecordValues, place: ExitPlace = { barrier: false }) => {
  const after = { ...record, ...values };
  const facts = { owes: after.unpaid > 0, paid: after.paid > 0, barrier: place.barrier, held: place.held ?? false };
  const state = on === null ? record.state : nextState(record.state, on, facts);
  const fault = moneyFault(after);
  if (fault) throw new RecordMoneyError(record.id, fault);
  return { ...values, state };
};

/** The record, locked until the transaction ends: a record changes one change at a time. */
export const lockRecord = async (db: Db, tenantId: string, recordId: string) => {
  const [row] = await db
    .select()
    .from(parkingRecords)
    .where(and(eq(parkingRecords.tenantId, tenantId), eq(parkingRecords.id, recordId)))
    .for('update');
  return row;
};

/** Writes a change of a record read under its lock (lockRecord): see planRecordChange. Answers the record as written. */
export const changeRecord = async (db: Db, record: ParkingRecordRow, on: RecordEvent | null, values: RecordValues, place?: ExitPlace) => {
  const planned = planRecordChange(record, on, values, place);
  const [row] = await db
    .update(parkingRecords)
    .set({ ...planned, updatedAt: sql`now()` })
    .where(and(eq(parkingRecords.tenantId, record.tenantId), eq(parkingRecords.id, record.id)))
    .returning();
  return row!;
};

/** A record in one of these owes nothing and waits for nothing: its photos are no longer evidence. */
export const settledStates = ['paid', 'closed', 'void'] as const satisfies readonly ParkingRecordState[];

/**
 * Forgets the photos of settled records (paid, closed, void) of one tenant: the retention job's only
 * write, which touches neither a record's state nor its money. A record that settled meanwhile is
 * still settled; one that is owed again (a correction) keeps its photos. Answers how many records
 * forgot their photos and the paths forgotten, for the caller to remove from the disk.
 */
export const forgetSettledRecordPhotos = async (db: Db, tenantId: string, recordIds: readonly string[]) => {
  if (recordIds.length === 0) return { records: 0, paths: [] };
  const settled = await db
    .select({ id: parkingRecords.id, entryPhoto: parkingRecords.entryPhoto, exitPhoto: parkingRecords.exitPhoto })
    .from(parkingRecords)
    .where(and(eq(parkingRecords.tenantId, tenantId), inArray(parkingRecords.id, [...recordIds]), inArray(parkingRecords.state, settledStates)))
    .for('update');
  if (settled.length === 0) return { records: 0, paths: [] };
  await db
    .update(parkingRecords)
    .set({ entryPhoto: null, exitPhoto: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(parkingRecords.tenantId, tenantId),
        inArray(
          parkingRecords.id,
          settled.map((row) => row.id),
        ),
      ),
    );
  return { records: settled.length, paths: settled.flatMap((row) => [row.entryPhoto, row.exitPhoto].filter((path): path is string => path !== null)) };
};
