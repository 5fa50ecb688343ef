import type { MenuItem } from '@parking/contract';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../types.js';
import { grantedMenuIds, listEnabledMenus, type MenuRow } from './menu.repository.js';

/** Menus nest up to three levels; deeper rows are not shown. */
const maxDepth = 3;

/**
 * Keeps the pages a user was granted and the folders above them; a folder granted on its own,
 * with no granted page under it, is left out, so nobody sees an empty folder.
 */
export const permittedMenus = (all: MenuRow[], granted: Set<string> | 'all'): MenuRow[] => {
  if (granted === 'all') return all;
  const byId = new Map(all.map((m) => [m.id, m]));
  const keep = new Set<string>();
  for (const menu of all) {
    if (menu.type !== 2 || !granted.has(menu.id)) continue;
    for (let m: MenuRow | undefined = menu; m && !keep.has(m.id); m = m.parentId ? byId.get(m.parentId) : undefined) {
      keep.add(m.id);
    }
  }
  return all.filter((m) => keep.has(m.id));
};

/** Drops rows whose parent is absent (e.g. a disabled folder takes its pages with it). */
export const reachableMenus = (rows: MenuRow[]): MenuRow[] => {
  const byId = new Map(rows.map((m) => [m.id, m]));
  const reachable = new Map<string, boolean>();
  const isReachable = (menu: MenuRow, depth = 0): boolean => {
    const known = reachable.get(menu.id);
    if (known !== undefined) return known;
    const parent = menu.parentId ? byId.get(menu.parentId) : undefined;
    const result = menu.parentId === null ? true : parent !== undefined && depth < 8 && isReachable(parent, depth + 1);
    reachable.set(menu.id, result);
    return result;
  };
  return rows.filter((m) => isReachable(m));
};

/** Builds the menu tree from flat rows already in display order. */
export const buildMenuTree = (rows: MenuRow[]): MenuItem[] => {
  const children = new Map<string | null, MenuRow[]>();
  for (const row of reachableMenus(rows)) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  // rows come through reachableMenus, so every parent is present
  const build = (parent: string | null, depth: number): MenuItem[] =>
    (children.get(parent) ?? []).map((row) => {
      const kids = depth < maxDepth ? build(row.id, depth + 1) : [];
      return {
        id: row.id,
        fullName: row.fullName,
        enCode: row.enCode,
        icon: row.icon,
        urlAddress: row.urlAddress,
        type: row.type,
        sortCode: row.sortCode,
        hasChildren: kids.length > 0,
        children: kids,
      };
    });
  return build(null, 1);
};

/** Menus only the platform's own tenant has: operators never manage each other's tenants, nor take the backups that hold them all. */
export const platformOnlyMenus: ReadonlySet<string> = new Set(['tenant', 'backup']);

export const userMenus = async (db: Db, auth: AuthContext): Promise<MenuRow[]> => {
  const enabled = await listEnabledMenus(db, auth.tenantId);
  const all = reachableMenus(auth.onPlatformTenant ? enabled : enabled.filter((m) => !platformOnlyMenus.has(m.enCode)));
  const granted = auth.isAdministrator ? 'all' : await grantedMenuIds(db, auth.tenantId, auth.userId);
  return permittedMenus(all, granted);
};

/** The enCodes a user holds; routes name one of these as their permission. */
export const permissionCodes = async (db: Db, auth: AuthContext): Promise<Set<string>> => new Set((await userMenus(db, auth)).map((m) => m.enCode));
