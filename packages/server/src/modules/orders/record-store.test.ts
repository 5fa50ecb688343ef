import { describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/app-error.js';
import type { ParkingRecordRow } from './parking-record.repository.js';
import { moneyFault, planRecordChange, RecordMoneyError } from './record-store.js';

const record = (values: Partial<ParkingRecordRow>): ParkingRecordRow =>
  ({ id: 'r1', tenantId: 't1', lotId: 'l1', state: 'parked', amountDue: 0, discount: 0, paid: 0, unpaid: 0, ...values }) as ParkingRecordRow;

describe('the money of a record', () => {
  it('balances when due − discount = paid + unpaid, in whole fen not below zero', () => {
    expect(moneyFault({ amountDue: 1000, discount: 200, paid: 300, unpaid: 500 })).toBeUndefined();
    expect(moneyFault({ amountDue: 1000, discount: 200, paid: 300, unpaid: 400 })).toBe('应收 10.00 − 优惠 2.00 ≠ 已付 3.00 + 未付 4.00');
    expect(moneyFault({ amountDue: 100, discount: 0, paid: 150, unpaid: -50 })).toBe('unpaid 为 -50，应为不小于 0 的整数分');
    expect(moneyFault({ amountDue: 100.5, discount: 0, paid: 0, unpaid: 100.5 })).toMatch(/^amountDue 为 100.5/);
  });
});

describe('planning a change of a record', () => {
  it('takes the state from the move and the money as it will be, not from the caller', () => {
    const waiting = record({ state: 'awaiting_payment', amountDue: 800, unpaid: 800 });
    expect(planRecordChange(waiting, 'payment', { paid: 300, unpaid: 500 }).state).toBe('awaiting_payment');
    expect(planRecordChange(waiting, 'payment', { paid: 800, unpaid: 0 }).state).toBe('paid');
    const gone = record({ state: 'unpaid', amountDue: 800, unpaid: 800 });
    expect(planRecordChange(gone, 'payment', { paid: 800, unpaid: 0 }).state).toBe('closed');
    const parked = record({ state: 'parked' });
    expect(planRecordChange(parked, 'exit', { amountDue: 600, unpaid: 600 }, { barrier: true }).state).toBe('awaiting_payment');
    expect(planRecordChange(parked, 'exit', { amountDue: 600, unpaid: 600 }, { barrier: false }).state).toBe('unpaid');
  });

  it('keeps the state for a change that makes no move (a plate corrected)', () => {
    expect(planRecordChange(record({ state: 'closed' }), null, { plateNumber: '粤B12345' })).toEqual({ plateNumber: '粤B12345', state: 'closed' });
  });

  it('refuses a move the state does not take (409) and money that does not balance (a defect, not a 4xx)', () => {
    expect(() => planRecordChange(record({ state: 'void' }), 'payment', { paid: 100 })).toThrow(AppError);
    const unbalanced = () => planRecordChange(record({ state: 'awaiting_payment', amountDue: 800, unpaid: 800 }), 'payment', { paid: 800 });
    expect(unbalanced).toThrow(RecordMoneyError);
    expect(unbalanced).toThrow('停车记录 r1 金额不平衡：应收 8.00 − 优惠 0.00 ≠ 已付 8.00 + 未付 8.00');
  });
});
