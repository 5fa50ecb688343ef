import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../app.js';
import { buildTestApp, demoPasswordMd5, fixedClock, testConfig, type TestApp } from '../../test/test-app.js';
import { carIn, laneCamera, openEventStream } from './live-events-test-kit.js';

// runs only in the server:redis project (vitest.config.ts), where TEST_REDIS_URL is set
const redisUrl = process.env.TEST_REDIS_URL!;
const clock = fixedClock('2026-03-10T02:00:00Z');
let redis: Redis;
let first: TestApp;
let second: FastifyInstance;

beforeAll(async () => {
  redis = new Redis(redisUrl);
  // two API processes on one database and one Redis: the camera reaches the first, a screen watches the second
  first = await buildTestApp({ redis, now: clock.now });
  second = Fastify({ logger: false });
  await second.register(app, { config: testConfig(), database: first.database, redis, now: clock.now });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await first.close();
  redis.disconnect();
});

describe('the screens’ event stream with REDIS_URL', () => {
  it('brings a screen on one process the car another process recorded', async () => {
    // signed in from an address of its own: the sign-in limit test shares this Redis and counts its address's calls
    const login = await first.app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      remoteAddress: '192.0.2.77',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ account: 'admin', password: demoPasswordMd5, tenant: 'demo' }).toString(),
    });
    const admin = login.json<{ data: { token: string } }>().data.token;
    const camera = await laneCamera(first.app, admin, 'LIVE-REDIS-1');
    const baseUrl = await second.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openEventStream(baseUrl, admin);
    try {
      // the second process's subscription is in place once its stream answered; Redis delivers in order
      await carIn(first.app, camera, 'LIVE-REDIS-1', '粤B77001', clock.now(), 'REDIS-1');
      expect(await stream.next(1)).toEqual([{ kind: 'entry', plateNumber: '粤B77001', lotId: camera.lotId, at: clock.now().toISOString() }]);
    } finally {
      stream.close();
    }
  });
});
