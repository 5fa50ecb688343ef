import { describe, expect, it } from 'vitest';
import { catalogueMenu, folder, page } from '../../test/menu-fixtures';
import { buildSidebarMenu } from './sidebar-menu';

describe('buildSidebarMenu', () => {
  it('makes folders submenus and keys pages by their path', () => {
    const menu = catalogueMenu();
    const { items, ancestors } = buildSidebarMenu(menu);
    expect(items.map((item) => item && 'label' in item && item.label)).toEqual(['停车场管理', '财务管理']);
    const parking = items[0] as { key: string; children: { key: string; label: string }[] };
    expect(parking.key).toBe(`folder:${menu[0]!.id}`);
    expect(parking.children.map((child) => [child.key, child.label])).toEqual([
      ['/parkingAdmin/parkingList', '停车场'],
      ['/parkingAdmin/parkingArea', '片区'],
    ]);
    expect(ancestors.get('/parkingAdmin/parkingArea')).toEqual([parking.key]);
    expect(ancestors.get('/FinancialManagement/revenueReport')).toEqual([`folder:${menu[1]!.id}`]);
  });

  it('records every folder above a nested page and hides empty folders', () => {
    const inner = folder('二', 'b', [page('三', 'a/b/c')]);
    const outer = folder('一', 'a', [inner]);
    const { items, ancestors } = buildSidebarMenu([outer, folder('空', 'empty', [])]);
    expect(items).toHaveLength(1);
    expect(ancestors.get('/a/b/c')).toEqual([`folder:${outer.id}`, `folder:${inner.id}`]);
  });
});
