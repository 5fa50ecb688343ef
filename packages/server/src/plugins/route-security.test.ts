import { count, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../app.js';
import type { Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import {
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
} from '../db/schema/index.js';
import { seedDemoData } from '../db/seed/seed.js';
import { hashPassword, md5Hex } from '../modules/auth/passwords.js';
import { createTestDatabase, signIn, testConfig } from '../test/test-app.js';

/**
 * Walks every route of the OpenAPI document and calls it signed out, as a user of the same tenant
 * who holds no permission, and as another tenant's administrator with this tenant's ids.
 * Nothing of tenant demo may be returned to them, and nothing may change.
 */
interface RouteInfo {
  method: string;
  url: string;
  public: boolean;
  permission: string | undefined;
}

let database: Database;
let server: FastifyInstance;
const registered: RouteInfo[] = [];
const ids = { message: '', adminUser: '', location: '', dict: '', organization: '', position: '', role: '', menu: '' };
/** strings of tenant demo's data: none may reach another tenant */
let markers: string[] = [];
/** what a demo user holding no permission may not see either */
let permittedOnly: string[] = [];
let tokens: { demoAdmin: string; nobody: string; otherTenantAdmin: string };

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
/** which of tenant demo's ids an `{id}` path takes, by the resource its path names */
const idOf = (path: string) =>
  path.includes('systemMessage') ? ids.message
    : path.includes('dictDetail') ? ids.dict
      : path.includes('/Organize/') ? ids.organization
        : path.includes('/Position/') ? ids.position
          : path.includes('/Role/') ? ids.role
            : path.includes('/Menu/') ? ids.menu
              : ids.adminUser;
const fill = (path: string) =>
  path
    .replace('{id}', idOf(path))
    .replace('{account}', 'demo')
    .replace('{locationCode}', ids.location)
    .replace('{status}', '0');

const bodies: Record<string, unknown> = {
  'GET /api/dictDetail': undefined,
  'POST /api/dictDetail': { dictName: 'plate_colour', label: '紫色', value: '9' },
  'PUT /api/dictDetail/{id}': { dictName: 'plate_colour', label: '被改', value: '0' },
  'POST /api/system/Permission/Users': { account: 'intruder', realName: '入侵者', password: md5Hex('x1y2z3') },
  'PUT /api/system/Permission/Users/{id}': { account: 'admin', realName: '被改名', isAdministrator: false, status: 0 },
  'POST /api/system/Permission/Users/{id}/Actions/ResetPassword': {
    userPassword: md5Hex('taken0ver'),
    validatePassword: md5Hex('taken0ver'),
  },
  'POST /api/system/Permission/Organize': { name: '入侵组织', code: 'intruder' },
  'PUT /api/system/Permission/Organize/{id}': { name: '被改名', code: 'taken-over' },
  'POST /api/system/Permission/Position': { name: '入侵岗位', code: 'intruder' },
  'PUT /api/system/Permission/Position/{id}': { name: '被改名', code: 'taken-over' },
  'POST /api/system/Permission/Role': { name: '入侵角色', code: 'intruder' },
  'PUT /api/system/Permission/Role/{id}': { name: '被改名', code: 'taken-over' },
  // filled in beforeAll with a demo page the role lacks
  'PUT /api/system/Permission/Role/{id}/Menus': { menuIds: [] },
  'POST /api/system/Permission/Menu': { fullName: '入侵菜单', enCode: 'intruder', icon: 'BugOutlined', type: 1 },
  'PUT /api/system/Permission/Menu/{id}': { fullName: '被改名', enCode: 'takenOver', icon: 'BugOutlined', type: 1, enabled: false },
};

/** query strings the list routes need to get past validation to the permission and tenant checks */
const queries: Record<string, string> = { 'GET /api/dictDetail': '?dictName=plate_colour' };

const call = (method: string, path: string, token?: string) =>
  server.inject({
    method: method as 'GET',
    url: fill(path) + (queries[`${method} ${path}`] ?? ''),
    headers: token ? { authorization: token } : {},
    ...(bodies[`${method} ${path}`] ? { payload: bodies[`${method} ${path}`] as object } : {}),
  });

const demoSnapshot = async () => {
  const [demo] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'demo'));
  const [messages] = await database.db.select({ n: count() }).from(systemMessages).where(eq(systemMessages.tenantId, demo!.id));
  const [admin] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.account, 'admin'));
  const dictionary = await database.db.select().from(dictionaries).where(eq(dictionaries.tenantId, demo!.id));
  const demoUsers = await database.db.select().from(users).where(eq(users.tenantId, demo!.id));
  const of = demo!.id;
  const rows = async <T>(read: Promise<T[]>, line: (row: T) => string) => (await read).map(line).sort();
  return {
    users: demoUsers.map((u) => `${u.account}:${u.realName}:${u.status}:${u.isAdministrator}:${u.organizationId}`).sort(),
    messages: Number(messages!.n),
    adminHash: admin!.hash,
    dictionary: dictionary.map((d) => `${d.id}:${d.label}:${d.value}`).sort(),
    organizations: await rows(
      database.db.select().from(organizations).where(eq(organizations.tenantId, of)),
      (o) => `${o.id}:${o.parentId}:${o.name}:${o.code}:${o.sortCode}`,
    ),
    positions: await rows(
      database.db.select().from(positions).where(eq(positions.tenantId, of)),
      (p) => `${p.id}:${p.organizationId}:${p.name}:${p.code}:${p.sortCode}`,
    ),
    roles: await rows(
      database.db.select().from(roles).where(eq(roles.tenantId, of)),
      (r) => `${r.id}:${r.name}:${r.code}:${r.isSystem}:${r.description}`,
    ),
    menus: await rows(
      database.db.select().from(menus).where(eq(menus.tenantId, of)),
      (m) => `${m.id}:${m.parentId}:${m.fullName}:${m.enCode}:${m.icon}:${m.urlAddress}:${m.type}:${m.sortCode}:${m.enabled}`,
    ),
    roleMenus: await rows(database.db.select().from(roleMenus).where(eq(roleMenus.tenantId, of)), (g) => `${g.roleId}:${g.menuId}`),
    userPositions: await rows(
      database.db.select().from(userPositions).where(eq(userPositions.tenantId, of)),
      (h) => `${h.userId}:${h.positionId}:${h.sortCode}`,
    ),
    userRoles: await rows(database.db.select().from(userRoles).where(eq(userRoles.tenantId, of)), (h) => `${h.userId}:${h.roleId}`),
  };
};

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database);
  await seedDemoData(database.db);
  server = Fastify({ logger: false });
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      registered.push({ method, url: route.url, public: route.config?.public === true, permission: route.config?.permission });
    }
  });
  await server.register(app, { config: testConfig(), database });
  await server.ready();

  const [demo] = await database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  await database.db.insert(users).values({
    tenantId: demo!.id, account: 'nobody', realName: '无权限用户', passwordHash: await hashPassword(md5Hex('admin123')),
  });
  tokens = {
    demoAdmin: await signIn(server),
    nobody: await signIn(server, 'nobody'),
    otherTenantAdmin: await signIn(server, 'mwadmin', 'mw'),
  };
  const me = await server.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: tokens.demoAdmin } });
  ids.adminUser = me.json().data.userInfo.userId;
  ids.location = demo!.weatherLocation;
  const demoMessages = await database.db.select().from(systemMessages).where(eq(systemMessages.tenantId, demo!.id));
  ids.message = demoMessages[0]!.id;
  const demoDictionary = await database.db.select().from(dictionaries).where(eq(dictionaries.tenantId, demo!.id));
  ids.dict = demoDictionary[0]!.id;
  const [demoOrganization] = await database.db.select().from(organizations).where(eq(organizations.tenantId, demo!.id));
  ids.organization = demoOrganization!.id;
  const demoPositions = await database.db.select().from(positions).where(eq(positions.tenantId, demo!.id));
  ids.position = demoPositions.find((p) => p.code === 'operator')!.id;
  const demoRoles = await database.db.select().from(roles).where(eq(roles.tenantId, demo!.id));
  const demoMenus = await database.db.select().from(menus).where(eq(menus.tenantId, demo!.id));
  ids.menu = demoMenus.find((m) => m.enCode === 'parkingAdmin')!.id;
  // a non-system role of tenant demo, so a grant would not be refused for being the system role's
  const [spareRole] = await database.db
    .insert(roles)
    .values({ tenantId: demo!.id, name: '巡检', code: 'patrol' })
    .returning({ id: roles.id });
  ids.role = spareRole!.id;
  bodies['PUT /api/system/Permission/Role/{id}/Menus'] = { menuIds: [demoMenus.find((m) => m.enCode === 'user')!.id] };
  permittedOnly = [...demoMessages.map((m) => m.id), ids.organization, ...demoMenus.map((m) => m.id)];
  // dictionaries are readable by every user of the tenant, but by no other tenant
  markers = [...demoDictionary.map((d) => d.id)];
  // colleagues', positions' and roles' ids reach every user of the tenant through the pickers, but no other tenant
  markers = [...markers, demo!.name, ids.adminUser, ...permittedOnly];
  markers = [...markers, ...demoPositions.map((p) => p.id), ...demoRoles.map((r) => r.id), ids.role];
});
afterAll(async () => {
  await server.close();
  await database.close();
});

describe('every route refuses what it must', () => {
  it('documents every signed-in route in OpenAPI', async () => {
    const doc = (await server.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const guarded = registered.filter((r) => !r.public && /^\/(api|weather)\//.test(r.url) && !r.url.startsWith('/api/docs'));
    expect(guarded.length).toBeGreaterThan(10);
    const undocumented = guarded.filter((r) => !documented.has(`${r.method} ${openApiPath(r.url)}`));
    expect(undocumented).toEqual([]);
  });

  it('refuses strangers, users without the permission and other tenants, and changes nothing', async () => {
    const doc = (await server.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const before = await demoSnapshot();
    let tried = 0;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
        const route = registered.find((r) => r.method === method && openApiPath(r.url) === path);
        if (!route || route.public) continue;
        tried++;
        const where = `${method} ${path}`;

        const stranger = await call(method, path);
        expect(stranger.statusCode, `${where} signed out`).toBe(401);

        const nobody = await call(method, path, tokens.nobody);
        if (route.permission !== '*') expect(nobody.statusCode, `${where} without permission`).toBe(403);
        for (const marker of permittedOnly) {
          expect(nobody.body.includes(marker), `${where} leaked ${marker} to a user without permission`).toBe(false);
        }

        const other = await call(method, path, tokens.otherTenantAdmin);
        if (path.includes('{id}')) expect(other.statusCode, `${where} with tenant demo's id`).toBeGreaterThanOrEqual(400);
        // past validation to the tenant check: demo's ids are simply not found
        if (path.startsWith('/api/system/Permission/') && path.includes('{id}')) {
          expect(other.statusCode, `${where} with tenant demo's id`).toBe(404);
        }
        for (const marker of markers) {
          expect(other.body.includes(marker), `${where} leaked ${marker} to another tenant`).toBe(false);
        }
      }
    }
    console.log(`route security: ${tried} routes tried as a stranger, a user without permission and another tenant`);
    expect(tried).toBeGreaterThan(10);
    expect(await demoSnapshot()).toEqual(before);
  });

  it('will not start a signed-in route that declares no permission', async () => {
    const bare = Fastify({ logger: false });
    await bare.register(app, { config: testConfig(), database });
    await expect(
      bare.register(async (scope) => {
        scope.get('/api/system/forgotten', async () => 'secret');
      }).ready(),
    ).rejects.toThrow('declares no permission');
    await bare.close();
  });
});
