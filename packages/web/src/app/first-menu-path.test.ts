import { describe, expect, it } from 'vitest';
import { catalogueMenu, folder, page } from '../test/menu-fixtures';
import { fallbackLandingPath, firstMenuPath } from './first-menu-path';

describe('firstMenuPath', () => {
  it('takes the first page of the first folder, in menu order', () => {
    expect(firstMenuPath(catalogueMenu())).toBe('/parkingAdmin/parkingList');
  });

  it('skips folders without a usable page and pages without an address', () => {
    const menu = [folder('空目录', 'empty', []), folder('订单管理', 'OrderManagement', [page('无地址', ''), page('订单预警', 'OrderManagement/OrderWarning')])];
    expect(firstMenuPath(menu)).toBe('/OrderManagement/OrderWarning');
  });

  it('prefers a top-level page over a later folder and ignores folders that carry an address', () => {
    const oddFolder = { ...folder('系统管理', 'system', [page('用户', 'system/user')]), urlAddress: 'system' };
    expect(firstMenuPath([oddFolder, page('首页', 'home')])).toBe('/system/user');
    expect(firstMenuPath([page('首页', 'home'), oddFolder])).toBe('/home');
  });

  it('descends three levels and no deeper', () => {
    const three = [folder('一', 'a', [folder('二', 'b', [page('三', 'a/b/c')])])];
    expect(firstMenuPath(three)).toBe('/a/b/c');
    const four = [folder('一', 'a', [folder('二', 'b', [folder('三', 'c', [page('四', 'a/b/c/d')])])])];
    expect(firstMenuPath(four)).toBe(fallbackLandingPath);
  });

  it('falls back to the parking record page for an empty menu', () => {
    expect(firstMenuPath([])).toBe('/OrderManagement/ParkingRecordOrder');
  });

  it('normalises a leading slash in the address', () => {
    expect(firstMenuPath([page('车主', '/customer/customerList')])).toBe('/customer/customerList');
  });
});
