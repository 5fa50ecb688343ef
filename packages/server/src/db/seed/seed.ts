import { randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  deviceOfflineTasks,
  dictionaries,
  menus,
  organizations,
  positions,
  roleMenus,
  roles,
  systemMessages,
  tenants,
  userPositions,
  userRoles,
  users,
} from '../schema/index.js';
import { hashPassword, md5Hex } from '../../modules/auth/passwords.js';
import { demoDictionaries, demoPassword, demoPositions, demoTenants, type DemoTenant } from './demo-data.js';
import { demoMessages, demoOfflineTasks } from './demo-messages.js';
import { menuCatalogue } from './menu-catalogue.js';

const seedLockKey = 7_310_422_914;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Copies the catalogue into a tenant's menu table; returns menu ids by folder enCode. */
const seedMenus = async (tx: Tx, tenantId: string) => {
  const pagesByFolder = new Map<string, string[]>();
  const allIds: string[] = [];
  for (const [folderIndex, folder] of menuCatalogue.entries()) {
    const [row] = await tx
      .insert(menus)
      .values({
        tenantId,
        fullName: folder.fullName,
        enCode: folder.enCode,
        icon: folder.icon,
        urlAddress: '',
        type: 1,
        sortCode: (folderIndex + 1) * 10,
      })
      .returning({ id: menus.id });
    const folderId = row!.id;
    const pageRows = await tx
      .insert(menus)
      .values(
        folder.pages.map(([page, fullName, icon], pageIndex) => ({
          tenantId,
          parentId: folderId,
          fullName,
          enCode: page,
          icon,
          urlAddress: `${folder.enCode}/${page}`,
          type: 2,
          sortCode: (pageIndex + 1) * 10,
        })),
      )
      .returning({ id: menus.id });
    const ids = [folderId, ...pageRows.map((p) => p.id)];
    pagesByFolder.set(folder.enCode, ids);
    allIds.push(...ids);
  }
  return { pagesByFolder, allIds };
};

const seedTenant = async (tx: Tx, demo: DemoTenant, passwordHash: string) => {
  const [tenant] = await tx
    .insert(tenants)
    .values({
      code: demo.code,
      name: demo.name,
      title: demo.title,
      logo: `/brand/${demo.code}/logo.svg`,
      favicon: `/brand/${demo.code}/favicon.svg`,
      weatherLocation: demo.weatherLocation,
      icpNo: demo.icpNo,
      policeNo: demo.policeNo,
      bigScreenType: demo.bigScreenType,
      footerText: demo.footerText,
    })
    .returning({ id: tenants.id });
  const tenantId = tenant!.id;

  const [org] = await tx
    .insert(organizations)
    .values({ tenantId, name: demo.name, code: `${demo.code}-hq` })
    .returning({ id: organizations.id });
  const positionRows = await tx
    .insert(positions)
    .values(demoPositions.map((p, i) => ({ tenantId, organizationId: org!.id, ...p, sortCode: i })))
    .returning({ id: positions.id, code: positions.code });
  const positionId = new Map(positionRows.map((p) => [p.code, p.id]));

  const { pagesByFolder, allIds } = await seedMenus(tx, tenantId);
  const [adminRole] = await tx
    .insert(roles)
    .values({ tenantId, name: '系统管理员', code: 'admin', isSystem: true, description: '拥有全部菜单' })
    .returning({ id: roles.id });
  await tx.insert(roleMenus).values(allIds.map((menuId) => ({ tenantId, roleId: adminRole!.id, menuId })));

  for (const demoUser of demo.users) {
    const [user] = await tx
      .insert(users)
      .values({
        tenantId,
        account: demoUser.account,
        realName: demoUser.realName,
        passwordHash,
        isAdministrator: demoUser.isAdministrator,
        organizationId: org!.id,
      })
      .returning({ id: users.id });
    await tx.insert(userPositions).values({ tenantId, userId: user!.id, positionId: positionId.get(demoUser.position)! });
    let roleId = adminRole!.id;
    if (demoUser.folders) {
      const position = demoPositions.find((p) => p.code === demoUser.position)!;
      const [role] = await tx
        .insert(roles)
        .values({ tenantId, name: position.name, code: position.code, description: `${position.name}岗位菜单` })
        .returning({ id: roles.id });
      roleId = role!.id;
      const granted = demoUser.folders.flatMap((folder) => pagesByFolder.get(folder) ?? []);
      await tx.insert(roleMenus).values(granted.map((menuId) => ({ tenantId, roleId, menuId })));
    }
    await tx.insert(userRoles).values({ tenantId, userId: user!.id, roleId });
  }

  await tx.insert(dictionaries).values(
    Object.entries(demoDictionaries).flatMap(([dictName, entries]) =>
      entries.map(([value, label], sortCode) => ({ tenantId, dictName, value, label, sortCode })),
    ),
  );

  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  await tx.insert(systemMessages).values(
    // businessId names the order, audit or complaint behind the message; those modules are not built yet
    demoMessages.map(({ minutesAgo, ...m }) => ({
      tenantId,
      ...m,
      businessId: randomUUID(),
      creatorTime: ago(minutesAgo),
      lastModifyTime: ago(minutesAgo),
    })),
  );
  await tx.insert(deviceOfflineTasks).values(
    demoOfflineTasks.map(({ minutesAgo, ...task }) => ({ tenantId, taskTypeName: '设备离线', ...task, creatorTime: ago(minutesAgo) })),
  );
};

/** Seeds the demo tenants once, on an empty database; concurrent starters wait on the lock. */
export const seedDemoData = async (db: Db): Promise<boolean> => {
  const passwordHash = await hashPassword(md5Hex(demoPassword));
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${seedLockKey})`);
    const [existing] = await tx.select({ n: count() }).from(tenants);
    if (Number(existing?.n ?? 0) > 0) return false;
    for (const demo of demoTenants) await seedTenant(tx, demo, passwordHash);
    return true;
  });
};
