import type { RouteObject } from 'react-router';
import { LoginPage } from '../modules/auth';
import { publicRouteTable } from '../mobile/public-route-table';
import { screenRouteTable } from '../screens/screen-route-table';
import { RedirectPage } from '../shell/redirect-page';
import { RootRedirect } from '../shell/root-redirect';
import type { RouteHandle } from './route-handle';
import { lazyPage } from './page-registry';
import { RouteFallback } from '../shared/pages/route-fallback';
import { Suspense, type ComponentType } from 'react';

const UserCenterPage = lazyPage(() => import('../modules/system/pages/user-center-page'), 'UserCenterPage');
const ScanLandingPage = lazyPage(() => import('../mobile/parking/scan-landing-page'), 'ScanLandingPage');
const SpaceBatchPage = lazyPage(() => import('../modules/parking/pages/space-batch-page'), 'SpaceBatchPage');
const ParkingRecordDetailPage = lazyPage(() => import('./parking-record-detail'), 'ParkingRecordDetail');
const ArrearsDetailPage = lazyPage(() => import('../modules/recovery/pages/arrears-detail-page'), 'ArrearsDetailPage');

/** The screens built so far, each its own chunk (echarts or the video players come with it); the others show 建设中. */
const builtScreens: Readonly<Partial<Record<string, () => Promise<ComponentType>>>> = {
  dataView: async () => (await import('../modules/screens/pages/data-view-page')).DataViewPage,
  operationView: async () => (await import('../modules/screens/pages/operation-view-page')).OperationViewPage,
  newDataView: async () => (await import('../modules/screens/pages/new-data-view-page')).NewDataViewPage,
  palyer: async () => (await import('../modules/screens/pages/player-page')).PlayerPage,
};

const titled = (title: string): RouteHandle => ({ title });

/** A page opened from a list names that list as its parent, so the breadcrumb reads 订单管理 / 停车记录 / 详情. */
const detailOf = (title: string, parent: string, crumb?: string): RouteHandle => ({ title, parent, ...(crumb ? { crumb } : {}) });

/**
 * Routes outside the shell: sign-in, the drivers' public pages, big screens, error pages. Only the
 * login page is loaded up front; the others load when visited.
 */
export const standaloneRoutes: RouteObject[] = [
  { path: 'login', handle: titled('登录'), element: <LoginPage /> },
  ...publicRouteTable.map(({ page: Page, ...entry }): RouteObject => ({
    path: entry.path,
    handle: entry,
    ...(Page
      ? {
          element: (
            <Suspense fallback={<RouteFallback />}>
              <Page />
            </Suspense>
          ),
        }
      : {
          lazy: async () => {
            const { PublicPlaceholderPage } = await import('../mobile/public-placeholder-page');
            return { element: <PublicPlaceholderPage entry={entry} /> };
          },
        }),
  })),
  ...screenRouteTable.map((entry): RouteObject => ({
    path: entry.path,
    handle: entry,
    lazy: async () => {
      const Built = await builtScreens[entry.path]?.();
      if (Built) return { Component: Built };
      const { ScreenPlaceholderPage } = await import('../screens/screen-placeholder-page');
      return { element: <ScreenPlaceholderPage entry={entry} /> };
    },
  })),
  // the pages a printed lot, lane or space code opens (the server sends /m/… here)
  {
    path: 'm/:page',
    handle: { title: '扫码停车', ownTitle: true },
    element: (
      <Suspense fallback={<RouteFallback />}>
        <ScanLandingPage />
      </Suspense>
    ),
  },
  { path: '404', handle: titled('404'), lazy: async () => ({ Component: (await import('../shared/pages/error-page')).NotFoundPage }) },
  { path: '401', handle: titled('401'), lazy: async () => ({ Component: (await import('../shared/pages/error-page')).ForbiddenPage }) },
];

/** Routes inside the shell that do not come from the menu. */
export const fixedShellRoutes: RouteObject[] = [
  { index: true, element: <RootRedirect /> },
  { path: 'redirect/*', element: <RedirectPage /> },
  {
    path: 'user/center',
    handle: titled('个人中心'),
    element: (
      <Suspense fallback={<RouteFallback />}>
        <UserCenterPage />
      </Suspense>
    ),
  },
  {
    path: 'parkingAdmin/add/:id',
    handle: detailOf('新增泊位', 'parkingAdmin/parkingSpace'),
    element: (
      <Suspense fallback={<RouteFallback />}>
        <SpaceBatchPage />
      </Suspense>
    ),
  },
  {
    path: 'OrderManagement/parkingRecordOrderInfo/:id',
    handle: detailOf('停车订单详情', 'OrderManagement/ParkingRecordOrder', '详情'),
    element: (
      <Suspense fallback={<RouteFallback />}>
        <ParkingRecordDetailPage />
      </Suspense>
    ),
  },
  {
    path: 'jointRecovery/unpaidOrders/:id',
    handle: detailOf('欠费订单详情', 'jointRecovery/unpaidOrders', '详情'),
    element: (
      <Suspense fallback={<RouteFallback />}>
        <ArrearsDetailPage />
      </Suspense>
    ),
  },
];
