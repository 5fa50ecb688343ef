import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessBus, type LiveEvent } from '../../plugins/live-events.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
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
