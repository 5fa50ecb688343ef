import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingOnStreetClass3, fee, lotEventRulesInput, tariffOf, vehicleEventInput, type LotEventRulesInput, type TariffRules, type VehicleEventInput } from '@parking/contract';
import type { Database } from '../../db/client.js';
import { devices, longRentals, orderWarnings, parkingLanes, parkingLots, parkingRecords, parkingSpaces, tariffVersions, users, vehicleEvents } from '../../db/schema/index.js';
import { seededDemoDatabase, testConfig } from '../../test/test-app.js';
import type { AuthContext } from '../../types.js';
import { insertDemoTariff } from '../../db/seed/demo-tariffs.js';
import { sampleWorkdayOnlyNewEnergy } from '../../../../contract/src/test/tariff-fixtures.js';
import { saveLotEventRules } from '../parking/lot-event-rules.service.js';
import { receiveVehicleEvent } from './vehicle-event.service.js';

type DeviceRow = typeof devices.$inferSelect;
let database: Database;
let tenantId: string;
let laneLot: string;
let spaceLot: string;
let tariffId: string;
let firstRules: TariffRules;
const cams: Record<'in' | 'out' | 'sensor' | 'pole', DeviceRow> = {} as Record<'in' | 'out' | 'sensor' | 'pole', DeviceRow>;
const dataDir = testConfig().dataDir;
let sequence = 0;

/** when the cameras send: a fixed time, after the stays they report */
const sentAt = Date.parse('2025-06-10T10:00:00+08:00');
const send = (device: DeviceRow, event: Omit<VehicleEventInput, 'tenant' | 'sn' | 'timestamp' | 'nonce' | 'deviceEventId'> & { deviceEventId?: string }) =>
  receiveVehicleEvent(
    database.db,
    device,
    vehicleEventInput.parse({ tenant: 'demo', sn: device.sn, timestamp: sentAt, nonce: `nonce-0000-${++sequence}`, deviceEventId: `E-${sequence}`, ...event }),
    dataDir,
  );
const recordOf = async (id: string | null) => (await database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id!)))[0]!;
const lotOf = async (id: string) => (await database.db.select().from(parkingLots).where(eq(parkingLots.id, id)))[0]!;
const setRules = (rules: LotEventRulesInput) => database.db.update(parkingLots).set({ eventRules: rules }).where(eq(parkingLots.id, laneLot));
const recordsOfPlate = (plate: string) => database.db.select().from(parkingRecords).where(eq(parkingRecords.plateNumber, plate));
/** the fee the tariff's first version asks for a stay */
const expectedFee = (from: string, to: string, rules = firstRules) =>
  fee(tariffOf('t', 1, new Date('2025-01-01T00:00:00+08:00'), null, rules), new Date(from), new Date(to), { vehicleClass: 'small' }).amount;

beforeAll(async () => {
  let tariff;
  ({ database, tenantId, tariff } = await seededDemoDatabase());
  const db = database.db;
  tariffId = tariff.id;
  firstRules = (await db.select().from(tariffVersions).where(eq(tariffVersions.tariffId, tariffId)))[0]!.rules;
  const [lot] = await db.insert(parkingLots).values({ tenantId, name: '事件车道停车场', type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10, tariffId }).returning();
  laneLot = lot!.id;
  const [inLane] = await db.insert(parkingLanes).values({ tenantId, lotId: laneLot, name: '入口', direction: 'in' }).returning();
  const [outLane] = await db.insert(parkingLanes).values({ tenantId, lotId: laneLot, name: '出口', direction: 'out' }).returning();
  const [road] = await db.insert(parkingLots).values({ tenantId, name: '事件路内停车场', type: 0, kind: 'space', tariffId }).returning();
  spaceLot = road!.id;
  const [s1] = await db.insert(parkingSpaces).values({ tenantId, lotId: spaceLot, number: 'A001', sensorSn: 'MAG-1' }).returning();
  await db.insert(parkingSpaces).values({ tenantId, lotId: spaceLot, number: 'A002' });
  const device = (sn: string, type: string, lotId: string, extra: Partial<DeviceRow> = {}) =>
    db
      .insert(devices)
      .values({ tenantId, sn, name: sn, type, lotId, secret: 'x'.repeat(64), ...extra })
      .returning()
      .then((rows) => rows[0]!);
  cams.in = await device('EV-IN', 'camera', laneLot, { laneId: inLane!.id });
  cams.out = await device('EV-OUT', 'camera', laneLot, { laneId: outLane!.id });
  cams.sensor = await device('MAG-1', 'geomagnetic', spaceLot, { spaceId: s1!.id });
  cams.pole = await device('POLE-1', 'video_pole', spaceLot);
  await db
    .insert(longRentals)
    .values({ tenantId, lotId: laneLot, plateNumber: '京A0LONG', ownerName: '长租', phone: '13800000000', validFrom: '2025-01-01', validTo: '2025-12-31', monthlyPrice: 30000 });
});
afterAll(() => database.close());

describe('the vehicle class of what the camera read', () => {
  it('prices a yellow plate as 大型车, a green 8-character plate as 新能源小型车 and a measured large vehicle as 大型车, on classes by size, and lets a police car park free where the tariff says so', async () => {
    const db = database.db;
    const tariff = { ...sampleWorkdayOnlyNewEnergy, freeSpecialPlates: ['police' as const] };
    const shenzhen = await db.transaction((tx) => insertDemoTariff(tx, tenantId, { name: '深圳一类区域', description: '车型测试', tariff }));
    const [lot] = await db.insert(parkingLots).values({ tenantId, name: '车型测试停车场', type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10, tariffId: shenzhen }).returning();
    const lanes = await db
      .insert(parkingLanes)
      .values([
        { tenantId, lotId: lot!.id, name: '车型入口', direction: 'in' },
        { tenantId, lotId: lot!.id, name: '车型出口', direction: 'out' },
      ])
      .returning();
    const camera = (sn: string, laneId: string) =>
      db
        .insert(devices)
        .values({ tenantId, sn, name: sn, type: 'camera', lotId: lot!.id, laneId, secret: 'x'.repeat(64) })
        .returning()
        .then((rows) => rows[0]!);
    const [entry, exit] = [await camera('CLASS-IN', lanes[0]!.id), await camera('CLASS-OUT', lanes[1]!.id)];
    const from = '2025-03-03T09:00:00+08:00';
    const to = '2025-03-03T11:30:00+08:00';
    for (const [plate, plateColour, vehicleSize, vehicleClass, why] of [
      ['粤B12345', 2, undefined, 'large', '黄牌按大型车'],
      ['粤BD12345', 3, undefined, 'smallNewEnergy', '新能源号牌'],
      ['粤B54321', 0, 'large', 'large', '设备识别为大型车'],
      ['粤B67890', 0, undefined, 'small', '小型车号牌'],
      ['粤B6789警', 0, undefined, 'small', '小型车号牌，警车号牌'],
    ] as const) {
      const read = { plate, plateColour, ...(vehicleSize ? { vehicleSize } : {}) };
      const entered = await send(entry, { kind: 'lane_entry', occurredAt: from, ...read });
      await send(exit, { kind: 'lane_exit', occurredAt: to, ...read });
      const record = await recordOf(entered.recordId);
      expect(record.vehicleClass, plate).toBe(vehicleClass);
      expect(record.vehicleClassWhy, plate).toBe(why);
      const police = plate.endsWith('警');
      expect(record.amountDue, plate).toBe(police ? 0 : fee(tariff, new Date(from), new Date(to), { vehicleClass }).amount);
    }
    // the classes cost differently here: the test would not tell them apart otherwise
    const due = (vehicleClass: string) => fee(sampleWorkdayOnlyNewEnergy, new Date(from), new Date(to), { vehicleClass }).amount;
    expect(new Set([due('large'), due('small')]).size).toBe(2);
  });
});

describe('lane entry and exit', () => {
  it('opens a parked record on entry, takes a free space, and prices the exit with the tariff in force at entry', async () => {
    const entry = await send(cams.in, { kind: 'lane_entry', plate: '京A10001', occurredAt: '2025-03-03T09:00:00+08:00', confidence: 0.97 });
    expect(entry).toMatchObject({ state: 'parked', release: true, amountToPay: 0, duplicate: false, abnormalReasons: [] });
    const parked = await recordOf(entry.recordId);
    expect(parked).toMatchObject({ lotId: laneLot, entryLaneId: cams.in.laneId, tariffId, vehicleClass: 'small', entryConfidence: 0.97 });
    expect(parked.tariffVersionId).not.toBeNull();
    expect((await lotOf(laneLot)).freeCount).toBe(9);

    const exit = await send(cams.out, { kind: 'lane_exit', plate: '京A10001', occurredAt: '2025-03-03T11:10:00+08:00' });
    const due = expectedFee('2025-03-03T09:00:00+08:00', '2025-03-03T11:10:00+08:00');
    expect(due).toBeGreaterThan(0);
    expect(exit).toMatchObject({ recordId: entry.recordId, state: 'awaiting_payment', amountToPay: due, release: false });
    expect(await recordOf(exit.recordId)).toMatchObject({ amountDue: due, discount: 0, paid: 0, unpaid: due, exitLaneId: cams.out.laneId, state: 'awaiting_payment' });
    expect((await lotOf(laneLot)).freeCount).toBe(10);
  });

  it('answers a resent event (its id and time again) as before and changes nothing', async () => {
    const first = await send(cams.in, { kind: 'lane_entry', plate: '京A10002', occurredAt: '2025-03-03T09:00:00+08:00', deviceEventId: 'CAM-IN-777' });
    const free = (await lotOf(laneLot)).freeCount;
    const again = await send(cams.in, { kind: 'lane_entry', plate: '京A10002', occurredAt: '2025-03-03T09:00:00+08:00', deviceEventId: 'CAM-IN-777' });
    expect(again).toEqual({ ...first, duplicate: true });
    expect(await recordsOfPlate('京A10002')).toHaveLength(1);
    expect((await lotOf(laneLot)).freeCount).toBe(free);
    expect(await database.db.select().from(vehicleEvents).where(eq(vehicleEvents.deviceEventId, 'CAM-IN-777'))).toHaveLength(1);
    // the same id from another device is another event
    const other = await send(cams.out, { kind: 'lane_exit', plate: '京A10002', occurredAt: '2025-03-03T09:20:00+08:00', deviceEventId: 'CAM-IN-777' });
    expect(other.duplicate).toBe(false);
  });

  it('takes an event id the device used before, at another time, as a new event (a camera whose counter restarted)', async () => {
    const entry = await send(cams.in, { kind: 'lane_entry', plate: '京A10012', occurredAt: '2025-03-05T09:00:00+08:00', deviceEventId: 'CAM-IN-1' });
    const exit = await send(cams.out, { kind: 'lane_exit', plate: '京A10012', occurredAt: '2025-03-05T10:00:00+08:00', deviceEventId: 'CAM-OUT-1' });
    // restarted, the cameras count from 1 again: the next stay is its own, not an answer to the last
    const again = await send(cams.in, { kind: 'lane_entry', plate: '京A10012', occurredAt: '2025-04-20T09:00:00+08:00', deviceEventId: 'CAM-IN-1' });
    expect(again.duplicate).toBe(false);
    expect(again.recordId).not.toBe(entry.recordId);
    expect(exit.recordId).toBe(entry.recordId);
    expect(await recordsOfPlate('京A10012')).toHaveLength(2);
    expect(await database.db.select().from(vehicleEvents).where(eq(vehicleEvents.deviceEventId, 'CAM-IN-1'))).toHaveLength(2);
  });

  it('keeps the version in force at entry when a new version starts during the stay', async () => {
    await send(cams.in, { kind: 'lane_entry', plate: '京A10003', occurredAt: '2025-06-02T09:00:00+08:00' });
    const [second] = await database.db
      .insert(tariffVersions)
      .values({ tenantId, tariffId, versionNo: 2, effectiveFrom: new Date('2025-06-02T10:00:00+08:00'), rules: { ...firstRules, ...tariffRulesOf(beijingOnStreetClass3) } })
      .returning();
    const exit = await send(cams.out, { kind: 'lane_exit', plate: '京A10003', occurredAt: '2025-06-02T12:00:00+08:00' });
    expect(exit.amountToPay).toBe(expectedFee('2025-06-02T09:00:00+08:00', '2025-06-02T12:00:00+08:00'));
    // a car entering after the change pays the new version
    const later = await send(cams.in, { kind: 'lane_entry', plate: '京A10004', occurredAt: '2025-06-02T13:00:00+08:00' });
    expect((await recordOf(later.recordId)).tariffVersionId).toBe(second!.id);
    await database.db.delete(tariffVersions).where(eq(tariffVersions.id, second!.id));
  });

  it('lets a long-rental plate valid that day out for nothing: the whole fee is its discount', async () => {
    await send(cams.in, { kind: 'lane_entry', plate: '京A0LONG', occurredAt: '2025-03-04T09:00:00+08:00' });
    const exit = await send(cams.out, { kind: 'lane_exit', plate: '京A0LONG', occurredAt: '2025-03-04T12:00:00+08:00' });
    expect(exit).toMatchObject({ state: 'closed', amountToPay: 0, release: true });
    const record = await recordOf(exit.recordId);
    expect(record.amountDue).toBeGreaterThan(0);
    expect(record).toMatchObject({ discount: record.amountDue, paid: 0, unpaid: 0 });
  });

  it('never takes the free count below zero', async () => {
    await database.db.update(parkingLots).set({ freeCount: 0 }).where(eq(parkingLots.id, laneLot));
    await send(cams.in, { kind: 'lane_entry', plate: '京A10005', occurredAt: '2025-03-03T09:00:00+08:00' });
    expect((await lotOf(laneLot)).freeCount).toBe(0);
    await database.db.update(parkingLots).set({ freeCount: 5 }).where(eq(parkingLots.id, laneLot));
  });
});

describe("the lot's rules for edge cases", () => {
  it('duplicate entry, close-old-abnormal: the old stay closes as abnormal owing nothing and a new one opens', async () => {
    await setRules({ duplicateEntry: 'close-old-abnormal' });
    const first = await send(cams.in, { kind: 'lane_entry', plate: '京A20001', occurredAt: '2025-03-03T08:00:00+08:00' });
    const free = (await lotOf(laneLot)).freeCount;
    const second = await send(cams.in, { kind: 'lane_entry', plate: '京A20001', occurredAt: '2025-03-03T10:00:00+08:00' });
    expect(second.recordId).not.toBe(first.recordId);
    expect(await recordOf(first.recordId)).toMatchObject({ state: 'closed', abnormal: true, abnormalReasons: ['duplicate_entry'], amountDue: 0 });
    expect(await recordOf(second.recordId)).toMatchObject({ state: 'parked', abnormal: false });
    expect((await lotOf(laneLot)).freeCount).toBe(free);
  });

  it('duplicate entry, re-open: the open stay goes on, marked abnormal', async () => {
    await setRules({ duplicateEntry: 're-open' });
    const first = await send(cams.in, { kind: 'lane_entry', plate: '京A20002', occurredAt: '2025-03-03T08:00:00+08:00' });
    const free = (await lotOf(laneLot)).freeCount;
    const second = await send(cams.in, { kind: 'lane_entry', plate: '京A20002', occurredAt: '2025-03-03T10:00:00+08:00' });
    expect(second).toMatchObject({ recordId: first.recordId, state: 'parked', abnormalReasons: ['duplicate_entry'] });
    expect(await recordsOfPlate('京A20002')).toHaveLength(1);
    expect((await recordOf(first.recordId)).enteredAt?.toISOString()).toBe('2025-03-03T00:00:00.000Z');
    expect((await lotOf(laneLot)).freeCount).toBe(free);
  });

  it('exit without entry, charge-first-period: charges the first period before the exit', async () => {
    await setRules({ exitWithoutEntry: 'charge-first-period', firstPeriodMinutes: 60 });
    const exit = await send(cams.out, { kind: 'lane_exit', plate: '京A30001', occurredAt: '2025-03-03T15:00:00+08:00' });
    const due = expectedFee('2025-03-03T14:00:00+08:00', '2025-03-03T15:00:00+08:00');
    expect(due).toBeGreaterThan(0);
    expect(exit).toMatchObject({ state: 'awaiting_payment', amountToPay: due, release: false, abnormalReasons: ['exit_without_entry'] });
    expect(await recordOf(exit.recordId)).toMatchObject({ enteredAt: null, amountDue: due, unpaid: due, abnormal: true });
  });

  it('exit without entry, free: lets the car out owing nothing, marked abnormal', async () => {
    await setRules({ exitWithoutEntry: 'free' });
    const exit = await send(cams.out, { kind: 'lane_exit', plate: '京A30002', occurredAt: '2025-03-03T15:00:00+08:00' });
    expect(exit).toMatchObject({ state: 'closed', amountToPay: 0, release: true, abnormalReasons: ['exit_without_entry'] });
  });

  it('exit without entry, hold: the barrier stays shut and the record waits for staff', async () => {
    await setRules({ exitWithoutEntry: 'hold' });
    const exit = await send(cams.out, { kind: 'lane_exit', plate: '京A30003', occurredAt: '2025-03-03T15:00:00+08:00' });
    expect(exit).toMatchObject({ state: 'awaiting_payment', amountToPay: 0, release: false, abnormalReasons: ['exit_without_entry', 'held_for_staff'] });
  });

  it('follows the rules saved through the 事件规则 editor: exit without entry set to free closes owing nothing', async () => {
    const [adminUser] = await database.db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')));
    const admin: AuthContext = {
      sessionId: 's',
      userId: adminUser!.id,
      tenantId,
      tenantCode: 'demo',
      account: 'admin',
      isAdministrator: true,
      onPlatformTenant: false,
      ip: '127.0.0.1',
      userAgent: 'vitest',
    };
    await saveLotEventRules(database.db, admin, laneLot, lotEventRulesInput.parse({ exitWithoutEntry: 'charge-first-period' }));
    const charged = await send(cams.out, { kind: 'lane_exit', plate: '京A30004', occurredAt: '2025-03-03T15:00:00+08:00' });
    expect(charged.amountToPay).toBeGreaterThan(0);
    await saveLotEventRules(database.db, admin, laneLot, lotEventRulesInput.parse({ exitWithoutEntry: 'free' }));
    const exit = await send(cams.out, { kind: 'lane_exit', plate: '京A30005', occurredAt: '2025-03-03T15:00:00+08:00' });
    expect(exit).toMatchObject({ state: 'closed', amountToPay: 0, release: true, abnormalReasons: ['exit_without_entry'] });
    expect(await recordOf(exit.recordId)).toMatchObject({ amountDue: 0, paid: 0, unpaid: 0, state: 'closed' });
  });

  it("a plate read below the lot's confidence marks the record abnormal, at entry or exit", async () => {
    await setRules({ minConfidence: 0.9 });
    const entry = await send(cams.in, { kind: 'lane_entry', plate: '京A40001', occurredAt: '2025-03-03T09:00:00+08:00', confidence: 0.5 });
    expect(entry).toMatchObject({ state: 'parked', abnormalReasons: ['low_confidence'] });
    await send(cams.in, { kind: 'lane_entry', plate: '京A40002', occurredAt: '2025-03-03T09:00:00+08:00', confidence: 0.95 });
    const exit = await send(cams.out, { kind: 'lane_exit', plate: '京A40002', occurredAt: '2025-03-03T09:30:00+08:00', confidence: 0.6 });
    expect((await recordOf(exit.recordId)).abnormalReasons).toEqual(['low_confidence']);
  });

  it("a stay longer than the lot's long-stay hours is marked a long stay", async () => {
    await setRules({ longStayHours: 24 });
    await send(cams.in, { kind: 'lane_entry', plate: '京A50001', occurredAt: '2025-03-03T09:00:00+08:00' });
    const exit = await send(cams.out, { kind: 'lane_exit', plate: '京A50001', occurredAt: '2025-03-05T09:00:00+08:00' });
    expect(exit.abnormalReasons).toEqual(['long_stay']);
    await send(cams.in, { kind: 'lane_entry', plate: '京A50002', occurredAt: '2025-03-03T09:00:00+08:00' });
    expect((await send(cams.out, { kind: 'lane_exit', plate: '京A50002', occurredAt: '2025-03-03T20:00:00+08:00' })).abnormalReasons).toEqual([]);
    await setRules({});
  });

  it("a stay longer than the lot's 最长计费天数 is priced to that many days and warned of as 超长停车", async () => {
    // the long-stay hours are left above the stay: the warning comes from the bound alone
    await setRules({ maxStayDays: 3, longStayHours: 24 * 365 });
    try {
      await send(cams.in, { kind: 'lane_entry', plate: '京A50003', occurredAt: '2025-03-03T09:00:00+08:00' });
      const exit = await send(cams.out, { kind: 'lane_exit', plate: '京A50003', occurredAt: '2025-06-03T09:00:00+08:00' });
      const threeDays = expectedFee('2025-03-03T09:00:00+08:00', '2025-03-06T09:00:00+08:00');
      expect(threeDays).toBeLessThan(expectedFee('2025-03-03T09:00:00+08:00', '2025-03-07T09:00:00+08:00'));
      expect(exit).toMatchObject({ state: 'awaiting_payment', amountToPay: threeDays, abnormalReasons: ['long_stay'] });
      expect(await recordOf(exit.recordId)).toMatchObject({ amountDue: threeDays, unpaid: threeDays, abnormal: true });
      const [warning] = await database.db.select().from(orderWarnings).where(eq(orderWarnings.recordId, exit.recordId!));
      expect(warning).toMatchObject({ kind: 'long_stay', detail: '停车92天，超过最长计费3天，按3天计费' });
      // within the bound it is priced over its whole length, as before
      await send(cams.in, { kind: 'lane_entry', plate: '京A50004', occurredAt: '2025-03-03T09:00:00+08:00' });
      const short = await send(cams.out, { kind: 'lane_exit', plate: '京A50004', occurredAt: '2025-03-05T09:00:00+08:00' });
      expect(short).toMatchObject({ amountToPay: expectedFee('2025-03-03T09:00:00+08:00', '2025-03-05T09:00:00+08:00'), abnormalReasons: [] });
    } finally {
      await setRules({});
    }
  });
});

describe('space events', () => {
  it('a sensor taking and leaving its space opens and closes a record of a space-based lot and the free count follows', async () => {
    const taken = await send(cams.sensor, { kind: 'space_occupied', occurredAt: '2025-03-03T09:00:00+08:00' });
    expect(taken.state).toBe('parked');
    const [space] = await database.db.select().from(parkingSpaces).where(eq(parkingSpaces.sensorSn, 'MAG-1'));
    expect(space!.state).toBe('occupied');
    expect(await recordOf(taken.recordId)).toMatchObject({ spaceId: space!.id, plateNumber: '' });
    expect((await lotOf(spaceLot)).freeCount).toBe(1);
    const left = await send(cams.sensor, { kind: 'space_freed', occurredAt: '2025-03-03T10:00:00+08:00' });
    expect(left).toMatchObject({ recordId: taken.recordId, amountToPay: expectedFee('2025-03-03T09:00:00+08:00', '2025-03-03T10:00:00+08:00') });
    expect((await lotOf(spaceLot)).freeCount).toBe(2);
  });

  it('a video pole names the space; an unknown space is refused and nothing is written', async () => {
    const taken = await send(cams.pole, { kind: 'space_occupied', plate: '京A60001', spaceNumber: 'A002', occurredAt: '2025-03-03T09:00:00+08:00' });
    expect(await recordOf(taken.recordId)).toMatchObject({ plateNumber: '京A60001' });
    await expect(send(cams.pole, { kind: 'space_occupied', spaceNumber: 'Z999', occurredAt: '2025-03-03T09:00:00+08:00', deviceEventId: 'POLE-BAD' })).rejects.toThrow(
      '停车场没有泊位「Z999」',
    );
    expect(await database.db.select().from(vehicleEvents).where(eq(vehicleEvents.deviceEventId, 'POLE-BAD'))).toHaveLength(0);
  });
  it('a space freed with no plate read still prices the stay for its plate: a long-rental card of the space lot pays it', async () => {
    await database.db
      .insert(longRentals)
      .values({ tenantId, lotId: spaceLot, plateNumber: '京A6LONG', ownerName: '长租', phone: '13800000000', validFrom: '2025-01-01', validTo: '2025-12-31', monthlyPrice: 30000 });
    const taken = await send(cams.pole, { kind: 'space_occupied', plate: '京A6LONG', spaceNumber: 'A002', occurredAt: '2025-03-05T09:00:00+08:00' });
    const left = await send(cams.pole, { kind: 'space_freed', spaceNumber: 'A002', occurredAt: '2025-03-05T11:00:00+08:00' });
    expect(left).toMatchObject({ recordId: taken.recordId, state: 'closed', amountToPay: 0 });
    const record = await recordOf(left.recordId);
    expect(record.amountDue).toBe(expectedFee('2025-03-05T09:00:00+08:00', '2025-03-05T11:00:00+08:00'));
    expect(record).toMatchObject({ discount: record.amountDue, unpaid: 0 });
  });
});

describe('photos', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]).toString('base64');

  it('keeps a JPEG or PNG under DATA_DIR/photos/<tenant>/ with only its path in the record', async () => {
    const entry = await send(cams.in, { kind: 'lane_entry', plate: '京A70001', occurredAt: '2025-03-03T09:00:00+08:00', photo: png });
    const path = (await recordOf(entry.recordId)).entryPhoto!;
    expect(path).toMatch(new RegExp(`^photos/${tenantId}/2025-03-03/[0-9a-f-]+\\.png$`));
    expect(existsSync(join(dataDir, path))).toBe(true);
  });

  it('refuses anything else by its first bytes and writes nothing', async () => {
    const gif = Buffer.from('GIF89a-not-a-plate-photo').toString('base64');
    await expect(send(cams.in, { kind: 'lane_entry', plate: '京A70002', occurredAt: '2025-03-03T09:00:00+08:00', photo: gif })).rejects.toThrow('照片只能是 JPEG 或 PNG');
    expect(await recordsOfPlate('京A70002')).toHaveLength(0);
  });
});

describe('money', () => {
  it('holds due − discounts = paid + unpaid on every record, and the database refuses a row that breaks it', async () => {
    const all = await database.db.select().from(parkingRecords);
    expect(all.length).toBeGreaterThan(10);
    for (const r of all) expect(r.amountDue - r.discount).toBe(r.paid + r.unpaid);
    await expect(database.db.update(parkingRecords).set({ paid: 1 }).where(eq(parkingRecords.id, all[0]!.id))).rejects.toThrow();
  });
});

/** the rules part of an example tariff, as a version stores it */
function tariffRulesOf({ name: _n, version: _v, effectiveFrom: _f, effectiveTo: _t, ...rules }: typeof beijingOnStreetClass3): TariffRules {
  return rules;
}
