import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSrc = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
const alias = { '@parking/contract': contractSrc };
const serverTests = ['packages/server/src/**/*.test.ts'];
// the migrated, seeded database each server test file starts from, made once per run
const databaseTemplates = ['packages/server/src/test/database-templates.setup.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
// the replica test makes a primary and its streaming replica of its own with Debian's PostgreSQL binaries
const replicaTools = existsSync('/usr/lib/postgresql/15/bin/pg_basebackup');

/**
 * Every unit and API suite. The server suite always runs on embedded PGlite, and a second time on
 * the PostgreSQL server when TEST_DATABASE_URL names one, so every query is proven on both; the
 * Redis-backed parts run when TEST_REDIS_URL names a Redis server; the read replica's test where
 * TEST_DATABASE_URL is set and PostgreSQL 15's server binaries are installed.
 */
export default defineConfig({
  test: {
    // vitest leaves one core to its own process by default, which on a 2-core machine runs every
    // file one after another; its main process is nearly idle, so both cores run test files. Each
    // server file has a database of its own (test/test-app.ts), so files may run side by side.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { resolve: { alias }, test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      // the project's own tools: the module rule of npm run deps, shown failing on deliberate breaches
      // each test runs dependency-cruiser over a scratch tree: seconds apiece when the other worker is busy
      { test: { name: 'tools', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
      {
        resolve: { alias },
        test: {
          name: 'server:pglite',
          include: serverTests,
          exclude: ['**/*.postgres.test.ts', '**/*.redis.test.ts', '**/*.replica.test.ts', '**/node_modules/**'],
          env: { TEST_DATABASE_URL: '' },
          globalSetup: databaseTemplates,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              resolve: { alias },
              test: {
                name: 'server:postgres',
                include: [...serverTests, 'packages/server/src/**/*.postgres.test.ts'],
                exclude: ['**/*.redis.test.ts', '**/*.replica.test.ts', '**/*.process.test.ts', '**/node_modules/**'],
                env: { TEST_DATABASE_URL: postgresUrl },
                globalSetup: databaseTemplates,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      ...(postgresUrl && replicaTools
        ? [
            {
              resolve: { alias },
              test: {
                name: 'server:replica',
                include: ['packages/server/src/**/*.replica.test.ts'],
                env: { TEST_DATABASE_URL: postgresUrl },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      ...(redisUrl
        ? [
            {
              resolve: { alias },
              test: {
                name: 'server:redis',
                include: ['packages/server/src/**/*.redis.test.ts'],
                env: { TEST_DATABASE_URL: '', TEST_REDIS_URL: redisUrl },
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      'packages/web/vitest.config.ts',
    ],
  },
});
