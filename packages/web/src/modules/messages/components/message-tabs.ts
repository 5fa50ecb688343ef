import { allTabTypes, deviceOfflineTabs, isFinanceOnly, messageTabTypes, type MessageCounts } from '@parking/contract';

export type MessageTabKey = 0 | 1 | 2 | 3 | 4 | 5;

export type MessageTab = { key: 0 | 1 | 2 | 5; kind: 'messages'; title: string; types: readonly number[] | null } | { key: 3 | 4; kind: 'devices'; title: string; parkingType: 0 | 1 };

/** Tab 0 all, 1 order warnings, 2 appeal reviews, 3/4 on/off-road offline devices, 5 finance. */
export const messageTabs: readonly MessageTab[] = [
  // the types its count sums: an outage is listed in its own tab, as its offline task
  { key: 0, kind: 'messages', title: '全部', types: allTabTypes },
  { key: 1, kind: 'messages', title: '订单预警', types: messageTabTypes[1] ?? [] },
  { key: 2, kind: 'messages', title: '申诉审核', types: messageTabTypes[2] ?? [] },
  { key: deviceOfflineTabs.onRoad, kind: 'devices', title: '路内设备离线', parkingType: 0 },
  { key: deviceOfflineTabs.offRoad, kind: 'devices', title: '路外设备离线', parkingType: 1 },
  { key: 5, kind: 'messages', title: '财务预警', types: messageTabTypes[5] ?? [] },
];

export interface MessageViewer {
  tenantCode: string;
  firstPositionCode: string | undefined;
}

/** The mw finance position sees the finance tab only; everyone else sees every tab. */
export const visibleTabs = (viewer: MessageViewer): readonly MessageTab[] =>
  isFinanceOnly(viewer.tenantCode, viewer.firstPositionCode) ? messageTabs.filter((tab) => tab.key === 5) : messageTabs;

export const defaultTab = (viewer: MessageViewer): MessageTabKey => (isFinanceOnly(viewer.tenantCode, viewer.firstPositionCode) ? 5 : 0);

/** A tab's count; "all" counts the messages it lists, so device tasks are left to their own tabs. */
export function tabCount(key: MessageTabKey, counts: MessageCounts | undefined): number {
  if (!counts) return 0;
  switch (key) {
    case 0:
      return counts.orderAlertcount + counts.reviewAppealcount + counts.kaipiaoCount;
    case 1:
      return counts.orderAlertcount;
    case 2:
      return counts.reviewAppealcount;
    case 3:
      return counts.deviceOfflineInCount;
    case 4:
      return counts.deviceOfflineOutCount;
    case 5:
      return counts.kaipiaoCount;
  }
}

/** The device-abnormal flag. */
export const deviceAbnormal = (counts: MessageCounts | undefined): boolean => (counts?.deviceOfflineCount ?? 0) !== 0;
