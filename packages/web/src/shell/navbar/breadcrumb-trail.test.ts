import { describe, expect, it } from 'vitest';
import type { MenuPage } from '../menu/menu-pages';
import { breadcrumbTrail } from './breadcrumb-trail';

const pages: MenuPage[] = [
  { path: '/parkingAdmin/parkingSpace', title: '泊位', folders: ['停车场管理'] },
  { path: '/OrderManagement/ParkingRecordOrder', title: '停车记录', folders: ['订单管理'] },
];

describe('breadcrumbTrail', () => {
  it('shows the matched titles, none of them a link, for a menu page', () => {
    expect(
      breadcrumbTrail(
        [
          { id: 'menu-1', handle: { title: '订单管理' } },
          { id: 'menu-2', handle: { title: '停车记录' } },
        ],
        pages,
      ),
    ).toEqual([
      { key: 'menu-1', title: '订单管理' },
      { key: 'menu-2', title: '停车记录' },
    ]);
  });

  it('puts a detail page under its list, which leads back to the list as its tab left it', () => {
    const detail = { id: 'record', handle: { title: '停车订单详情', parent: 'OrderManagement/ParkingRecordOrder', crumb: '详情' } };
    const tabs: Record<string, string> = { '/OrderManagement/ParkingRecordOrder': '/OrderManagement/ParkingRecordOrder?plateNumber=粤B' };
    expect(breadcrumbTrail([detail], pages, (path) => tabs[path] ?? path)).toEqual([
      { key: 'folder-0', title: '订单管理' },
      { key: 'parent', title: '停车记录', to: '/OrderManagement/ParkingRecordOrder?plateNumber=粤B' },
      { key: 'record', title: '详情' },
    ]);
  });

  it('names the detail by its title when it has no shorter word, and matches the address in any case', () => {
    const batch = { id: 'batch', handle: { title: '新增泊位', parent: 'parkingadmin/parkingspace' } };
    expect(breadcrumbTrail([batch], pages).map((crumb) => [crumb.title, crumb.to])).toEqual([
      ['停车场管理', undefined],
      ['泊位', '/parkingAdmin/parkingSpace'],
      ['新增泊位', undefined],
    ]);
  });

  it('shows the page alone when its list is not in the user menu', () => {
    const detail = { id: 'arrears', handle: { title: '欠费订单详情', parent: 'jointRecovery/unpaidOrders', crumb: '详情' } };
    expect(breadcrumbTrail([detail], pages)).toEqual([{ key: 'arrears', title: '欠费订单详情' }]);
  });
});
