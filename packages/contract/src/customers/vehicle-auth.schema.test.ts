import { describe, expect, it } from 'vitest';
import { auditField, auditTargetName } from '../system/operation-log.catalogue.js';
import { vehicleAuthBatchInput, vehicleAuthListQuery, vehicleAuthRejectInput, vehicleAuthSubmitQuery } from './vehicle-auth.schema.js';

const id = '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01';
const issues = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error!.issues.map((i) => i.message);
};

describe('后台录入 query', () => {
  it('takes a 认证 by its vehicle, and a 过户申诉 by the claimant and the plate, upper-cased, colour from the query string', () => {
    expect(vehicleAuthSubmitQuery.parse({ kind: 'verify', vehicleId: id })).toEqual({ kind: 'verify', vehicleId: id });
    expect(vehicleAuthSubmitQuery.parse({ kind: 'claim', customerId: id, plateNumber: ' 粤b12345 ', plateColour: '3' })).toEqual({
      kind: 'claim',
      customerId: id,
      plateNumber: '粤B12345',
      plateColour: 3,
    });
    expect(vehicleAuthSubmitQuery.parse({ kind: 'claim', customerId: id, plateNumber: '粤B12345' })).toMatchObject({ plateColour: 0 });
  });

  it('names what is wrong in Chinese', () => {
    expect(issues(vehicleAuthSubmitQuery, { kind: 'verify' })).toEqual(['请选择要认证的车辆']);
    expect(issues(vehicleAuthSubmitQuery, { kind: 'claim', customerId: id, plateNumber: '12345' })).toEqual(['请输入正确的车牌号，如 粤B12345']);
    expect(issues(vehicleAuthSubmitQuery, { kind: 'claim', customerId: id, plateNumber: '粤B12345', plateColour: '9' })).toEqual(['请选择车牌颜色']);
    expect(issues(vehicleAuthSubmitQuery, { kind: 'transfer' })).toEqual(['申请类型只能是认证（verify）或过户申诉（claim）']);
    // a 认证 names no owner: the vehicle does
    expect(vehicleAuthSubmitQuery.safeParse({ kind: 'verify', vehicleId: id, customerId: id }).success).toBe(false);
  });
});

describe('驳回 and 批量通过', () => {
  it('requires a reason, trimmed, at most 200 characters', () => {
    expect(vehicleAuthRejectInput.parse({ reason: ' 照片模糊 ' })).toEqual({ reason: '照片模糊' });
    expect(issues(vehicleAuthRejectInput, {})).toEqual(['请填写驳回原因']);
    expect(issues(vehicleAuthRejectInput, { reason: '  ' })).toEqual(['请填写驳回原因']);
    expect(issues(vehicleAuthRejectInput, { reason: '长'.repeat(201) })).toEqual(['驳回原因最长200个字']);
  });

  it('takes 1 to 100 request ids', () => {
    expect(issues(vehicleAuthBatchInput, { ids: [] })).toEqual(['请选择要通过的申请']);
    expect(issues(vehicleAuthBatchInput, { ids: ['x'] })).toEqual(['申请编号格式不正确']);
    expect(issues(vehicleAuthBatchInput, { ids: Array.from({ length: 101 }, () => id) })).toEqual(['一次最多通过100条申请']);
    expect(vehicleAuthBatchInput.parse({ ids: [id] })).toEqual({ ids: [id] });
  });
});

describe('list query', () => {
  it('filters by state, kind, plate (upper-cased), phone and Shanghai days, refusing an end before the start', () => {
    expect(vehicleAuthListQuery.parse({ status: 'pending', kind: 'claim', plateNumber: ' 粤b1 ', phone: '5678', createdFrom: '2026-03-01', createdTo: '2026-03-02' })).toMatchObject({
      status: 'pending',
      kind: 'claim',
      plateNumber: '粤B1',
      phone: '5678',
    });
    expect(issues(vehicleAuthListQuery, { status: 'done' })).toEqual(['审核状态只能是待审核、已通过或已驳回']);
    expect(issues(vehicleAuthListQuery, { createdFrom: '2026-03-02', createdTo: '2026-03-01' })).toEqual(['申请结束日期不能早于开始日期']);
  });
});

describe('operation log', () => {
  it('names a request and its fields in Chinese', () => {
    expect(auditTargetName('vehicleAuth')).toBe('车辆认证申请');
    expect(auditField('vehicleAuth', 'kind')).toMatchObject({ label: '申请类型', values: { verify: '认证', claim: '过户申诉' } });
    expect(auditField('vehicleAuth', 'holderPhone')).toMatchObject({ label: '原车主手机号', phone: true });
  });
});
