import { specialBillFields } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { fenToYuan, moneyProblem, yuanToFen } from './money';

describe('money conversion', () => {
  it('shows fen as yuan with two decimals, nothing as blank', () => {
    expect(fenToYuan(1250)).toBe('12.50');
    expect(fenToYuan(7)).toBe('0.07');
    expect(fenToYuan(null)).toBe('');
  });

  it('reads typed yuan as exact fen, never through a float', () => {
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen(' 0.07 ')).toBe(7);
    expect(yuanToFen('1.13')).toBe(113);
    expect(yuanToFen('100')).toBe(10000);
    expect(yuanToFen('-3.2')).toBe(-320);
    expect(yuanToFen('')).toBeNull();
  });

  it('gives NaN, not a rounded amount, for text that is no amount of at most two decimals', () => {
    expect(yuanToFen('12.345')).toBeNaN();
    expect(yuanToFen('12元')).toBeNaN();
  });
});

describe('money rules', () => {
  const schema = specialBillFields.shape.amount;

  it('says what is wrong with a typed amount under the field instead of rounding it', () => {
    expect(moneyProblem('12.345', { noun: '金额', schema })).toBe('金额最多两位小数');
    expect(moneyProblem('abc', { noun: '金额', schema })).toBe('金额必须是数字，如 12.50');
    expect(moneyProblem('1e3', { noun: '金额', schema })).toBe('金额必须是数字，如 12.50');
  });

  it("checks the amount in fen with the contract's schema, so its messages are the server's", () => {
    expect(moneyProblem('0', { noun: '金额', schema })).toBe('金额必须大于0');
    expect(moneyProblem('12.50', { noun: '金额', schema })).toBeUndefined();
  });

  it("checks the caller's bounds first, with their messages", () => {
    const max = { fen: 1750, message: '退款金额不能超过可退金额 17.50 元' };
    expect(moneyProblem('17.51', { noun: '退款金额', max })).toBe(max.message);
    expect(moneyProblem('17.50', { noun: '退款金额', max })).toBeUndefined();
    expect(moneyProblem('0.50', { noun: '金额', min: { fen: 100, message: '不能低于 1.00 元' } })).toBe('不能低于 1.00 元');
  });

  it('leaves a blank to the required rule', () => {
    expect(moneyProblem('', { noun: '金额', schema })).toBeUndefined();
    expect(moneyProblem(undefined, { noun: '金额', schema })).toBeUndefined();
  });
});
