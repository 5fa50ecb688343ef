import { describe, expect, it } from 'vitest';
import type { MenuRow } from './menu.repository.js';
import { buildMenuTree, permittedMenus, reachableMenus } from './menu.service.js';

const row = (id: string, parentId: string | null, type: number, sortCode = 0): MenuRow => ({
  id,
  parentId,
  type,
  sortCode,
  fullName: id,
  enCode: id,
  icon: '',
  urlAddress: type === 2 ? `x/${id}` : '',
});

const rows = [
  row('finance', null, 1),
  row('refund', 'finance', 2),
  row('report', 'finance', 2),
  row('system', null, 1),
  row('user', 'system', 2),
  row('deep', null, 1),
  row('deeper', 'deep', 1),
  row('deepest', 'deeper', 1),
  row('tooDeep', 'deepest', 2),
];

describe('permittedMenus', () => {
  it('keeps granted pages and the folders above them', () => {
    const kept = permittedMenus(rows, new Set(['refund']));
    expect(kept.map((m) => m.id)).toEqual(['finance', 'refund']);
  });

  it('leaves out a folder granted without any of its pages', () => {
    expect(permittedMenus(rows, new Set(['system']))).toEqual([]);
  });

  it('keeps everything for an administrator', () => {
    expect(permittedMenus(rows, 'all')).toHaveLength(rows.length);
  });
});

describe('buildMenuTree', () => {
  it('nests children under their folder with hasChildren set', () => {
    const tree = buildMenuTree(permittedMenus(rows, new Set(['refund', 'report', 'user'])));
    expect(tree.map((m) => m.id)).toEqual(['finance', 'system']);
    expect(tree[0]!.hasChildren).toBe(true);
    expect(tree[0]!.children.map((c) => c.id)).toEqual(['refund', 'report']);
    expect(tree[0]!.children[0]!.hasChildren).toBe(false);
  });

  it('stops at three levels', () => {
    const tree = buildMenuTree(rows);
    const third = tree.find((m) => m.id === 'deep')!.children[0]!.children[0]!;
    expect(third.id).toBe('deepest');
    expect(third.children).toEqual([]);
    expect(third.hasChildren).toBe(false);
  });

  it('leaves out a row whose parent is not there, such as the pages of a disabled folder', () => {
    const tree = buildMenuTree([row('orphan', 'missing', 2), row('kept', null, 1), row('child', 'kept', 2)]);
    expect(tree.map((m) => m.id)).toEqual(['kept']);
    expect(reachableMenus([row('a', 'missing', 1), row('b', 'a', 2)])).toEqual([]);
  });
});
