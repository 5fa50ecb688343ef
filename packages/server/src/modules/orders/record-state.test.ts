import { parkingRecordStates, type ParkingRecordState } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/app-error.js';
import { nextState, recordEvents, takesMove, type MoveFacts, type RecordEvent } from './record-state.js';

/** every combination of what a move may depend on: 16 */
const allFacts: MoveFacts[] = [false, true].flatMap((owes) =>
  [false, true].flatMap((paid) => [false, true].flatMap((barrier) => [false, true].map((held) => ({ owes, paid, barrier, held })))),
);

/**
 * The table as the business states it, written out apart from the code: for each state and move,
 * refused (absent), one state whatever the facts, or owing / settled (with `settledPaid` when a
 * settled stay that took money ends elsewhere than one that took none).
 */
type Expect = ParkingRecordState | { owing: ParkingRecordState; settled: ParkingRecordState; settledPaid?: ParkingRecordState } | 'exit-rule';
const expected: Record<ParkingRecordState, Partial<Record<RecordEvent, Expect>>> = {
  parked: { exit: 'exit-rule', payment: 'parked', refund: 'parked', edit: 'parked', void: 'void' },
  awaiting_payment: {
    payment: { owing: 'awaiting_payment', settled: 'paid' },
    refund: 'awaiting_payment',
    edit: { owing: 'awaiting_payment', settled: 'closed', settledPaid: 'paid' },
    waiver: 'closed',
    arrears: 'unpaid',
    release: { owing: 'unpaid', settled: 'closed' },
    void: 'void',
  },
  paid: { pass: 'closed', resume: 'parked', refund: 'paid', edit: { owing: 'awaiting_payment', settled: 'paid' }, void: 'void' },
  closed: { resume: 'parked', refund: 'closed', edit: { owing: 'unpaid', settled: 'closed' }, void: 'void' },
  unpaid: { payment: { owing: 'unpaid', settled: 'closed' }, refund: 'unpaid', edit: { owing: 'unpaid', settled: 'closed' }, waiver: 'closed', void: 'void' },
  void: {},
};

/** The exit of a car in: held at the barrier for staff, waiting at it owing, gone owing (欠费), or done. */
const exitOf = ({ owes, barrier, held }: MoveFacts): ParkingRecordState => {
  if (held) return 'awaiting_payment';
  if (!owes) return 'closed';
  return barrier ? 'awaiting_payment' : 'unpaid';
};

const expectedState = (want: Expect, facts: MoveFacts): ParkingRecordState => {
  if (want === 'exit-rule') return exitOf(facts);
  if (typeof want === 'string') return want;
  if (facts.owes) return want.owing;
  return facts.paid && want.settledPaid ? want.settledPaid : want.settled;
};

describe('the parking record state table', () => {
  const cases = parkingRecordStates.flatMap((state) => recordEvents.flatMap((on) => allFacts.map((facts) => ({ state, on, facts }))));

  it('covers every state, move and fact: 6 × 10 × 16 cases', () => {
    expect(cases).toHaveLength(960);
  });

  it.each(parkingRecordStates)('moves a record in %s exactly as the business table says, and refuses every other move', (state) => {
    for (const on of recordEvents) {
      const want = expected[state][on];
      expect(takesMove(state, on), `${state} ${on}`).toBe(want !== undefined);
      for (const facts of allFacts) {
        if (want === undefined) {
          expect(() => nextState(state, on, facts), `${state} ${on} ${JSON.stringify(facts)}`).toThrow(AppError);
        } else {
          expect(nextState(state, on, facts), `${state} ${on} ${JSON.stringify(facts)}`).toBe(expectedState(want, facts));
        }
      }
    }
  });

  it('refuses with a 409 that names the state and the move in Chinese', () => {
    const refusal = (() => {
      try {
        nextState('void', 'payment', allFacts[0]!);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 409, message: '停车记录已作废，不能收款' });
    expect(() => nextState('closed', 'payment', allFacts[0]!)).toThrow('停车记录已完成，不能收款');
  });

  it('never leaves a settled stay owing, nor a car that is gone in 已支付', () => {
    // the moves that change what is owed; refund and arrears leave it as it was
    const moneyMoves: readonly RecordEvent[] = ['exit', 'payment', 'edit', 'release'];
    for (const { state, on, facts } of cases) {
      if (!takesMove(state, on)) continue;
      const to = nextState(state, on, facts);
      // owing states only while something is owed (or a car is held at the barrier for staff)
      if (moneyMoves.includes(on) && !facts.owes && !(on === 'exit' && facts.held)) expect(['awaiting_payment', 'unpaid'], `${state} ${on}`).not.toContain(to);
      // 已支付 means paid at a barrier: a stay whose car left (closed, unpaid) never goes back to it
      if (state === 'closed' || state === 'unpaid') expect(to, `${state} ${on}`).not.toBe('paid');
    }
  });

  it('reaches every state from a car parked, and 已作废 is the end of every path', () => {
    const reached = new Set<ParkingRecordState>(['parked']);
    for (let grew = true; grew;) {
      grew = false;
      for (const state of [...reached]) {
        for (const on of recordEvents) {
          if (!takesMove(state, on)) continue;
          for (const facts of allFacts) {
            const to = nextState(state, on, facts);
            if (!reached.has(to)) {
              reached.add(to);
              grew = true;
            }
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...parkingRecordStates].sort());
    expect(recordEvents.filter((on) => takesMove('void', on))).toEqual([]);
  });
});
