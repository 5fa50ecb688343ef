import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteHandle } from '../app/route-handle';

export interface PublicRouteEntry extends RouteHandle {
  /** relative to the root, as React Router wants child paths */
  path: string;
  /** what the driver does here, shown on the placeholder */
  purpose: string;
  /** the built page, loaded on first visit; without one the placeholder shows */
  page?: LazyExoticComponent<ComponentType>;
}

const groupCardPage = (name: 'GroupCardScanPage' | 'GroupCardInfoPage') => lazy(async () => ({ default: (await import('./marketing/group-card-info-page'))[name] }));

const driverPayPage = (name: 'ScanExitPage' | 'RecordInfoPage' | 'PdaPayPage') =>
  lazy(async () => ({
    default: name === 'ScanExitPage' ? (await import('./payments/scan-exit-page')).ScanExitPage : (await import('./payments/driver-record-page'))[name],
  }));

const activityPage = lazy(async () => ({ default: (await import('./screens/activity-page')).ActivityPage }));
const specialBillPage = (name: 'SpecialBillScanPage' | 'SpecialBillInfoPage') => lazy(async () => ({ default: (await import('./marketing/special-bill-info-page'))[name] }));

/** The drivers' phone pages: they open without sign-in, as /login does. */
export const publicRouteTable: readonly PublicRouteEntry[] = [
  { path: 'scanQRcode', title: '扫码出场', ownTitle: true, purpose: '扫码出场', page: driverPayPage('ScanExitPage') },
  { path: 'orderInfoByQRcode', title: '订单详情', ownTitle: true, purpose: '扫码出场订单详情', page: driverPayPage('RecordInfoPage') },
  { path: 'activity', title: '停车统计', ownTitle: true, purpose: '停车统计', page: activityPage },
  { path: 'pdaScanQrcode', title: '扫码支付', purpose: '扫码支付', page: driverPayPage('PdaPayPage') },
  { path: 'scanGroupCardQrcode', title: '集团卡扫码', purpose: '集团卡扫码', page: groupCardPage('GroupCardScanPage') },
  { path: 'groupCardInfo', title: '集团卡详情', purpose: '集团卡详情', page: groupCardPage('GroupCardInfoPage') },
  { path: 'scanSpeialBillQrcode', title: '扫码支付', purpose: '特殊账单扫码支付', page: specialBillPage('SpecialBillScanPage') },
  { path: 'speialBillInfo', title: '支付详情', purpose: '扫码支付详情', page: specialBillPage('SpecialBillInfoPage') },
];
