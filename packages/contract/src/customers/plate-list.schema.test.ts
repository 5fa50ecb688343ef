import { describe, expect, it } from 'vitest';
import { auditField, auditTargetName } from '../system/operation-log.catalogue.js';
import { plateListEntryText, plateListInput, plateListQuery, plateListRemoveInput, plateListStateNames, plateListTypeNames, plateListValidityText } from './plate-list.schema.js';

const lotId = '0b6f1f36-8a55-4a43-9a43-6f1b2a6c9f01';
const issues = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error!.issues.map((i) => i.message);
};

describe('黑白名单 input', () => {
  it('takes a mainland plate, upper-cased, on a blue plate by default, for every lot and 长期 when nothing else is said', () => {
    expect(plateListInput.parse({ type: 'black', plateNumber: ' 粤b12345 ', reason: ' 多次冲卡 ' })).toEqual({
      type: 'black',
      plateNumber: '粤B12345',
      plateColour: 0,
      lotIds: null,
      validFrom: null,
      validTo: null,
      reason: '多次冲卡',
    });
    const ranged = plateListInput.parse({
      type: 'white',
      plateNumber: '粤BD12345',
      plateColour: 3,
      lotIds: [lotId],
      validFrom: '2026-03-01T00:00:00+08:00',
      validTo: '2026-04-01T00:00:00+08:00',
      reason: '物业车辆',
    });
    expect(ranged).toMatchObject({ plateColour: 3, lotIds: [lotId], validFrom: '2026-03-01T00:00:00+08:00' });
  });

  it('names what is wrong in Chinese', () => {
    const base = { type: 'black', plateNumber: '粤B12345', reason: '冲卡' };
    expect(issues(plateListInput, { ...base, type: 'grey' })).toEqual(['名单类型只能是黑名单或白名单']);
    expect(issues(plateListInput, { ...base, plateNumber: 'ABC' })).toEqual(['请输入正确的车牌号，如 粤B12345']);
    expect(issues(plateListInput, { ...base, plateColour: 5 })).toEqual(['请选择车牌颜色']);
    expect(issues(plateListInput, { ...base, reason: '  ' })).toEqual(['请填写原因']);
    expect(issues(plateListInput, { ...base, reason: '长'.repeat(256) })).toEqual(['原因最长255个字']);
    expect(issues(plateListInput, { ...base, lotIds: [] })).toEqual(['请至少选择一个停车场，或选择全部车场']);
    expect(issues(plateListInput, { ...base, lotIds: [lotId, lotId] })).toEqual(['停车场不能重复选择']);
    expect(issues(plateListInput, { ...base, validFrom: '2026-03-01T00:00:00+08:00' })).toEqual(['请选择有效期的开始和结束时间，或选择长期']);
    expect(issues(plateListInput, { ...base, validFrom: '2026-03-02T00:00:00+08:00', validTo: '2026-03-01T00:00:00+08:00' })).toEqual(['失效时间必须晚于生效时间']);
    expect(issues(plateListRemoveInput, {})).toEqual(['请填写移除原因']);
    expect(issues(plateListQuery, { state: 'gone' })).toEqual(['状态只能是未生效、生效中、已过期或已移除']);
  });

  it('says an entry in words, as a clash names it', () => {
    expect(Object.values(plateListTypeNames)).toEqual(['黑名单', '白名单']);
    expect(Object.values(plateListStateNames)).toEqual(['未生效', '生效中', '已过期', '已移除']);
    expect(plateListValidityText({ validFrom: null, validTo: null })).toBe('长期');
    expect(plateListValidityText({ validFrom: '2026-03-01T00:00:00.000Z', validTo: '2026-03-02T01:30:00.000Z' })).toBe('2026-03-01 08:00 至 2026-03-02 09:30');
    const entry = { type: 'white', plateNumber: '粤B12345', plateColour: 3, lotIds: [lotId], lotNames: ['一号停车场'], validFrom: null, validTo: null } as const;
    expect(plateListEntryText(entry)).toBe('白名单「粤B12345」（绿色，一号停车场，长期）');
    expect(plateListEntryText({ ...entry, type: 'black', plateColour: 0, lotIds: null, lotNames: [] })).toBe('黑名单「粤B12345」（蓝色，全部车场，长期）');
  });

  it('is named in the operation log', () => {
    expect(auditTargetName('plateList')).toBe('黑白名单');
    expect(auditField('plateList', 'type').values).toBe(plateListTypeNames);
    expect(auditField('plateList', 'removalReason').label).toBe('移除原因');
  });
});
