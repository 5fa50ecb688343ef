import { describe, expect, it } from 'vitest';
import { auditField, auditTargetName } from '../system/operation-log.catalogue.js';
import { phoneChangeCodeInput, phoneChangeListQuery, phoneChangeRejectInput, phoneChangeSubmitQuery } from './phone-change.schema.js';

const issues = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error!.issues.map((i) => i.message);
};

describe('申请人工变更 on the phone page', () => {
  it('takes both numbers, the new number’s code and an order number, trimmed', () => {
    expect(phoneChangeSubmitQuery.parse({ oldPhone: ' 13800138001 ', newPhone: '13900139001', code: ' 123456 ', orderNo: ' ab-12 ' })).toEqual({
      oldPhone: '13800138001',
      newPhone: '13900139001',
      code: '123456',
      orderNo: 'ab-12',
    });
    expect(phoneChangeCodeInput.parse({ oldPhone: '13800138001', newPhone: '13900139001' })).toEqual({ oldPhone: '13800138001', newPhone: '13900139001' });
  });

  it('names what is wrong in Chinese', () => {
    expect(issues(phoneChangeSubmitQuery, { oldPhone: '', newPhone: '139', code: '12', orderNo: ' ' })).toEqual([
      '请输入原手机号',
      '请输入正确的电话号码',
      '验证码为6位数字',
      '请填写最近一次停车的订单号',
    ]);
    expect(issues(phoneChangeCodeInput, { oldPhone: '13800138001', newPhone: '13800138001' })).toEqual(['新手机号不能与原手机号相同']);
    expect(issues(phoneChangeSubmitQuery, { oldPhone: '13800138001', newPhone: '13900139001', code: '123456', orderNo: 'x'.repeat(65) })).toEqual(['订单号最长64位']);
    expect(phoneChangeSubmitQuery.safeParse({ oldPhone: '13800138001', newPhone: '13900139001', code: '123456', orderNo: '1', customerId: 'x' }).success).toBe(false);
  });
});

describe('审核', () => {
  it('needs a reason to reject, at most 200 characters', () => {
    expect(issues(phoneChangeRejectInput, { reason: '  ' })).toEqual(['请填写驳回原因']);
    expect(issues(phoneChangeRejectInput, { reason: '字'.repeat(201) })).toEqual(['驳回原因最长200个字']);
    expect(phoneChangeRejectInput.parse({ reason: ' 订单号与车辆不符 ' })).toEqual({ reason: '订单号与车辆不符' });
  });

  it('filters the list by state, phone and a day range that is not reversed', () => {
    expect(phoneChangeListQuery.parse({ status: 'pending', phone: ' 0001 ', createdFrom: '2026-11-01', createdTo: '2026-11-02' })).toMatchObject({ status: 'pending', phone: '0001' });
    expect(issues(phoneChangeListQuery, { status: 'done' })).toEqual(['审核状态只能是待审核、已通过或已驳回']);
    expect(issues(phoneChangeListQuery, { createdFrom: '2026-11-02', createdTo: '2026-11-01' })).toEqual(['申请结束日期不能早于开始日期']);
  });

  it('is named in the operation log, its numbers masked', () => {
    expect(auditTargetName('phoneChange')).toBe('手机号变更申请');
    expect(auditField('phoneChange', 'newPhone')).toEqual({ label: '新手机号', phone: true });
    expect(auditField('phoneChange', 'status')).toMatchObject({ label: '审核状态', values: { pending: '待审核', approved: '已通过', rejected: '已驳回' } });
  });
});
