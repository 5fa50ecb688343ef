import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../db/migrate.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

describe('/healthz and /readyz', () => {
  it('answer 200 without signing in, whatever tenant or token the caller sends', async () => {
    for (const headers of [{}, { cookie: 'account=nosuchtenant', authorization: 'not-a-token' }]) {
      const live = await get('/healthz', headers);
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await get('/readyz', headers);
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok' });
    }
  });

  it('are not in the API document', async () => {
    const document = (await get('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).filter((path) => /healthz|readyz/.test(path))).toEqual([]);
  });

  it('says migrations when one this build ships is not applied, and ready again once it is', async () => {
    const { db } = testApp.database;
    const latest = readdirSync(migrationsDir)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .at(-1)!;
    await db.execute(sql`delete from schema_migrations where name = ${latest}`);
    try {
      const ready = await get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', failed: ['migrations'] });
    } finally {
      await db.execute(sql`insert into schema_migrations (name) values (${latest})`);
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });
});

describe('/readyz when the database is gone', () => {
  it('answers 503 naming the database and nothing else, while /healthz still answers', async () => {
    const gone = await buildTestApp();
    try {
      await gone.database.close();
      const ready = await gone.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      // exactly the check's name: no error text, driver, version or host
      expect(ready.body).toBe('{"status":"unavailable","failed":["database"]}');
      expect(ready.headers['content-type']).toContain('application/json');
      expect(Object.keys(ready.headers).filter((name) => /server|powered|version/i.test(name))).toEqual([]);
      const live = await gone.app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
    } finally {
      // the database is closed already: what its listeners do on the way out does not matter here
      await gone.app.close().catch(() => undefined);
    }
  });
});
