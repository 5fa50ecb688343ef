import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  formatAmount,
  formatDuration,
  maskEmail,
  maskMobile,
  normalizeSearch,
  findPlates,
  plateCopiedMessage,
  removeEmptyFields,
  sanitizeMoney,
  stripWhitespace,
} from './filters.js';

describe('input sanitizers', () => {
  it.each([
    ['12.345', '12.34'],
    ['12.3', '12.3'],
    ['12.', '12.'],
    ['1a2b.5c6d7', '12.56'],
    ['1.2.3', '1.23'],
    ['¥88', '88'],
  ])('money %j → %j', (input, output) => {
    expect(sanitizeMoney(input)).toBe(output);
  });

  it('keeps digits only, and strips every kind of whitespace', () => {
    expect(digitsOnly('粤B 12-34a5')).toBe('12345');
    expect(stripWhitespace(' 粤B\t123 45\n')).toBe('粤B12345');
  });

  it('removes empty fields from a query and keeps zero and false', () => {
    expect(removeEmptyFields({ a: '', b: null, c: undefined, d: '  ', e: [], f: 0, g: false, h: 'x', i: [1] })).toEqual({
      f: 0,
      g: false,
      h: 'x',
      i: [1],
    });
  });

  it('trims string filters and sends an empty one as null', () => {
    expect(normalizeSearch({ plate: '  粤B123 ', name: '   ', status: 1, lot: null })).toEqual({
      plate: '粤B123',
      name: null,
      status: 1,
      lot: null,
    });
  });
});

describe('display filters', () => {
  it.each([
    [1234, '12.34'],
    [5, '0.05'],
    [0, '0.00'],
    [-250, '-2.50'],
    ['1999', '19.99'],
    [null, '0.00'],
    [undefined, '0.00'],
  ])('amount %j fen → %s yuan', (fen, yuan) => {
    expect(formatAmount(fen)).toBe(yuan);
  });

  it.each([
    [0, '0秒'],
    [59, '59秒'],
    [60, '1分'],
    [3_661, '1时1分1秒'],
    [86_400, '1天'],
    [90_061, '1天1时1分1秒'],
    [172_800 + 120, '2天2分'],
  ])('duration %d s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('masks the 4th to 7th digit of a mobile number', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('')).toBe('');
  });

  it('hides up to 5 characters before the @', () => {
    expect(maskEmail('zhangsan@example.com')).toBe('zha*****@example.com');
    expect(maskEmail('abc@x.cn')).toBe('***@x.cn');
    expect(maskEmail('not-an-email')).toBe('not-an-email');
  });

  it('says a copied plate in its fixed wording', () => {
    expect(plateCopiedMessage('粤B12345')).toBe('复制成功,车牌:粤B12345');
  });
});

describe('findPlates', () => {
  it.each([
    ['车牌 粤B12345 在 东门停车场 重复入场', ['粤B12345']],
    ['车辆 粤B7K2Q9 的认证申请', ['粤B7K2Q9']],
    ['新能源 沪AD12345 与 京A88888 同时出场，京A88888 重复', ['沪AD12345', '京A88888']],
    ['教练车 苏A1234学', ['苏A1234学']],
    ['对账批次“20261119-01”存在 3 笔差错', []],
    ['粤B1234（太短）', []],
  ])('%s → %j', (text, plates) => {
    expect(findPlates(text)).toEqual(plates);
  });
});
