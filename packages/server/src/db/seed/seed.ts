import { count, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { roleMenus, roles, tenants } from '../schema/index.js';
import { hashPassword, md5Hex } from '../../modules/auth/passwords.js';
import { demoPassword, demoPositions, demoTenants, type DemoTenant } from './demo-data.js';
import { seedDemoTariffs } from './demo-tariffs.js';
import { insertTenant, setUpTenant, type Tx } from './tenant-setup.js';

const seedLockKey = 7_310_422_914;

const seedTenant = async (tx: Tx, demo: DemoTenant, passwordHash: string, isPlatform: boolean) => {
  const values = {
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
    isPlatform,
  };
  const tenantId = await insertTenant(tx, values);
  const [firstAdmin, ...others] = demo.users;
  const { pagesByFolder, addUser } = await setUpTenant(tx, tenantId, values, { account: firstAdmin!.account, realName: firstAdmin!.realName, passwordHash });

  for (const demoUser of others) {
    const position = demoPositions.find((p) => p.code === demoUser.position)!;
    const [role] = await tx
      .insert(roles)
      .values({ tenantId, name: position.name, code: position.code, description: `${position.name}岗位菜单` })
      .returning({ id: roles.id });
    const granted = (demoUser.folders ?? []).flatMap((folder) => pagesByFolder.get(folder) ?? []);
    if (granted.length > 0) await tx.insert(roleMenus).values(granted.map((menuId) => ({ tenantId, roleId: role!.id, menuId })));
    await addUser({ ...demoUser, passwordHash, roleId: role!.id });
  }

  if (demo.code === 'demo') await seedDemoTariffs(tx, tenantId);
};

/** Seeds the demo tenants once, on an empty database; concurrent starters wait on the lock. */
export const seedDemoData = async (db: Db): Promise<boolean> => {
  const passwordHash = await hashPassword(md5Hex(demoPassword));
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${seedLockKey})`);
    const [existing] = await tx.select({ n: count() }).from(tenants);
    if (Number(existing?.n ?? 0) > 0) return false;
    // the first demo tenant runs the platform: its administrators manage every tenant
    for (const [index, demo] of demoTenants.entries()) await seedTenant(tx, demo, passwordHash, index === 0);
    return true;
  });
};
