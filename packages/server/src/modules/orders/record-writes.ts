import { randomUUID } from 'node:crypto';
import type { NewParkingRecord, ParkingRecordRow } from './parking-record.repository.js';
import { moneyFault, RecordMoneyError } from './record-store.js';

/** What an event may change on a stay it did not open: its exit, place, state, money and reasons. */
export const changeableRecordFields = [
  'spaceId',
  'exitLaneId',
  'exitedAt',
  'exitEventId',
  'exitConfidence',
  'exitPhoto',
  'state',
  'amountDue',
  'discount',
  'paid',
  'unpaid',
  'longRentalDiscount',
  'whiteListDiscount',
  'waiverDiscount',
  'abnormal',
  'abnormalReasons',
] as const satisfies readonly (keyof ParkingRecordRow)[];

export type RecordChange = Partial<Pick<ParkingRecordRow, (typeof changeableRecordFields)[number]>>;
export type NewRecordValues = Omit<NewParkingRecord, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * A record written by a batch of events: a new one, or a change of one read under its lot's lock,
 * written only if its state and paid amount are still what was read (a payment of the stay, which
 * locks the record and not the lot, may have come in between).
 */
export type RecordWrite = { inserted: true; row: ParkingRecordRow } | { inserted: false; row: ParkingRecordRow; read: Pick<ParkingRecordRow, 'state' | 'paid'> };

/**
 * The records a batch of events opens and changes, kept in memory and written together
 * (finishVehicleEvents): one statement for the batch instead of one per event. `now` is the
 * transaction's start, which the database stamps on created_at and updated_at as well.
 */
export const recordWrites = (now: Date) => {
  const pending = new Map<string, RecordWrite>();
  return {
    /** A new record, as the database would default its unnamed columns. */
    insert(values: NewRecordValues): ParkingRecordRow {
      // every column the caller may leave out, so a column added to the table without a default here fails to compile
      const defaults: Omit<ParkingRecordRow, 'tenantId' | 'lotId' | 'plateNumber'> = {
        id: randomUUID(),
        entryLaneId: null,
        exitLaneId: null,
        spaceId: null,
        plateColour: 0,
        enteredAt: null,
        exitedAt: null,
        entryEventId: null,
        exitEventId: null,
        entryConfidence: null,
        exitConfidence: null,
        entryPhoto: null,
        exitPhoto: null,
        tariffId: null,
        tariffVersionId: null,
        vehicleClass: null,
        vehicleClassWhy: null,
        state: 'parked',
        amountDue: 0,
        discount: 0,
        paid: 0,
        unpaid: 0,
        longRentalDiscount: 0,
        whiteListDiscount: 0,
        waiverDiscount: 0,
        abnormal: false,
        abnormalReasons: [],
        createdAt: now,
        updatedAt: now,
      };
      const row = { ...defaults, ...definedOf(values) } as ParkingRecordRow;
      checkMoney(row);
      pending.set(row.id, { inserted: true, row });
      return row;
    },
    /** `record` with `change` applied; a record changed twice is written once, with both. */
    update(record: ParkingRecordRow, change: RecordChange): ParkingRecordRow {
      const before = pending.get(record.id);
      const row = { ...(before?.row ?? record), ...definedOf(change), updatedAt: now };
      checkMoney(row);
      pending.set(row.id, before?.inserted ? { inserted: true, row } : { inserted: false, row, read: before && !before.inserted ? before.read : { state: record.state, paid: record.paid } });
      return row;
    },
    /** The writes not yet taken, handed over once: the caller writes them. */
    take(): RecordWrite[] {
      const writes = [...pending.values()];
      pending.clear();
      return writes;
    },
    get size() {
      return pending.size;
    },
  };
};

export type RecordWrites = ReturnType<typeof recordWrites>;

/** A batch never holds a record whose money does not balance: the defect is caught where it is made, not at the batch's write. */
const checkMoney = (row: ParkingRecordRow) => {
  const fault = moneyFault(row);
  if (fault) throw new RecordMoneyError(row.id, fault);
};

/** The fields given a value: an absent or undefined field keeps the default (or what was read). */
const definedOf = <T extends object>(values: T): Partial<T> => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
