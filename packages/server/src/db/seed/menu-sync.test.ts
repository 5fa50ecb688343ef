import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app.js';
import type { Database } from '../client.js';
import { migrate } from '../migrate.js';
import { menus, roleMenus, roles, tenants } from '../schema/index.js';
import { loadUpgradeFixture, readUpgradeFixture } from '../upgrade-fixtures/upgrade-fixture.js';
import { catalogueCodes, syncMenuCatalogue } from './menu-sync.js';

/**
 * An install made at 0048 (before 系统管理 › 备份 existed), by that commit's own first start and
 * traffic, upgraded to today's migrations: the sync at start gives it the pages it lacks, once.
 */
let database: Database;

const tenantOf = async (code: string) => (await database.db.select().from(tenants).where(eq(tenants.code, code)))[0]!;

/** The enCodes the tenant's 系统管理员 role holds. */
const adminRoleCodes = async (tenantId: string) =>
  (
    await database.db
      .select({ enCode: menus.enCode })
      .from(roleMenus)
      .innerJoin(roles, eq(roles.id, roleMenus.roleId))
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(and(eq(roles.tenantId, tenantId), eq(roles.isSystem, true)))
  ).map((row) => row.enCode);

const menuOf = async (tenantId: string, enCode: string) =>
  (
    await database.db
      .select()
      .from(menus)
      .where(and(eq(menus.tenantId, tenantId), eq(menus.enCode, enCode)))
  )[0];

beforeAll(async () => {
  database = await createTestDatabase();
  await loadUpgradeFixture(database, readUpgradeFixture('0048_job_runs.json.gz'));
  await migrate(database);
}, 120_000);
afterAll(() => database.close());

describe('the menu catalogue sync at start', () => {
  it('gives an upgraded install the pages it lacks, under their folder and to the 系统管理员 role, and what it held counts as given', async () => {
    const demo = await tenantOf('demo');
    expect(await menuOf(demo.id, 'backup')).toBeUndefined();
    expect(demo.menusOffered).toContain('tenant');

    const given = await syncMenuCatalogue(database.db);

    expect(given).toEqual(
      expect.arrayContaining([
        { tenantCode: 'demo', added: ['backup'] },
        { tenantCode: 'mw', added: ['backup'] },
      ]),
    );
    const backup = await menuOf(demo.id, 'backup');
    const folder = await menuOf(demo.id, 'system');
    expect(backup).toMatchObject({ parentId: folder!.id, fullName: '备份', urlAddress: 'system/backup', type: 2 });
    expect(await adminRoleCodes(demo.id)).toContain('backup');
    expect((await tenantOf('demo')).menusOffered.sort()).toEqual(catalogueCodes().sort());
  });

  it('gives nothing the next time', async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(menus);
    expect(await syncMenuCatalogue(database.db)).toEqual([]);
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(menus)).toEqual(before);
  });

  it('does not give back a page, or a folder’s new page, that a tenant removed', async () => {
    const mw = await tenantOf('mw');
    // mw removed 备份, and the whole 财务管理 folder with its pages
    const finance = await menuOf(mw.id, 'FinancialManagement');
    expect(finance).toBeDefined();
    await database.db.delete(roleMenus).where(eq(roleMenus.tenantId, mw.id));
    await database.db.delete(menus).where(and(eq(menus.tenantId, mw.id), eq(menus.enCode, 'backup')));
    await database.db.delete(menus).where(and(eq(menus.tenantId, mw.id), eq(menus.parentId, finance!.id)));
    await database.db.delete(menus).where(eq(menus.id, finance!.id));
    // and an upgrade then brings a page of that folder it was never given
    const financePages = await database.db
      .select({ enCode: menus.enCode })
      .from(menus)
      .where(and(eq(menus.tenantId, (await tenantOf('demo')).id), eq(menus.parentId, (await menuOf((await tenantOf('demo')).id, 'FinancialManagement'))!.id)));
    const newPage = financePages[0]!.enCode;
    await database.db
      .update(tenants)
      .set({ menusOffered: mw.menusOffered.filter((code) => code !== newPage) })
      .where(eq(tenants.id, mw.id));

    expect(await syncMenuCatalogue(database.db)).toEqual([]);
    expect(await menuOf(mw.id, 'backup')).toBeUndefined();
    expect(await menuOf(mw.id, newPage)).toBeUndefined();
    expect(await menuOf(mw.id, 'FinancialManagement')).toBeUndefined();
  });
});
