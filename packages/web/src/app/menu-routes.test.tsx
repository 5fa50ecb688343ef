import { render, screen } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogueMenu, folder, page } from '../test/menu-fixtures';
import { buildMenuRoutes } from './menu-routes';
import { pageElement } from './page-registry';

const label = (urlAddress: string, title: string): ReactNode => `${title}@${urlAddress}`;

const summary = (routes: RouteObject[]): unknown =>
  routes.map((route) => ({
    path: route.path,
    title: (route.handle as { title: string }).title,
    ...(route.children ? { children: summary(route.children) } : { element: route.element }),
  }));

describe('buildMenuRoutes', () => {
  it('turns folders into pathless title routes and pages into routes at their urlAddress', () => {
    expect(summary(buildMenuRoutes(catalogueMenu(), label))).toEqual([
      {
        path: undefined,
        title: '停车场管理',
        children: [
          { path: 'parkingAdmin/parkingList', title: '停车场', element: '停车场@parkingAdmin/parkingList' },
          { path: 'parkingAdmin/parkingArea', title: '片区', element: '片区@parkingAdmin/parkingArea' },
        ],
      },
      {
        path: undefined,
        title: '财务管理',
        children: [{ path: 'FinancialManagement/revenueReport', title: '营收报表', element: '营收报表@FinancialManagement/revenueReport' }],
      },
    ]);
  });

  it('drops empty folders, root pages, repeated addresses and anything below three levels', () => {
    const menu = [
      folder('空目录', 'empty', []),
      page('首页', ''),
      page('停车场', '/parkingAdmin/parkingList/'),
      folder('一', 'a', [page('重复', 'parkingAdmin/parkingList'), folder('二', 'b', [page('三', 'a/b/c'), folder('三级目录', 'c', [page('四', 'a/b/c/d')])])]),
    ];
    expect(summary(buildMenuRoutes(menu, label))).toEqual([
      { path: 'parkingAdmin/parkingList', title: '停车场', element: '停车场@parkingAdmin/parkingList' },
      { path: undefined, title: '一', children: [{ path: undefined, title: '二', children: [{ path: 'a/b/c', title: '三', element: '三@a/b/c' }] }] },
    ]);
  });

  it('renders the 建设中 placeholder for a page nobody has registered, inside a router', async () => {
    // an address a tenant's menu may hold before any page is built for it
    const menu = [folder('财务管理', 'FinancialManagement', [page('结算报表', 'FinancialManagement/settlementReport')])];
    const router = createMemoryRouter(buildMenuRoutes(menu), { initialEntries: ['/FinancialManagement/settlementReport'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('「结算报表」页面建设中，敬请期待')).toBeTruthy();
    expect(screen.getByText('建设中')).toBeTruthy();
    expect(screen.getByText('/FinancialManagement/settlementReport')).toBeTruthy();
  });

  it('renders a registered page instead of the placeholder', async () => {
    const registry = { 'system/user': lazy(async () => ({ default: () => <p>用户列表</p> })) };
    const routes = buildMenuRoutes([page('用户', 'system/user')], (urlAddress, title) => pageElement(urlAddress, title, registry));
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/system/user'] })} />);
    expect(await screen.findByText('用户列表')).toBeTruthy();
    expect(screen.queryByText('建设中')).toBeNull();
  });
});
