import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { RouteFallback } from '../shared/pages/route-fallback';
import type { ResourceDescriptor } from '../shared/resource/resource-types';
import { menuPath } from './first-menu-path';
import { appQueryClient } from './query-client';

type PageComponent = LazyExoticComponent<ComponentType>;

/** What a page module may say besides its component: the list it opens on, asked for the moment the module is loaded. */
interface PageModule {
  openingList?: ResourceDescriptor<never, never>;
}

/** The query of the address the page is opened at (the hash router's `#/path?query`). */
const openedSearch = () => new URLSearchParams(window.location.hash.split('?')[1] ?? '');

/**
 * A page loaded on its first visit. Its list, when it names one, is asked for as soon as its code is
 * there, so the request runs while React draws the page instead of after.
 */
export const lazyPage = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): PageComponent =>
  lazy(async () => {
    const loaded = await load();
    const { openingList } = loaded as PageModule;
    if (openingList) {
      // loaded with the page's code (its list uses it), so this is at hand; imported here, the login page would carry it
      const { prefetchResourceList } = await import('../shared/resource/use-resource');
      prefetchResourceList(appQueryClient, openingList, openedSearch());
    }
    return { default: loaded[name] as ComponentType };
  });

// loaded with the first unbuilt page, so the login page does not carry it
const ConstructionPage = lazy(async () => ({ default: (await import('../shared/pages/construction-page')).ConstructionPage }));

/**
 * urlAddress of a menu page → its component, loaded on first visit. Modules add their pages here;
 * an address missing from this table renders the 建设中 placeholder.
 */
export const pageRegistry: Readonly<Record<string, PageComponent>> = {
  'system/tenant': lazyPage(() => import('../modules/system/pages/tenant-page'), 'TenantPage'),
  'system/message': lazyPage(() => import('../modules/messages/pages/system-message-page'), 'SystemMessagePage'),
  'system/dictionary': lazyPage(() => import('../modules/system/pages/dictionary-page'), 'DictionaryPage'),
  'system/log': lazyPage(() => import('../modules/system/pages/operation-log-page'), 'OperationLogPage'),
  'system/backup': lazyPage(() => import('../modules/system/pages/backup-page'), 'BackupPage'),
  'system/role': lazyPage(() => import('../modules/system/pages/role-page'), 'RolePage'),
  'system/menu': lazyPage(() => import('../modules/system/pages/menu-page'), 'MenuPage'),
  'system/user': lazyPage(() => import('../modules/system/pages/user-page'), 'UserPage'),
  'system/organize': lazyPage(() => import('../modules/system/pages/organization-page'), 'OrganizationPage'),
  'system/position': lazyPage(() => import('../modules/system/pages/position-page'), 'PositionPage'),
  'parkingAdmin/parkingList': lazyPage(() => import('../modules/parking/pages/lot-page'), 'LotPage'),
  'parkingAdmin/parkingArea': lazyPage(() => import('../modules/parking/pages/area-page'), 'AreaPage'),
  'parkingAdmin/parkingLane': lazyPage(() => import('../modules/parking/pages/lane-page'), 'LanePage'),
  'parkingAdmin/parkingSpace': lazyPage(() => import('../modules/parking/pages/space-page'), 'SpacePage'),
  'parkingAdmin/longRental': lazyPage(() => import('../modules/parking/pages/long-rental-page'), 'LongRentalPage'),
  'parkingAdmin/tariff': lazyPage(() => import('../modules/parking/pages/tariff-page'), 'TariffPage'),
  'SysOperations/inRoad': lazyPage(() => import('../modules/devices/pages/device-page'), 'InRoadPage'),
  'SysOperations/outRoad': lazyPage(() => import('../modules/devices/pages/device-page'), 'OutRoadPage'),
  'SysOperations/deviceOffline': lazyPage(() => import('../modules/devices/pages/device-offline-page'), 'DeviceOfflinePage'),
  'SysOperations/screen': lazyPage(() => import('../modules/devices/pages/screen-page'), 'ScreenPage'),
  'OrderManagement/ParkingRecordOrder': lazyPage(() => import('../modules/orders/pages/parking-record-page'), 'ParkingRecordPage'),
  'OrderManagement/paymentRecord': lazyPage(() => import('../modules/payments/pages/payment-record-page'), 'PaymentRecordPage'),
  'FinancialManagement/revenueReport': lazyPage(() => import('../modules/finance/pages/revenue-report-page'), 'RevenueReportPage'),
  'FinancialManagement/refund': lazyPage(() => import('../modules/payments/pages/refund-page'), 'RefundPage'),
  'FinancialManagement/invoiceRecord': lazyPage(() => import('../modules/finance/pages/invoice-page'), 'InvoicePage'),
  'FinancialManagement/accountCheck': lazyPage(() => import('../modules/finance/pages/reconciliation-batch-page'), 'ReconciliationBatchPage'),
  'FinancialManagement/accountCheckMistake': lazyPage(() => import('../modules/finance/pages/reconciliation-mistake-page'), 'ReconciliationMistakePage'),
  'OrderManagement/parkingOrderEditAudit': lazyPage(() => import('../modules/orders/pages/record-edit-audit-page'), 'RecordEditAuditPage'),
  'OrderManagement/OrderWarning': lazyPage(() => import('../modules/orders/pages/order-warning-page'), 'OrderWarningPage'),
  'OrderManagement/specialBill': lazyPage(() => import('../modules/marketing/pages/special-bill-page'), 'SpecialBillPage'),
  'jointRecovery/unpaidOrders': lazyPage(() => import('../modules/recovery/pages/arrears-page'), 'ArrearsPage'),
  'ParkingOperations/group': lazyPage(() => import('../modules/marketing/pages/group-page'), 'GroupPage'),
  'ParkingOperations/groupCard': lazyPage(() => import('../modules/marketing/pages/group-card-page'), 'GroupCardPage'),
  'ParkingOperations/merchant': lazyPage(() => import('../modules/marketing/pages/merchant-page'), 'MerchantPage'),
  'ParkingOperations/coupon': lazyPage(() => import('../modules/marketing/pages/coupon-page'), 'CouponPage'),
  'ParkingOperations/customerComplain': lazyPage(() => import('../modules/service/pages/complaint-page'), 'ComplaintPage'),
  'ParkingOperations/appeal': lazyPage(() => import('../modules/service/pages/appeal-page'), 'AppealPage'),
  'jointRecovery/recoveryRecord': lazyPage(() => import('../modules/recovery/pages/recovery-record-page'), 'RecoveryRecordPage'),
  'customer/customerList': lazyPage(() => import('../modules/customers/pages/customer-page'), 'CustomerPage'),
  'customer/carList': lazyPage(() => import('../modules/customers/pages/vehicle-page'), 'VehiclePage'),
  'customer/blackWhiteList': lazyPage(() => import('../modules/customers/pages/black-white-list-page'), 'BlackWhiteListPage'),
  'customer/CarAuthenticationAudit': lazyPage(() => import('../modules/customers/pages/vehicle-auth-page'), 'VehicleAuthPage'),
  'customer/carPhoneAudit': lazyPage(() => import('../modules/customers/pages/car-phone-audit-page'), 'CarPhoneAuditPage'),
};

export function pageElement(urlAddress: string, title: string, registry: Readonly<Record<string, PageComponent>> = pageRegistry): ReactNode {
  const Page = Object.hasOwn(registry, urlAddress) ? registry[urlAddress] : undefined;
  return <Suspense fallback={<RouteFallback />}>{Page ? <Page /> : <ConstructionPage title={title} path={menuPath(urlAddress)} />}</Suspense>;
}
