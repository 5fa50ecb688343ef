import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test/test-app.js';
import { buildMeteredApp, sampleOf } from './metrics-test-kit.js';

let t: Awaited<ReturnType<typeof buildMeteredApp>>;

beforeAll(async () => {
  t = await buildMeteredApp();
});
afterAll(() => t.close());

describe('the PostgreSQL pool in the metrics', () => {
  it('shows its connections on each scrape and times each checkout', async () => {
    expect(t.database.kind).toBe('postgres');
    const before = await t.scrape();
    const admin = await signIn(t.api);
    expect((await t.api.inject({ method: 'GET', url: '/api/system/Parking', headers: { authorization: admin } })).statusCode).toBe(200);
    const after = await t.scrape();
    expect(sampleOf(after, 'parking_database_info', { kind: 'postgres' })).toBe(1);
    expect(sampleOf(after, 'db_pool_max')).toBe(10);
    // every request has given its connection back by now
    expect(sampleOf(after, 'db_pool_connections', { state: 'in_use' })).toBe(0);
    expect(sampleOf(after, 'db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    expect(sampleOf(after, 'db_pool_waiting')).toBe(0);
    expect(sampleOf(after, 'db_pool_checkout_seconds_count') - sampleOf(before, 'db_pool_checkout_seconds_count')).toBeGreaterThanOrEqual(2);
  });
});
