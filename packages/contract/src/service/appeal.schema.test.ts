import { describe, expect, it } from 'vitest';
import { appealDecisionInput, appealListQuery, ownerAppealInput } from './appeal.schema.js';

const recordId = '5b1f0c2e-8a4d-4c1e-9f0a-3d2b1c0e9f8a';
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('appeal inputs', () => {
  it("takes the owner's appeal with a reason from the list and a trimmed content", () => {
    expect(ownerAppealInput.parse({ recordId, reason: 'not_parked', content: ' 当天没有停车 ' })).toEqual({ recordId, reason: 'not_parked', content: '当天没有停车' });
    expect(firstMessage(ownerAppealInput.safeParse({ recordId, reason: 'angry', content: '多收' }))).toBe('请选择申诉原因');
    expect(firstMessage(ownerAppealInput.safeParse({ recordId, reason: 'other', content: ' ' }))).toBe('请填写申诉说明');
    expect(firstMessage(ownerAppealInput.safeParse({ recordId: 'x', reason: 'other', content: '多收' }))).toBe('停车记录编号格式不正确');
  });

  it('decides with one outcome of six, each with its own fields, a rejection only with a reason', () => {
    expect(appealDecisionInput.parse({ kind: 'waive' })).toEqual({ kind: 'waive', remark: '' });
    expect(appealDecisionInput.parse({ kind: 'plate', plateNumber: '粤b12345' })).toEqual({ kind: 'plate', plateNumber: '粤B12345', plateColour: 0, remark: '' });
    expect(firstMessage(appealDecisionInput.safeParse({ kind: 'reject', reason: '' }))).toBe('请填写驳回原因');
    expect(firstMessage(appealDecisionInput.safeParse({ kind: 'refund', amount: 0 }))).toBe('退款金额必须大于0');
    expect(firstMessage(appealDecisionInput.safeParse({ kind: 'amount', amountDue: -1 }))).toBe('新的应收金额不能为负数');
    expect(firstMessage(appealDecisionInput.safeParse({ kind: 'times', exitedAt: 'soon' }))).toContain('出场时间格式');
    expect(firstMessage(appealDecisionInput.safeParse({ kind: 'void' }))).toContain('请选择审核结果');
    expect(appealDecisionInput.safeParse({ kind: 'waive', amount: 1 }).success).toBe(false);
  });

  it('filters the list by status and a day range that runs forwards', () => {
    expect(appealListQuery.parse({ status: 'pending' }).status).toBe('pending');
    expect(firstMessage(appealListQuery.safeParse({ status: 'done' }))).toBe('审核状态只能是待审核、已通过或已驳回');
    expect(firstMessage(appealListQuery.safeParse({ filedFrom: '2026-03-12', filedTo: '2026-03-11' }))).toBe('申诉结束日期不能早于开始日期');
  });

  it("filters the list by one record's id, refusing what is not one", () => {
    expect(appealListQuery.parse({ recordId }).recordId).toBe(recordId);
    expect(firstMessage(appealListQuery.safeParse({ recordId: 'x' }))).toBe('停车记录编号格式不正确');
  });
});
