import type { MenuAdminNode } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { checkedKeysToGrant, grantToCheckedKeys, toGrantTree } from './menu-grant-tree';
import { canHoldChild, folderKeys, parentOptions, toMenuRows } from './menu-tree';

const menu = (id: string, type: number, children: MenuAdminNode[] = [], enabled = true): MenuAdminNode => ({
  id,
  parentId: null,
  fullName: id,
  enCode: id,
  icon: 'AppstoreOutlined',
  urlAddress: type === 2 ? `x/${id}` : '',
  type,
  sortCode: 0,
  enabled,
  children,
});

// parking: two pages; system: a page and a sub-folder with one page; empty: a folder with nothing in it
const catalogue: MenuAdminNode[] = [
  menu('parking', 1, [menu('lot', 2), menu('lane', 2)]),
  menu('system', 1, [menu('message', 2), menu('sub', 1, [menu('deep', 2, [], false)])]),
  menu('empty', 1),
];

describe('grant tree ↔ checked keys', () => {
  it('checks only the granted menus with nothing under them, so a folder granted for one page stays half-checked', () => {
    // as the server stores "lot and deep": their folders come with them
    const granted = ['parking', 'lot', 'system', 'sub', 'deep'];
    expect(grantToCheckedKeys(catalogue, granted)).toEqual(['lot', 'deep']);
  });

  it('keeps an empty folder that was granted, and ignores ids no longer in the tree', () => {
    expect(grantToCheckedKeys(catalogue, ['empty', 'gone'])).toEqual(['empty']);
    expect(checkedKeysToGrant(catalogue, ['gone', 'lot'])).toEqual(['lot']);
  });

  it('sends the checked menus in tree order, whole folders included', () => {
    // what the Tree reports when all of parking and the message page are ticked
    expect(checkedKeysToGrant(catalogue, ['message', 'lane', 'parking', 'lot'])).toEqual(['parking', 'lot', 'lane', 'message']);
  });

  it('builds the Tree data with leaves childless and disabled menus marked', () => {
    const tree = toGrantTree(catalogue);
    expect(tree.map((n) => n.key)).toEqual(['parking', 'system', 'empty']);
    expect(tree[2]).toEqual({ key: 'empty', title: 'empty' });
    expect(tree[1]?.children?.[1]?.children).toEqual([{ key: 'deep', title: 'deep（停用）' }]);
  });
});

describe('menu tree table helpers', () => {
  it('opens only folders with something under them, and counts depth for 新增下级', () => {
    expect(folderKeys(catalogue)).toEqual(['parking', 'system', 'sub']);
    const rows = toMenuRows(catalogue);
    const sub = rows[1]?.children?.[1];
    expect(sub).toMatchObject({ id: 'sub', depth: 2 });
    expect(canHoldChild(sub!)).toBe(true);
    expect(canHoldChild({ type: 1, depth: 3 })).toBe(false);
    expect(canHoldChild({ type: 2, depth: 1 })).toBe(false);
    expect(rows[2]).not.toHaveProperty('children');
  });

  it('offers only folders as parents, never the moving menu or its subtree', () => {
    const options = parentOptions(catalogue, 'system');
    expect(options.map((o) => o.value)).toEqual(['parking', 'empty']);
    expect(options[0]).not.toHaveProperty('children');
    const all = parentOptions(catalogue);
    expect(all[1]?.children).toEqual([{ value: 'sub', title: 'sub', disabled: false }]);
  });
});
