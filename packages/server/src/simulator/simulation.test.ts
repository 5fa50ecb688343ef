import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, parkingLots, parkingRecords } from '../db/schema/index.js';
import { buildTestApp, fixedClock, type TestApp } from '../test/test-app.js';
import { postDeviceCall } from '../modules/devices/index.js';
import { heartbeatAll, runTraffic, type DeviceSender } from './run-traffic.js';
import { consoleApi, setUpSimulation, signIn, SimulationError } from './simulation-setup.js';
import { planTraffic } from './traffic-plan.js';

// the server's clock, fixed: the devices sign with its time, and the traffic ran in the six hours before it
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const setUp = async (lots: number, streets: number) => {
  const api = consoleApi(baseUrl, await signIn(baseUrl, 'demo', 'admin', 'admin123'));
  return setUpSimulation(api, 'demo', lots, streets);
};
const send: DeviceSender = (path, device, fields) => postDeviceCall(baseUrl, path, device, { timestamp: clock.now().getTime(), ...fields });

describe('the traffic simulator against a running server', () => {
  it('sets up a barrier lot and a street, drives cars through the device API, and every answer adds up', async () => {
    const { simLots, devices: simDevices } = await setUp(2, 1);
    expect(simLots.map((l) => l.kind)).toEqual(['lane', 'space']);
    await heartbeatAll(send, simDevices);
    const sns = simDevices.flatMap((lot) => Object.values(lot).map((d) => d.sn));
    const states = await t.database.db.select({ sn: devices.sn, state: devices.onlineState }).from(devices).where(inArray(devices.sn, sns));
    expect(states).toHaveLength(3);
    expect(states.every((d) => d.state === 'online')).toBe(true);

    const start = new Date(clock.now().getTime() - 6 * 3_600_000);
    const plan = planTraffic({ lots: simLots, ratePerMinute: 0.2, minutes: 6 * 60, start, seed: 42, resendRate: 0.1, doubleEntryRate: 0 });
    const summary = await runTraffic(send, simDevices, plan);
    expect(summary.refused).toEqual([]);
    expect(summary.sent).toBe(plan.length);
    expect(summary.resends).toBeGreaterThan(0);
    expect(summary.duplicatesAcknowledged).toBe(summary.resends);

    const [gate, road] = simLots;
    const firstEvents = plan.filter((e) => !e.resend);
    const records = await t.database.db
      .select()
      .from(parkingRecords)
      .where(inArray(parkingRecords.lotId, [gate!.key, road!.key]));
    // one record per car, whatever the resends
    expect(records.filter((r) => r.lotId === gate!.key)).toHaveLength(firstEvents.filter((e) => e.kind === 'lane_entry').length);
    expect(records.filter((r) => r.lotId === road!.key)).toHaveLength(firstEvents.filter((e) => e.kind === 'space_occupied').length);
    for (const r of records) expect(r.amountDue - r.discount).toBe(r.paid + r.unpaid);
    const stillIn = firstEvents.filter((e) => e.lot === 0 && e.kind === 'lane_entry').length - firstEvents.filter((e) => e.lot === 0 && e.kind === 'lane_exit').length;
    expect(records.filter((r) => r.lotId === gate!.key && r.state === 'parked')).toHaveLength(stillIn);
    const [lot] = await t.database.db.select().from(parkingLots).where(eq(parkingLots.id, gate!.key));
    expect(lot!.freeCount).toBe(lot!.totalSpaces - stillIn);
    expect(summary.amountToPay).toBeGreaterThan(0);
  });

  it('finds its lots again on a second run, and the reset secrets sign the next events', async () => {
    const first = await setUp(2, 1);
    const again = await setUp(2, 1);
    expect(again.simLots.map((l) => l.key)).toEqual(first.simLots.map((l) => l.key));
    expect(again.devices[0]!.in!.secret).not.toBe(first.devices[0]!.in!.secret);
    const lots = await t.database.db
      .select()
      .from(parkingLots)
      .where(inArray(parkingLots.name, ['仿真停车场01', '仿真路段02']));
    expect(lots).toHaveLength(2);
    const stale = await send('/api/device/heartbeat', first.devices[0]!.in!, {});
    expect(stale.status).toBe(401);
    expect((await send('/api/device/heartbeat', again.devices[0]!.in!, {})).code).toBe(200);
  });

  it('says in Chinese why it cannot start: a wrong password', async () => {
    const refused = await signIn(baseUrl, 'demo', 'admin', 'wrong-password').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SimulationError);
    expect((refused as Error).message).toMatch(/^登录失败：/);
  });
});
