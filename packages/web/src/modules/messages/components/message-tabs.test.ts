import { badgeCount, badgeText, type MessageCounts } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { defaultTab, deviceAbnormal, tabCount, visibleTabs } from './message-tabs';

const seeded: MessageCounts = {
  orderAlertcount: 3,
  reviewAppealcount: 5,
  deviceOfflineInCount: 2,
  deviceOfflineOutCount: 1,
  deviceOfflineCount: 3,
  kaipiaoCount: 2,
};
const admin = { tenantCode: 'demo', firstPositionCode: 'manager' };
const mwFinance = { tenantCode: 'mw', firstPositionCode: 'finance' };

describe('message tabs', () => {
  it('maps each tab to its message types', () => {
    expect(visibleTabs(admin).map((tab) => [tab.key, tab.title, tab.kind === 'messages' ? tab.types : tab.parkingType])).toEqual([
      [0, '全部', [1, 8, 2, 3, 4, 5, 7, 9, 10]],
      [1, '订单预警', [1, 8]],
      [2, '申诉审核', [2, 3, 4, 5, 7]],
      [3, '路内设备离线', 0],
      [4, '路外设备离线', 1],
      [5, '财务预警', [9, 10]],
    ]);
    expect(defaultTab(admin)).toBe(0);
  });

  it('shows the mw finance position its finance tab only, opened by default', () => {
    expect(visibleTabs(mwFinance).map((tab) => tab.key)).toEqual([5]);
    expect(defaultTab(mwFinance)).toBe(5);
    expect(visibleTabs({ tenantCode: 'demo', firstPositionCode: 'finance' })).toHaveLength(6);
  });

  it('counts each tab from the counts endpoint', () => {
    expect([0, 1, 2, 3, 4, 5].map((key) => tabCount(key as 0, seeded))).toEqual([10, 3, 5, 2, 1, 2]);
    expect(tabCount(1, undefined)).toBe(0);
  });

  it('flags abnormal devices when any is offline', () => {
    expect(deviceAbnormal(seeded)).toBe(true);
    expect(deviceAbnormal({ ...seeded, deviceOfflineCount: 0 })).toBe(false);
    expect(deviceAbnormal(undefined)).toBe(false);
  });
});

describe('badge display with the seeded data', () => {
  it('is 13 for admin and 2 for mwfinance; 99+ above 99; nothing without data', () => {
    expect(badgeText(badgeCount(seeded, admin))).toBe('13');
    expect(badgeText(badgeCount(seeded, mwFinance))).toBe('2');
    expect(badgeText(badgeCount({ ...seeded, orderAlertcount: 90 }, admin))).toBe('99+');
    expect(badgeText(badgeCount(null, admin))).toBeNull();
  });
});
