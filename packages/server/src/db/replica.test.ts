import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingLotEndpoints, parkingLotPaths } from '@parking/contract';
import { authPlugin } from '../plugins/auth.js';
import { errorsPlugin } from '../plugins/errors.js';
import { routeOf } from '../shared/route.js';
import { buildTestApp, signIn, type TestApp } from '../test/test-app.js';
import { openPglite } from './client.js';
import { isConnectionLoss, replicaVerdict, withReplica } from './replica.js';
import { stickyWriters } from './replica-sticky.js';

describe('stickyWriters', () => {
  it('keeps a user on the primary for stickyMs after their write, and lets go after', () => {
    const writers = stickyWriters(5_000);
    expect(writers.holds('u1', 1_000)).toBe(false);
    writers.wrote('u1', 1_000);
    expect(writers.holds('u1', 1_000)).toBe(true);
    expect(writers.holds('u1', 5_999)).toBe(true);
    expect(writers.holds('u2', 2_000)).toBe(false);
    expect(writers.holds('u1', 6_000)).toBe(false);
    expect(writers.size).toBe(0);
  });

  it('counts the window from the latest write', () => {
    const writers = stickyWriters(5_000);
    writers.wrote('u1', 0);
    writers.wrote('u1', 4_000);
    expect(writers.holds('u1', 8_000)).toBe(true);
  });

  it('stays bounded: expired users go first, then those whose window ends soonest', () => {
    const writers = stickyWriters(1_000, 3);
    for (const [user, at] of [
      ['a', 0],
      ['b', 100],
      ['c', 200],
    ] as const)
      writers.wrote(user, at);
    writers.wrote('d', 1_050);
    // a expired at 1 000 and went; b, c, d fit
    expect(writers.size).toBe(3);
    writers.wrote('e', 1_060);
    expect(writers.size).toBe(3);
    expect(writers.holds('b', 1_070)).toBe(false);
    expect(writers.holds('c', 1_070)).toBe(true);
    expect(writers.holds('e', 1_070)).toBe(true);
  });

  it('remembers nobody when stickiness is off', () => {
    const writers = stickyWriters(0);
    writers.wrote('u1', 0);
    expect(writers.holds('u1', 0)).toBe(false);
  });
});

describe('replicaVerdict', () => {
  it('is up when nothing is left to replay, however old the last replayed transaction', () => {
    expect(replicaVerdict({ behindBytes: 0, replayAgeMs: 3_600_000, maxLagMs: 30_000 })).toBe('up');
    expect(replicaVerdict({ behindBytes: 0, replayAgeMs: null, maxLagMs: 30_000 })).toBe('up');
  });

  it('is up when behind by moments, lagging once behind for longer than the bound', () => {
    expect(replicaVerdict({ behindBytes: 8_192, replayAgeMs: 200, maxLagMs: 30_000 })).toBe('up');
    expect(replicaVerdict({ behindBytes: 8_192, replayAgeMs: 30_001, maxLagMs: 30_000 })).toBe('lagging');
    expect(replicaVerdict({ behindBytes: 8_192, replayAgeMs: null, maxLagMs: 30_000 })).toBe('lagging');
  });
});

describe('isConnectionLoss', () => {
  const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

  it('knows socket errors, lost sessions and refused connections, also wrapped', () => {
    expect(isConnectionLoss(coded('connect ECONNREFUSED 127.0.0.1:5433', 'ECONNREFUSED'))).toBe(true);
    expect(isConnectionLoss(new AggregateError([coded('connect ECONNREFUSED ::1:5433', 'ECONNREFUSED')], 'connect failed'))).toBe(true);
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLoss(coded('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isConnectionLoss(new Error('Failed query: select 1', { cause: coded('the database system is shutting down', '57P03') }))).toBe(true);
  });

  it('leaves alone what the query or the route itself refused', () => {
    expect(isConnectionLoss(coded('relation "nope" does not exist', '42P01'))).toBe(false);
    expect(isConnectionLoss(coded('cannot execute INSERT in a read-only transaction', '25006'))).toBe(false);
    expect(isConnectionLoss(Object.assign(new Error('停车场不存在'), { statusCode: 404 }))).toBe(false);
    expect(isConnectionLoss('not an error')).toBe(false);
  });
});

describe('withReplica', () => {
  it('refuses the embedded database, which has no replica', async () => {
    const embedded = await openPglite(undefined);
    try {
      expect(() => withReplica(embedded, { url: 'postgres://127.0.0.1:1/none' })).toThrow('DATABASE_REPLICA_URL needs DATABASE_URL');
    } finally {
      await embedded.close();
    }
  });
});

describe('replicaSafe', () => {
  it('refuses to mark a route that is not a GET: only reads may go to the replica', async () => {
    // routeOf's type refuses it already ...
    // @ts-expect-error only a GET endpoint takes replicaSafe
    routeOf(parkingLotEndpoints.create, { tags: [], summary: '', permission: 'x', replicaSafe: true });
    // ... and the plugin refuses what gets past the type
    const instance = Fastify();
    instance.decorate('database', {} as never);
    instance.decorate('db', {} as never);
    await instance.register(errorsPlugin);
    await instance.register(authPlugin, { authenticate: () => Promise.reject(new Error('unused')), permissionCodes: async () => new Set<string>(), platformOnlyMenus: new Set<string>() });
    expect(() => instance.route({ ...routeOf(parkingLotEndpoints.create, { tags: [], summary: '', permission: 'x', replicaSafe: true as never }), handler: async () => null })).toThrow(
      'only GET reads may go to the read replica',
    );
    await instance.close();
  });
});

describe('without a replica', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signIn(t.app);
  });
  afterAll(() => t.close());

  it('reads from the primary, so a replica-safe list shows the write just made', async () => {
    expect(t.database.reads).toBeUndefined();
    const created = await t.app.inject({ method: 'POST', url: parkingLotPaths.list, headers: { authorization: admin }, payload: { name: '无副本停车场', type: 1, kind: 'lane' } });
    expect(created.json().code).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: `${parkingLotPaths.list}?pageSize=100`, headers: { authorization: admin } });
    expect(list.json().data.list.map((lot: { name: string }) => lot.name)).toContain('无副本停车场');
  });
});
