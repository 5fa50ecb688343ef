import { describe, expect, it } from 'vitest';
// imported before parking-record.schema on purpose: the two files name each other, lazily
import { changedEditFields, describeEditRequest, recordEditInput, recordEditSnapshot, type RecordEditSnapshot } from './record-edit-audit.schema.js';
import { parkingRecordDetail } from './parking-record.schema.js';

const before: RecordEditSnapshot = {
  plateNumber: '粤B12345',
  plateColour: 0,
  enteredAt: '2026-03-03T01:00:00.000Z',
  exitedAt: '2026-03-03T02:40:00.000Z',
  state: 'awaiting_payment',
  amountDue: 1750,
  discount: 0,
  paid: 0,
  unpaid: 1750,
};
const shanghai = (iso: string) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

describe('record edit audit contract', () => {
  it('reads a snapshot and a record detail with its edits whichever file loads first', () => {
    expect(recordEditSnapshot.parse(before)).toEqual(before);
    expect(recordEditSnapshot.safeParse({ ...before, state: 'gone' }).success).toBe(false);
    expect(parkingRecordDetail.shape.edits.safeParse([{ id: 'x' }]).success).toBe(false);
    expect(parkingRecordDetail.shape.edits.parse([])).toEqual([]);
  });

  it('names the fields an applied correction changed, in display order', () => {
    expect(changedEditFields(before, { ...before, amountDue: 1200, unpaid: 1200 })).toEqual(['amountDue', 'unpaid']);
    expect(changedEditFields(before, { ...before, state: 'void', amountDue: 0, unpaid: 0 })).toEqual(['state', 'amountDue', 'unpaid']);
    expect(changedEditFields(before, before)).toEqual([]);
  });

  it('says what a request asks for in one line', () => {
    expect(describeEditRequest('amount', { amountDue: 1205 }, shanghai)).toBe('应收金额改为 12.05 元');
    expect(describeEditRequest('plate', { plateNumber: '粤B54321' }, shanghai)).toBe('车牌改为 粤B54321');
    expect(describeEditRequest('void', {}, shanghai)).toBe('作废');
    expect(describeEditRequest('times', { enteredAt: '2026-03-03T00:30:00.000Z', exitedAt: null }, (iso) => iso.slice(11, 16))).toBe('入场时间改为 00:30');
  });

  it('upper-cases plates, defaults the colour and a parked car’s exit, and refuses an unknown kind', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(recordEditInput.parse({ kind: 'plate', recordId: id, plateNumber: ' 粤b12345 ', reason: ' 识别错误 ' })).toEqual({
      kind: 'plate',
      recordId: id,
      plateNumber: '粤B12345',
      plateColour: 0,
      reason: '识别错误',
    });
    expect(recordEditInput.parse({ kind: 'times', recordId: id, enteredAt: '2026-03-03T08:00:00+08:00', reason: '入场有误' })).toMatchObject({ exitedAt: null });
    expect(recordEditInput.safeParse({ kind: 'merge', recordId: id, reason: 'x' }).error?.issues[0]?.message).toContain('修改类型只能是');
    expect(recordEditInput.safeParse({ kind: 'amount', recordId: id, amountDue: 100_000_001, reason: 'x' }).error?.issues[0]?.message).toBe('新的应收金额不能超过100万元');
  });
});
