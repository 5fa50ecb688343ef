import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { buildTestApp, createTestDatabase, type TestApp } from '../test/test-app.js';
import { healthPlugin } from './health.js';

// runs only in the server:redis project (vitest.config.ts), where TEST_REDIS_URL is set
const redisUrl = process.env.TEST_REDIS_URL!;

/** A port nothing listens on: taken from the system, then let go. */
const closedPort = async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
};

let redis: Redis;
let deadRedis: Redis;
let withRedis: TestApp;
let database: Database;
/** the health routes alone: the whole app's live events would also subscribe through the dead client */
let withDeadRedis: FastifyInstance;

beforeAll(async () => {
  redis = new Redis(redisUrl);
  // as server.ts makes its client: a command fails after two reconnection attempts
  deadRedis = new Redis(`redis://127.0.0.1:${await closedPort()}`, { maxRetriesPerRequest: 2 });
  deadRedis.on('error', () => undefined);
  withRedis = await buildTestApp({ redis });
  database = await createTestDatabase();
  await migrate(database);
  withDeadRedis = Fastify({ logger: false });
  withDeadRedis.setValidatorCompiler(validatorCompiler);
  withDeadRedis.setSerializerCompiler(serializerCompiler);
  withDeadRedis.decorate('db', database.db);
  await withDeadRedis.register(healthPlugin, { redis: deadRedis });
  await withDeadRedis.ready();
});
afterAll(async () => {
  await withRedis.close();
  await withDeadRedis.close();
  await database.close();
  redis.disconnect();
  deadRedis.disconnect();
});

describe('/readyz with REDIS_URL', () => {
  it('answers 200 when Redis answers PING', async () => {
    const ready = await withRedis.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 naming redis and nothing else when Redis does not answer, while /healthz still answers', async () => {
    const ready = await withDeadRedis.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    // the name of the check only: not the host, port or the client's error
    expect(ready.body).toBe('{"status":"unavailable","failed":["redis"]}');
    const live = await withDeadRedis.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
  });
});
