import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoPasswordMd5, type TestApp } from '../test/test-app.js';

// runs only in the server:redis project (vitest.config.ts), where TEST_REDIS_URL is set
const redisUrl = process.env.TEST_REDIS_URL!;
let redis: Redis;
let first: TestApp;
let second: TestApp;

// only this file's counters are cleared: other files share the Redis, side by side
const clearCounters = async () => {
  const keys = await redis.keys('parking-rate-limit:*');
  if (keys.length > 0) await redis.del(...keys);
};

beforeAll(async () => {
  redis = new Redis(redisUrl);
  await clearCounters();
  // two API processes behind one load balancer, sharing one Redis
  first = await buildTestApp({ redis, config: { loginRateLimit: 4 } });
  second = await buildTestApp({ redis, config: { loginRateLimit: 4 } });
});
afterAll(async () => {
  await first.close();
  await second.close();
  await clearCounters();
  redis.disconnect();
});

describe('sign-in rate limit with REDIS_URL', () => {
  it('counts one address across every API process', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? first.app : second.app;
      // an address of its own: other test files sign in from 127.0.0.1 through the same Redis meanwhile
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        remoteAddress: '203.0.113.7',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ account: 'admin', password: demoPasswordMd5 }).toString(),
      });
      statuses.push(signIn.statusCode);
    }
    // 4 allowed in all, not 4 per process
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
