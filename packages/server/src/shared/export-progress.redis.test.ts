import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportProgressPath, parkingRecordPaths } from '@parking/contract';
import { app } from '../app.js';
import { fastifyOptions } from '../server-options.js';
import { buildTestApp, fixedClock, signIn, testConfig, type TestApp } from '../test/test-app.js';
import { exportProgressBoard } from './export-progress.js';

// runs only in the server:redis project (vitest.config.ts), where TEST_REDIS_URL is set
const redisUrl = process.env.TEST_REDIS_URL!;
const owner = { tenantId: 'tenant-a', userId: 'user-a' };

describe('export progress with REDIS_URL', () => {
  let exporting: Redis;
  let polled: Redis;
  beforeAll(() => {
    // two processes: each with its own connection to one Redis
    exporting = new Redis(redisUrl);
    polled = new Redis(redisUrl);
  });
  afterAll(async () => {
    await exporting.del('parking-export-progress:tenant-a/user-a/export-redis-0001', 'parking-export-progress:tenant-a/user-a/export-redis-0002');
    exporting.disconnect();
    polled.disconnect();
  });

  it('reaches the process the poll lands on, at most once a second while running, and at once when it ends', async () => {
    const clock = fixedClock('2026-03-02T10:00:00+08:00');
    const writer = exportProgressBoard(clock.now, exporting);
    const reader = exportProgressBoard(clock.now, polled);
    const progress = writer.start(owner, 'export-redis-0001', 30_000);
    // what the exporting connection sent is in Redis once a later command on it is answered
    const settled = () => exporting.ping();

    await settled();
    expect(await reader.read(owner, 'export-redis-0001')).toEqual({ rows: 0, total: 30_000, state: 'running' });
    clock.advance(400);
    progress.wrote(500);
    await settled();
    expect((await reader.read(owner, 'export-redis-0001'))?.rows).toBe(0);
    clock.advance(700);
    progress.wrote(1_000);
    await settled();
    expect(await reader.read(owner, 'export-redis-0001')).toEqual({ rows: 1_000, total: 30_000, state: 'running' });
    progress.wrote(1_500);
    progress.end('cancelled');
    await settled();
    expect(await reader.read(owner, 'export-redis-0001')).toEqual({ rows: 1_500, total: 30_000, state: 'cancelled' });
  });

  it('is read by its own user and tenant only, and an ended export is forgotten after a minute', async () => {
    const clock = fixedClock('2026-03-02T10:00:00+08:00');
    const board = exportProgressBoard(clock.now, exporting);
    board.start(owner, 'export-redis-0002', null).end('done');
    await exporting.ping();
    expect(await board.read({ ...owner, userId: 'user-b' }, 'export-redis-0002')).toBeUndefined();
    expect(await board.read({ ...owner, tenantId: 'tenant-b' }, 'export-redis-0002')).toBeUndefined();
    expect(await polled.pttl('parking-export-progress:tenant-a/user-a/export-redis-0002')).toBeGreaterThan(55_000);
    expect(await polled.pttl('parking-export-progress:tenant-a/user-a/export-redis-0002')).toBeLessThanOrEqual(60_000);
  });
});

describe('two API processes behind one load balancer', () => {
  let redis: Redis;
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    redis = new Redis(redisUrl);
    first = await buildTestApp({ redis });
    // the second process: the same database and Redis, an app of its own
    second = Fastify(fastifyOptions(false));
    await second.register(app, { config: testConfig(), database: first.database, redis });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    redis.disconnect();
  });

  it('an export written by one process is followed through the other', async () => {
    const token = await signIn(first.app);
    const exported = await first.app.inject({ method: 'GET', url: parkingRecordPaths.export, headers: { authorization: token, 'x-export-id': 'export-across-0001' } });
    expect(exported.statusCode).toBe(200);
    await redis.ping();
    const progress = await second.inject({ method: 'GET', url: exportProgressPath.replace(':exportId', 'export-across-0001'), headers: { authorization: token } });
    expect(progress.statusCode).toBe(200);
    const listed = (await second.inject({ method: 'GET', url: `${parkingRecordPaths.list}?pageSize=1`, headers: { authorization: token } })).json().data.pagination.total;
    expect(progress.json().data).toEqual({ rows: listed, total: listed, state: 'done' });
  });
});
