import { parkingRecordStateNames, type ParkingRecordState } from '@parking/contract';
import { conflict } from '../../plugins/app-error.js';

/**
 * What can happen to a parking record after it opens.
 * - exit: the car leaves (or a stay is ended by a later entry of the plate); at a barrier a car owing
 *   money waits at it, elsewhere it has left owing (欠费); a car with no entry may be held at the
 *   barrier for staff whatever it owes.
 * - resume: the plate is back within the grace minutes of a paid stay, which goes on.
 * - pass: a car paid at the barrier is through it (the camera read it again, or its grace ran out).
 * - payment: money taken; a payment of a record in arrears is its recovery (追缴).
 * - refund: money given back; the discount grows by as much, so nothing more is owed.
 * - edit: an approved correction of plate, times or amount.
 * - waiver: what is owed is let off (an appeal upheld).
 * - arrears: a car left waiting at the barrier did not pay within the lot's minutes.
 * - release: staff lifted the barrier for a car that had not paid (手动放行).
 * - void: the record is voided (作废).
 */
export const recordEvents = ['exit', 'resume', 'pass', 'payment', 'refund', 'edit', 'waiver', 'arrears', 'release', 'void'] as const;
export type RecordEvent = (typeof recordEvents)[number];

/**
 * What a move's outcome depends on: the money once the move's own change is applied (read off the
 * record by the writer, never told by the caller), and for an exit where the car is.
 */
export interface MoveFacts {
  /** something is still unpaid */
  owes: boolean;
  /** some money was taken */
  paid: boolean;
  /** the exit is at a barrier, where a car owing money waits */
  barrier: boolean;
  /** a car with no entry is held at the barrier for staff */
  held: boolean;
}

/** the Chinese of each move, for the refusal of one a state does not take */
export const recordEventNames: Readonly<Record<RecordEvent, string>> = {
  exit: '出场',
  resume: '免费时段内再次入场',
  pass: '缴费后离场',
  payment: '收款',
  refund: '退款',
  edit: '修改',
  waiver: '减免',
  arrears: '转欠费',
  release: '手动放行',
  void: '作废',
};

type Rules = Partial<Record<RecordEvent, (facts: MoveFacts) => ParkingRecordState>>;

/**
 * The record's states and the moves each takes (parked → awaiting_payment → paid → closed,
 * → unpaid when it left without paying, → void). A move missing from a state's row is refused.
 * - parked: in the lot. Money taken while in (paid on the phone) leaves it in; it is priced at exit.
 * - awaiting_payment: at the barrier owing money (or held there for staff).
 * - paid: settled at the barrier, the car not yet through it.
 * - closed: the stay is over and nothing is owed.
 * - unpaid: left owing; pursuit (联合追缴) takes it.
 * - void: voided; nothing moves it again.
 */
const table: Readonly<Record<ParkingRecordState, Rules>> = {
  parked: {
    exit: ({ owes, barrier, held }) => (held || (owes && barrier) ? 'awaiting_payment' : owes ? 'unpaid' : 'closed'),
    payment: () => 'parked',
    refund: () => 'parked',
    edit: () => 'parked',
    void: () => 'void',
  },
  awaiting_payment: {
    payment: ({ owes }) => (owes ? 'awaiting_payment' : 'paid'),
    refund: () => 'awaiting_payment',
    edit: ({ owes, paid }) => (owes ? 'awaiting_payment' : paid ? 'paid' : 'closed'),
    waiver: () => 'closed',
    arrears: () => 'unpaid',
    release: ({ owes }) => (owes ? 'unpaid' : 'closed'),
    void: () => 'void',
  },
  paid: {
    pass: () => 'closed',
    resume: () => 'parked',
    refund: () => 'paid',
    edit: ({ owes }) => (owes ? 'awaiting_payment' : 'paid'),
    void: () => 'void',
  },
  closed: {
    resume: () => 'parked',
    refund: () => 'closed',
    // the car is gone: a stay found to owe more has left owing
    edit: ({ owes }) => (owes ? 'unpaid' : 'closed'),
    void: () => 'void',
  },
  unpaid: {
    payment: ({ owes }) => (owes ? 'unpaid' : 'closed'),
    refund: () => 'unpaid',
    edit: ({ owes }) => (owes ? 'unpaid' : 'closed'),
    waiver: () => 'closed',
    void: () => 'void',
  },
  void: {},
};

/** Whether `state` takes the move at all, whatever its details. */
export const takesMove = (state: ParkingRecordState, on: RecordEvent) => table[state][on] !== undefined;

/** The state a record in `state` moves to, or a 409 saying the move is not one this state takes. */
export const nextState = (state: ParkingRecordState, on: RecordEvent, facts: MoveFacts): ParkingRecordState => {
  const rule = table[state][on];
  if (!rule) throw conflict(`停车记录${parkingRecordStateNames[state]}，不能${recordEventNames[on]}`);
  return rule(facts);
};
