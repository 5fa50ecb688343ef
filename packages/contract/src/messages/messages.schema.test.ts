import { describe, expect, it } from 'vitest';
import { badgeCount, badgeText, messageListQuery, type MessageCounts } from './messages.schema.js';

const counts: MessageCounts = {
  orderAlertcount: 3,
  reviewAppealcount: 4,
  deviceOfflineInCount: 2,
  deviceOfflineOutCount: 1,
  deviceOfflineCount: 3,
  kaipiaoCount: 5,
};

describe('badgeCount', () => {
  it('is null with no data', () => {
    expect(badgeCount(null, { tenantCode: 'demo', firstPositionCode: undefined })).toBeNull();
  });

  it('sums order alerts, appeals, in- and out-road offline devices and invoicing, not the total twice', () => {
    expect(badgeCount(counts, { tenantCode: 'demo', firstPositionCode: 'finance' })).toBe(3 + 4 + 2 + 1 + 5);
  });

  it('counts only invoicing for the finance position in tenant mw', () => {
    expect(badgeCount(counts, { tenantCode: 'mw', firstPositionCode: 'finance' })).toBe(5);
    expect(badgeCount(counts, { tenantCode: 'mw', firstPositionCode: 'manager' })).toBe(15);
  });
});

describe('badgeText', () => {
  it.each([
    [null, null],
    [0, '0'],
    [99, '99'],
    [100, '99+'],
  ])('shows %s as %s', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});

describe('messageListQuery', () => {
  it('defaults to page 1 of 50 and reads the type list in both spellings', () => {
    expect(messageListQuery.parse({})).toEqual({ currentPage: 1, pageSize: 50, messageTypeList: undefined });
    expect(messageListQuery.parse({ messageTypeList: '2,3, 4' }).messageTypeList).toEqual([2, 3, 4]);
    expect(messageListQuery.parse({ messageTypeList: ['9', '10'] }).messageTypeList).toEqual([9, 10]);
  });
});
