import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStickyWriters, stickyWriters, type StickyStore } from './replica-sticky.js';

// runs only in the server:redis project (vitest.config.ts), where TEST_REDIS_URL is set
let redis: Redis;
// users of this file's own: other files share the Redis, side by side
const writer = randomUUID();
const other = randomUUID();

beforeAll(() => {
  redis = new Redis(process.env.TEST_REDIS_URL ?? '');
});
afterAll(async () => {
  await redis.del(`parking-replica-sticky:${writer}`, `parking-replica-sticky:${other}`);
  redis.disconnect();
});

/** One API process's view: its own memory, the Redis all of them share. */
const apiProcess = (store: StickyStore = redis, errors: unknown[] = []) => sharedStickyWriters(stickyWriters(5_000), store, 5_000, (error) => errors.push(error));

describe('the sticky window through Redis', () => {
  it('keeps a user who wrote through one process on the primary on every process, for the window of the clock handed in', async () => {
    const [first, second] = [apiProcess(), apiProcess()];
    await first.wrote(writer, 1_000);
    expect(await second.holds(writer, 5_999)).toBe(true);
    expect(await second.holds(other, 5_999)).toBe(false);
    expect(await second.holds(writer, 6_000)).toBe(false);
    expect(await first.holds(writer, 6_000)).toBe(false);
  });

  it('sends the read to the primary when Redis does not answer, and says why', async () => {
    const errors: unknown[] = [];
    const broken: StickyStore = { get: () => Promise.reject(new Error('Connection is closed.')), set: () => Promise.reject(new Error('Connection is closed.')) };
    const alone = apiProcess(broken, errors);
    await alone.wrote(other, 0);
    expect(await alone.holds(other, 1_000)).toBe(true);
    expect(await alone.holds(writer, 1_000)).toBe(true);
    expect(errors).toHaveLength(2);
  });
});
