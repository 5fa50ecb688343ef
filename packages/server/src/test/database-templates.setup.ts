import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seedDemoData } from '../db/seed/seed.js';
import { onServer, withDatabaseName, type DatabaseTemplates } from './database-templates.js';

let cleanup: (() => Promise<unknown>) | undefined;

/** `client`'s data directory, uncompressed, into the file at `path`. */
const dumpTo = async (client: PGlite, path: string) => writeFileSync(path, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));

/**
 * vitest's global setup of the two server projects: the databases every test file starts from, made
 * once per run instead of once per file. On PGlite, a fresh cluster costs five seconds of initdb and
 * the migrated, seeded one a second more; a file loads either from its dump in about one. On
 * PostgreSQL, a migrated, seeded database that each file copies with CREATE DATABASE … TEMPLATE.
 * test-app.ts falls back to building them itself where no template was provided (bench/run.ts).
 */
export const setup = async (project: TestProject) => {
  const templates: DatabaseTemplates = {};
  if (project.name === 'server:pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'parking-pglite-templates-'));
    const blank = await PGlite.create();
    templates.pgliteBlank = join(dir, 'blank.tar');
    await dumpTo(blank, templates.pgliteBlank);
    await blank.close();
    const seeded = await openPglite(undefined);
    await migrate(seeded);
    await seedDemoData(seeded.db);
    const client = (seeded.db as unknown as { $client: PGlite }).$client;
    // pages on disk first, so a file loading the dump does not replay the log
    await client.exec('CHECKPOINT');
    templates.pgliteSeeded = join(dir, 'seeded.tar');
    await dumpTo(client, templates.pgliteSeeded);
    await seeded.close();
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else if (process.env.TEST_DATABASE_URL) {
    const serverUrl = process.env.TEST_DATABASE_URL;
    const name = `parking_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const seeded = await openPostgres(withDatabaseName(serverUrl, name));
    try {
      await migrate(seeded);
      await seedDemoData(seeded.db);
    } finally {
      // a template is copied only while nobody is connected to it
      await seeded.close();
    }
    templates.postgresSeeded = name;
    cleanup = () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  project.provide('databaseTemplates', templates);
};

export const teardown = async () => {
  await cleanup?.();
};
