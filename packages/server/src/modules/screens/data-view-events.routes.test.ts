import { devicePublicPaths, vehicleEventPath, type DataViewLiveEvent } from '@parking/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../app.js';
import { inProcessBus, parseLiveEvent, type LiveEvent } from '../../plugins/live-events.js';
import { buildTestApp, fixedClock, signIn, testConfig, type TestApp } from '../../test/test-app.js';
import { checkOfflineDevices } from '../devices/device-offline.job.js';
import { deviceBody, postSigned } from '../devices/device-signing.js';
import { carIn, laneCamera, openEventStream } from './live-events-test-kit.js';

const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
let admin: string;
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  admin = await signIn(t.app);
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

describe('the screens’ event stream', () => {
  it('brings a screen the car a camera reported, once it is recorded', async () => {
    const camera = await laneCamera(t.app, admin, 'LIVE-IN-1');
    const stream = await openEventStream(baseUrl, admin);
    try {
      await carIn(t.app, camera, 'LIVE-IN-1', '粤B66001', clock.now(), 'LIVE-1');
      // the same event again is a duplicate: no second car on the screen
      await carIn(t.app, camera, 'LIVE-IN-1', '粤B66001', clock.now(), 'LIVE-1', true);
      await carIn(t.app, camera, 'LIVE-IN-1', '粤B66002', clock.now(), 'LIVE-2');
      expect(await stream.next(2)).toEqual([
        { kind: 'entry', plateNumber: '粤B66001', lotId: camera.lotId, at: clock.now().toISOString() },
        { kind: 'entry', plateNumber: '粤B66002', lotId: camera.lotId, at: clock.now().toISOString() },
      ]);
    } finally {
      stream.close();
    }
  });

  it('ends a stream whose user signed out since it opened: the next car is not sent', async () => {
    const camera = await laneCamera(t.app, admin, 'LIVE-IN-2');
    const leaving = await signIn(t.app);
    const stream = await openEventStream(baseUrl, leaving);
    try {
      await carIn(t.app, camera, 'LIVE-IN-2', '粤B66011', clock.now(), 'LIVE-11');
      expect((await stream.next(1)).map((e) => e.plateNumber)).toEqual(['粤B66011']);
      expect((await t.app.inject({ method: 'GET', url: '/api/oauth/Logout', headers: { authorization: leaving } })).statusCode).toBe(200);
      // within the check's period the stream goes on; past it, the sign-in is asked again before the next car
      clock.advance(25_000);
      await carIn(t.app, camera, 'LIVE-IN-2', '粤B66012', clock.now(), 'LIVE-12');
      expect(await stream.next(1)).toEqual([]);
      expect(stream.ended()).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('is refused without a sign-in, to a user who may not open 停车记录, and to a request that is not for an event stream', async () => {
    const get = (headers: Record<string, string>) => fetch(`${baseUrl}/api/system/screens/events`, { headers });
    expect((await get({ accept: 'text/event-stream' })).status).toBe(401);
    const finance = await signIn(t.app, 'mwfinance', 'mw');
    expect((await get({ accept: 'text/event-stream', authorization: finance })).status).toBe(403);
    const plain = await get({ authorization: admin });
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({ msg: '请以 Accept: text/event-stream 订阅实时事件' });
  });
});

describe('warnings and devices on the stream', () => {
  it('brings the screens of every process on the database a device going online and offline and a warning raised and handled, once committed', async () => {
    const sn = 'LIVE-IN-3';
    const camera = await laneCamera(t.app, admin, sn);
    // a second API process on the same database, without Redis: it hears the database itself
    const other = Fastify({ logger: false });
    await other.register(app, { config: testConfig(), database: t.database, now: clock.now });
    const here = await openEventStream(baseUrl, admin);
    const there = await openEventStream(await other.listen({ host: '127.0.0.1', port: 0 }), admin);
    const both = async (count: number) => {
      const [a, b] = [await here.next(count), await there.next(count)];
      expect(b).toEqual(a);
      return a;
    };
    try {
      const device = { kind: 'device', deviceSn: sn, deviceType: 'camera', lotId: camera.lotId } as const;
      expect((await postSigned(t.app, devicePublicPaths.heartbeat, camera.secret, deviceBody('demo', sn, { timestamp: clock.now().getTime() }))).statusCode).toBe(200);
      expect(await both(1)).toEqual([{ ...device, onlineState: 'online' }]);
      // a second heartbeat changes no state: nothing is sent for it (the car below is the next event)
      expect((await postSigned(t.app, devicePublicPaths.heartbeat, camera.secret, deviceBody('demo', sn, { timestamp: clock.now().getTime() }))).statusCode).toBe(200);
      const at = clock.now().toISOString();
      const read = deviceBody('demo', sn, {
        timestamp: clock.now().getTime(),
        kind: 'lane_entry',
        deviceEventId: 'LIVE-31',
        plate: '粤B66031',
        plateColour: 0,
        confidence: 0.3,
        occurredAt: at,
      });
      expect((await postSigned(t.app, vehicleEventPath, camera.secret, read)).statusCode).toBe(200);
      const warning = { kind: 'warning', warningKind: 'low_confidence', plateNumber: '粤B66031', lotId: camera.lotId } as const;
      // the car goes to the screens of the process that took it (of every process only through Redis);
      // the warning comes from the database to both, in either order beside the car
      const [car, raised] = (await here.next(2)).sort((x, y) => x.kind.localeCompare(y.kind));
      expect(car).toEqual({ kind: 'entry', plateNumber: '粤B66031', lotId: camera.lotId, at });
      expect(raised).toMatchObject({ ...warning, state: 'open' });
      expect(await there.next(1)).toEqual([raised]);

      const list = await t.app.inject({ method: 'GET', url: '/api/system/OrderWarning?plateNumber=%E7%B2%A4B66031', headers: { authorization: admin } });
      const [open] = list.json<{ data: { list: { id: string }[] } }>().data.list;
      const handled = await t.app.inject({
        method: 'POST',
        url: `/api/system/OrderWarning/${open!.id}/Actions/Handle`,
        headers: { authorization: admin },
        payload: { remark: '已人工核对车牌' },
      });
      expect(handled.statusCode).toBe(200);
      expect(await both(1)).toMatchObject([{ ...warning, state: 'closed' }]);

      // silent past three heartbeat cycles: the offline check takes it offline
      clock.advance(4 * 60_000);
      await checkOfflineDevices(t.app.db, clock.now());
      expect(await both(1)).toEqual([{ ...device, onlineState: 'offline' }]);
    } finally {
      here.close();
      there.close();
      await other.close();
    }
  });

  it('reads back only events of a kind it knows, with a tenant', () => {
    const device: LiveEvent = { tenantId: 't', kind: 'device', deviceSn: 'CAM-1', deviceType: 'camera', onlineState: 'offline', lotId: 'l' };
    expect(parseLiveEvent(JSON.stringify(device))).toEqual(device);
    const { tenantId: _tenant, ...withoutTenant }: LiveEvent = device;
    const stranger: DataViewLiveEvent = withoutTenant;
    expect([JSON.stringify(stranger), JSON.stringify({ ...device, kind: 'parked' }), 'not json'].map(parseLiveEvent)).toEqual([undefined, undefined, undefined]);
  });
});

describe('the in-process bus', () => {
  it('hands an event to its tenant’s screens only, and to none after they leave', () => {
    const bus = inProcessBus();
    const seen: string[] = [];
    const event = (tenantId: string): LiveEvent => ({ tenantId, kind: 'exit', plateNumber: `京A${tenantId}`, lotId: 'l', at: '2026-03-10T02:00:00.000Z' });
    const leave = bus.subscribe('a', (e) => seen.push(`a:${e.plateNumber}`));
    bus.subscribe('b', (e) => seen.push(`b:${e.plateNumber}`));
    bus.publish(event('a'));
    bus.publish(event('b'));
    leave();
    bus.publish(event('a'));
    expect(seen).toEqual(['a:京Aa', 'b:京Ab']);
  });
});
