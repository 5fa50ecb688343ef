import { describe, expect, it } from 'vitest';
import { orderWarningKindCategory, orderWarningKinds, orderWarningKindsOf, orderWarningListQuery, orderWarningMessageType } from '../index.js';

describe('order warning kinds', () => {
  it('puts the order anomalies in category 1 (message type 1) and the vehicle watch in category 2 (message type 8)', () => {
    expect(orderWarningKindsOf(1)).toEqual(['duplicate_entry', 'exit_without_entry', 'long_stay', 'low_confidence', 'abnormal_release']);
    expect(orderWarningKindsOf(2)).toEqual(['blacklist_entry', 'arrears_entry']);
    expect(orderWarningKinds.every((k) => orderWarningKindCategory[k] === 1 || orderWarningKindCategory[k] === 2)).toBe(true);
    expect(orderWarningMessageType).toEqual({ 1: 1, 2: 8 });
  });
});

describe('order warning list query', () => {
  it('reads the category from the query string and upper-cases a plate', () => {
    expect(orderWarningListQuery.parse({ category: '2', plateNumber: ' 粤b1 ' })).toMatchObject({ category: 2, plateNumber: '粤B1', currentPage: 1, pageSize: 10 });
  });

  it('refuses a kind of the other category and a backwards time range, in Chinese', () => {
    const mixed = orderWarningListQuery.safeParse({ category: '1', kind: 'arrears_entry' });
    expect(mixed.error?.issues[0]?.message).toBe('预警类型「欠费车辆入场」不属于订单异常');
    const backwards = orderWarningListQuery.safeParse({ createdFrom: '2025-03-03T00:00:00+08:00', createdTo: '2025-03-02T00:00:00+08:00' });
    expect(backwards.error?.issues[0]?.message).toBe('预警结束时间不能早于开始时间');
    expect(orderWarningListQuery.safeParse({ category: '0' }).error?.issues[0]?.message).toContain('预警类别只能是');
  });
});
