import { describe, expect, it } from 'vitest';
import { specialBillInput, specialBillListQuery } from './special-bill.schema.js';

const lotId = '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01';
const base = { lotId, item: '车辆损坏赔偿', amount: 12050 };
const messages = (input: unknown) => {
  const parsed = specialBillInput.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('special bill input', () => {
  it('takes a plate as other plate inputs do, and none at all', () => {
    expect(specialBillInput.parse({ ...base, plateNumber: ' 粤b12345 ' }).plateNumber).toBe('粤B12345');
    expect(specialBillInput.parse(base)).toMatchObject({ plateNumber: null, remark: '' });
    expect(specialBillInput.parse({ ...base, plateNumber: '  ' }).plateNumber).toBeNull();
  });

  it('names what is wrong in Chinese', () => {
    expect(messages({ ...base, plateNumber: '粤B1234' })).toEqual(['请输入正确的车牌号，如 粤B12345']);
    expect(messages({ ...base, amount: 0 })).toEqual(['金额必须大于0']);
    expect(messages({ ...base, amount: 12.5 })).toEqual(['金额最多两位小数']);
    expect(messages({ ...base, amount: 10_000_001 })).toEqual(['金额最大为100000元']);
    expect(messages({ ...base, item: ' ' })).toEqual(['请输入收费项目']);
    expect(messages({ ...base, lotId: undefined })).toEqual(['请选择停车场']);
  });

  it('refuses fields it does not know, such as a status', () => {
    expect(specialBillInput.safeParse({ ...base, status: 'paid' }).success).toBe(false);
  });
});

describe('special bill list query', () => {
  it('upper-cases the plate prefix and refuses a backwards time range', () => {
    expect(specialBillListQuery.parse({ plateNumber: '粤b' }).plateNumber).toBe('粤B');
    const backwards = specialBillListQuery.safeParse({ createdFrom: '2026-03-03T00:00:00+08:00', createdTo: '2026-03-02T00:00:00+08:00' });
    expect(backwards.error?.issues.map((i) => i.message)).toEqual(['创建结束时间不能早于开始时间']);
    expect(specialBillListQuery.safeParse({ status: 'refunded' }).success).toBe(false);
  });
});
