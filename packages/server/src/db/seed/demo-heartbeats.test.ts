import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOfflineDevices } from '../../modules/devices/device-offline.job.js';
import { buildTestApp, fixedClock, testConfig, type TestApp } from '../../test/test-app.js';
import { deviceOfflineTasks, devices, parkingLots, tariffs, tenants } from '../schema/index.js';
import { beatDemoDevices } from './demo-heartbeats.js';
import { demoDeviceSecret, seedDemoDevices, workingDemoDeviceSns } from './demo-devices.js';
import { demoTrafficDeviceSns } from './demo-history.js';
import { seedDemoMessages } from './demo-messages.js';

// the server's clock, fixed: the devices sign their heartbeats with its time
const clock = fixedClock('2026-03-10T02:00:00Z');
const brokenSns = ['GM-2026-0001', 'VP-2026-0007', 'CAM-2026-0102'];
let t: TestApp;
let baseUrl: string;
let demoId: string;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  await seedDemoDevices(t.database.db);
  await seedDemoMessages(t.database.db, testConfig().dataDir, clock.now());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  demoId = demo!.id;
});
afterAll(() => t.close());

const statesOf = async (sns: readonly string[]) =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ sn: devices.sn, onlineState: devices.onlineState })
        .from(devices)
        .where(and(eq(devices.tenantId, demoId), inArray(devices.sn, [...sns])))
    ).map((d) => [d.sn, d.onlineState]),
  );

describe('the demo devices', () => {
  it('send their traffic only through working devices, and price the garage as a commercial lot', async () => {
    for (const sn of demoTrafficDeviceSns) expect(workingDemoDeviceSns, sn).toContain(sn);
    for (const sn of brokenSns) expect(workingDemoDeviceSns).not.toContain(sn);
    const [garage] = await t.database.db
      .select({ type: parkingLots.type, tariff: tariffs.name })
      .from(parkingLots)
      .innerJoin(tariffs, eq(tariffs.id, parkingLots.tariffId))
      .where(and(eq(parkingLots.tenantId, demoId), eq(parkingLots.name, '东门停车场')));
    expect(garage).toEqual({ type: 1, tariff: '商业综合体地下停车场' });
  });

  it('heartbeat through the device API: the working ones go 在线 and stay so past the offline check, the broken ones stay 离线 with their tasks open', async () => {
    const refused = new Set<string>();
    expect(await beatDemoDevices(baseUrl, clock.now(), refused)).toEqual({ sent: workingDemoDeviceSns.length, refused: [] });
    expect(Object.values(await statesOf(workingDemoDeviceSns))).toEqual(workingDemoDeviceSns.map(() => 'online'));

    clock.advance(30_000);
    expect((await beatDemoDevices(baseUrl, clock.now(), refused)).sent).toBe(workingDemoDeviceSns.length);
    // two minutes later (fewer than 3 missed cycles of 60 s since the last round) nothing went offline
    clock.advance(120_000);
    expect((await checkOfflineDevices(t.database.db, clock.now())).offline).toBe(0);
    expect(Object.values(await statesOf(workingDemoDeviceSns))).toEqual(workingDemoDeviceSns.map(() => 'online'));
    expect(await statesOf(brokenSns)).toEqual(Object.fromEntries(brokenSns.map((sn) => [sn, 'offline'])));
    const open = await t.database.db
      .select({ sn: deviceOfflineTasks.deviceSn })
      .from(deviceOfflineTasks)
      .where(and(eq(deviceOfflineTasks.tenantId, demoId), inArray(deviceOfflineTasks.deviceSn, brokenSns)));
    expect(open.map((task) => task.sn).sort()).toEqual([...brokenSns].sort());
  });

  it('stop speaking for a device whose secret was reset in the console, which then goes 离线', async () => {
    await t.database.db
      .update(devices)
      .set({ secret: demoDeviceSecret('reset-by-an-operator') })
      .where(and(eq(devices.tenantId, demoId), eq(devices.sn, 'BRG-2026-0101')));
    const refused = new Set<string>();
    expect(await beatDemoDevices(baseUrl, clock.now(), refused)).toEqual({ sent: workingDemoDeviceSns.length - 1, refused: ['BRG-2026-0101'] });
    expect(await beatDemoDevices(baseUrl, clock.now(), refused)).toEqual({ sent: workingDemoDeviceSns.length - 1, refused: [] });
    clock.advance(181_000);
    await beatDemoDevices(baseUrl, clock.now(), refused);
    await checkOfflineDevices(t.database.db, clock.now());
    expect(await statesOf(['BRG-2026-0101', 'BRG-2026-0102'])).toEqual({ 'BRG-2026-0101': 'offline', 'BRG-2026-0102': 'online' });
  });
});
