import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { migrationsDir } from '../db/migrate.js';

/** What readiness checks, by name: the only thing a refusal says about why. */
export const readinessChecks = ['database', 'migrations', 'redis'] as const;
export type ReadinessCheck = (typeof readinessChecks)[number];

const alive = z.object({ status: z.literal('ok') });
const unavailable = z.object({ status: z.literal('unavailable'), failed: z.array(z.enum(readinessChecks)) });

/** A check that has not answered in this long has failed: a load balancer's own probe gives up soon after. */
const checkTimeoutMs = 2_000;

const withinTimeout = async <T>(work: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${checkTimeoutMs} ms`)), checkTimeoutMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
};

const sqlState = (error: unknown): unknown => (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;

/** The migrations this build ships, as migrate() applies them. */
const bundledMigrations = () =>
  readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort();

/** One query answers both: the database answers, and every migration this build ships is applied. */
const checkDatabase = async (db: Db, migrations: readonly string[]): Promise<ReadinessCheck[]> => {
  try {
    const names = sql.join(
      migrations.map((name) => sql`${name}`),
      sql`, `,
    );
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute<T>() cannot name rows for both drivers
    const result = (await withinTimeout(db.execute(sql`select count(*)::int as applied from schema_migrations where name in (${names})`))) as unknown as {
      rows: { applied: number }[];
    };
    return Number(result.rows[0]?.applied) === migrations.length ? [] : ['migrations'];
  } catch (error) {
    // undefined_table: the database answers, but was never migrated
    if (sqlState(error) === '42P01') return ['migrations'];
    throw error;
  }
};

const checkRedis = async (redis: Redis) => {
  const answer = await withinTimeout(redis.ping());
  if (answer !== 'PONG') throw new Error('redis answered PING with something else');
};

/**
 * `/healthz`: the process answers. `/readyz`: it can serve, so a load balancer sends it traffic: the
 * database answers, its migrations are this build's, and Redis answers when there is one. Open to
 * anyone and outside /api (no sign-in, tenant or rate limit), hidden from the API document, and
 * logged only when something is wrong, so a probe every few seconds does not fill the log.
 */
export const healthPlugin = fp<{ redis?: Redis | undefined }>(
  async (app: FastifyInstance, { redis }) => {
    const migrations = bundledMigrations();
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const quiet = { logLevel: 'warn', config: { public: true } } as const;

    routes.get('/healthz', { ...quiet, schema: { hide: true, response: { 200: alive } } }, async () => ({ status: 'ok' as const }));

    routes.get('/readyz', { ...quiet, schema: { hide: true, response: { 200: alive, 503: unavailable } } }, async (request, reply) => {
      const failed = new Set<ReadinessCheck>();
      const [database, cache] = await Promise.allSettled([checkDatabase(app.db, migrations), redis ? checkRedis(redis) : Promise.resolve()]);
      if (database.status === 'fulfilled') for (const check of database.value) failed.add(check);
      else failed.add('database');
      if (cache.status === 'rejected') failed.add('redis');
      if (failed.size === 0) return reply.status(200).send({ status: 'ok' });
      const causes = [database, cache].flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
      request.log.warn({ failed: [...failed], err: causes[0] }, 'not ready');
      return reply.status(503).send({ status: 'unavailable', failed: readinessChecks.filter((check) => failed.has(check)) });
    });
  },
  { name: 'health' },
);
