import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { app, type AppOptions } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { fastifyOptions } from '../server-options.js';
import { openPglite, openPostgres, type Database, type Db } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { tariffs, tenants, users } from '../db/schema/index.js';
import { demoAdminAuth } from '../db/seed/demo-auth.js';
import { seedDemoData } from '../db/seed/seed.js';
import { md5Hex } from '../modules/auth/passwords.js';
import { databaseTemplates, onServer, withDatabaseName } from './database-templates.js';

const pgliteDumps = new Map<string, Blob>();
const pgliteFrom = async (dump: string | undefined) => {
  if (!dump) return openPglite(undefined);
  let blob = pgliteDumps.get(dump);
  if (!blob) pgliteDumps.set(dump, (blob = new Blob([readFileSync(dump)])));
  return openPglite(undefined, 'test', { loadDataDir: blob });
};

/** A new database on the PostgreSQL server of `serverUrl`, copied from `template` if named, dropped again on close. */
const postgresDatabase = async (serverUrl: string, template?: string): Promise<Database> => {
  const name = `parking_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const database = await openPostgres(withDatabaseName(serverUrl, name));
  return {
    ...database,
    close: async () => {
      await database.close();
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
};

/**
 * A database of the test file's own, with no migration applied: in-memory PGlite, or a fresh
 * database on the PostgreSQL server of TEST_DATABASE_URL that is dropped again on close.
 */
export const createTestDatabase = async (): Promise<Database> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return pgliteFrom((await databaseTemplates()).pgliteBlank);
  return postgresDatabase(serverUrl);
};

/**
 * A database of the test file's own, migrated to the newest migration and holding the demo seed
 * (db/seed/seed.ts): a copy of the run's template (database-templates.setup.ts), or built here
 * where the run has none.
 */
export const seededTestDatabase = async (): Promise<Database> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const templates = await databaseTemplates();
  if (!serverUrl && templates.pgliteSeeded) return pgliteFrom(templates.pgliteSeeded);
  if (serverUrl && templates.postgresSeeded) return postgresDatabase(serverUrl, templates.postgresSeeded);
  const database = await createTestDatabase();
  await migrate(database);
  await seedDemoData(database.db);
  return database;
};

/** A migrated test database holding the demo seed: its tenant demo and the seeded tariff 北京一类地区占道停车, which event tests price with. */
export const seededDemoDatabase = async () => {
  const database = await seededTestDatabase();
  const [tenant] = await database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  const [tariff] = await database.db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.tenantId, tenant!.id), eq(tariffs.name, '北京一类地区占道停车')));
  return { database, tenantId: tenant!.id, tariff: tariff! };
};

/** A clock of the test's own for `buildTestApp({ now })`: it stands at `start` and moves only by `advance`. */
export const fixedClock = (start: string) => {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
};

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export const testConfig = (overrides: Partial<AppConfig> = {}): AppConfig => ({
  ...loadConfig({}),
  // uploads land here; PGlite stays in memory whatever dataDir says
  dataDir: mkdtempSync(join(tmpdir(), 'parking-test-')),
  webDist: '/nonexistent-web-dist',
  loginRateLimit: 1000,
  ...overrides,
});

/** The whole app on a migrated, seeded database of its own; no network. */
export const buildTestApp = async (options: Partial<Omit<AppOptions, 'config' | 'database'>> & { config?: Partial<AppConfig> } = {}): Promise<TestApp> => {
  const database = await seededTestDatabase();
  const instance = Fastify(fastifyOptions(false));
  await instance.register(app, { ...options, config: testConfig(options.config), database });
  await instance.ready();
  return {
    app: instance,
    database,
    close: async () => {
      await instance.close();
      await database.close();
    },
  };
};

/**
 * The whole app logging at info, the level a production server runs at, into `lines` (one chunk per
 * entry); `addRoutes` adds the test's own routes before it is ready.
 */
export const buildLoggingTestApp = async (addRoutes: (server: FastifyInstance, database: Database) => void = () => undefined) => {
  const database = await seededTestDatabase();
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const server = Fastify(fastifyOptions({ level: 'info', stream }));
  await server.register(app, { config: testConfig(), database });
  addRoutes(server, database);
  await server.ready();
  return {
    server,
    database,
    lines,
    close: async () => {
      await server.close();
      await database.close();
    },
  };
};

export const demoPasswordMd5 = md5Hex('admin123');

/** Posts the login form the way the console does. */
export const postLogin = (instance: FastifyInstance, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  instance.inject({
    method: 'POST',
    url: '/api/oauth/Login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

export const signIn = async (instance: FastifyInstance, account = 'admin', tenant = 'demo', password = demoPasswordMd5) => {
  const response = await postLogin(instance, { account, password, tenant });
  const body = response.json<{ code: number; msg: string; data: { token: string } }>();
  if (body.code !== 200) throw new Error(`sign-in as ${tenant}/${account} failed: ${body.msg}`);
  return body.data.token;
};

/** A multipart/form-data body with one file, as a browser's upload sends it. */
export const multipartFile = (bytes: Buffer, options: { field?: string; filename?: string; contentType?: string } = {}) => {
  const boundary = `----parking${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'image.png'}"\r\nContent-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** The smallest real images of each kind the upload checks recognise. */
export const sampleImages = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  ico: Buffer.from('AAABAAEAAQEAAAEAIAAwAAAAFgAAACgAAAABAAAAAgAAAAEAIAAAAAAABAAAAAAAAAAAAAAAAAAAAAAAAAAAAP8AAAAAAA==', 'base64'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
};

/** Tenant demo's admin of a seeded database as a service test acts through the services: the tenant id and the auth. */
export const demoAdmin = async (db: Db) => {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.code, 'demo'));
  const [admin] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenant!.id), eq(users.account, 'admin')));
  return demoAdminAuth(tenant!.id, admin!.id, 'vitest');
};
