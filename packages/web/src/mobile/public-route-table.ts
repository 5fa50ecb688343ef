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
const ownerPage = (name: 'OwnerSignInPage' | 'OwnerVehiclesPage' | 'OwnerStaysPage' | 'OwnerArrearsPage' | 'OwnerPhonePage') =>
  lazy(async () => ({
    default:
      name === 'OwnerSignInPage'
        ? (await import('./customers/owner-sign-in-page')).OwnerSignInPage
        : name === 'OwnerVehiclesPage'
          ? (await import('./customers/owner-vehicles-page')).OwnerVehiclesPage
          : name === 'OwnerPhonePage'
            ? (await import('./customers/owner-phone-page')).OwnerPhonePage
            : (await import('./customers/owner-stays-page'))[name],
  }));
const ownerComplaintsPage = lazy(async () => ({ default: (await import('./service/owner-complaints-page')).OwnerComplaintsPage }));
const ownerAppealsPage = lazy(async () => ({ default: (await import('./service/owner-appeals-page')).OwnerAppealsPage }));
const ownerInvoicesPage = lazy(async () => ({ default: (await import('./finance/owner-invoices-page')).OwnerInvoicesPage }));
const merchantPage = (name: 'MerchantSignInPage' | 'MerchantHomePage' | 'MerchantReportPage') =>
  lazy(async () => ({
    default:
      name === 'MerchantSignInPage'
        ? (await import('./marketing/merchant-sign-in-page')).MerchantSignInPage
        : name === 'MerchantHomePage'
          ? (await import('./marketing/merchant-home-page')).MerchantHomePage
          : (await import('./marketing/merchant-report-page')).MerchantReportPage,
  }));

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
  { path: 'owner/login', title: '车主登录', ownTitle: true, purpose: '车主手机号登录', page: ownerPage('OwnerSignInPage') },
  { path: 'owner/vehicles', title: '我的车辆', ownTitle: true, purpose: '车主绑定与解绑车辆', page: ownerPage('OwnerVehiclesPage') },
  { path: 'owner/stays', title: '我的停车', ownTitle: true, purpose: '车主在各停车场的停车记录', page: ownerPage('OwnerStaysPage') },
  { path: 'owner/arrears', title: '欠费', ownTitle: true, purpose: '车主欠费与支付', page: ownerPage('OwnerArrearsPage') },
  { path: 'owner/complaints', title: '我的投诉', ownTitle: true, purpose: '车主投诉与查看处理结果', page: ownerComplaintsPage },
  // ownerPagePaths (contract) has no appeals entry yet: the path is service/owner-service-links' ownerAppealsPagePath
  { path: 'owner/appeals', title: '我的申诉', ownTitle: true, purpose: '车主申诉停车记录与查看审核结果', page: ownerAppealsPage },
  { path: 'owner/invoices', title: '我的发票', ownTitle: true, purpose: '车主申请电子发票与下载发票', page: ownerInvoicesPage },
  { path: 'owner/phone', title: '更换手机号', ownTitle: true, purpose: '车主更换手机号', page: ownerPage('OwnerPhonePage') },
  {
    path: 'owner/phone-request',
    title: '申请人工变更',
    ownTitle: true,
    purpose: '原手机号已停用的车主申请人工变更手机号',
    page: lazy(async () => ({ default: (await import('./customers/phone-change-request-page')).PhoneChangeRequestPage })),
  },
  // merchantPagePaths (contract): a merchant's staff issue parking coupons on their phone
  { path: 'merchant/login', title: '商户登录', ownTitle: true, purpose: '商户账号登录', page: merchantPage('MerchantSignInPage') },
  { path: 'merchant', title: '商户发券', ownTitle: true, purpose: '商户向车牌发放停车优惠券', page: merchantPage('MerchantHomePage') },
  { path: 'merchant/report', title: '发券报表', ownTitle: true, purpose: '商户查看本商户每日发券与使用及后付月结金额', page: merchantPage('MerchantReportPage') },
];
