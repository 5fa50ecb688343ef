import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fee, parkingRecordPaths, tariffOf, vehicleClassFor, vehicleEventPath, type TariffRules } from '@parking/contract';
import { parkingLots, parkingRecords, tariffVersions, tariffs } from '../../db/schema/index.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { deviceBody, postSigned } from '../devices/device-signing.js';
import { quoteForDriver } from '../payments/driver-record.service.js';

// 黑白名单 at the lanes, through the event API as the cameras call it. The app's clock is fixed;
// the stays are dated the day before it.
const clock = fixedClock('2026-03-10T02:00:00Z');
const at = (time: string, day = '2026-03-09') => `${day}T${time}:00+08:00`;
let t: TestApp;
let admin: string;
let lotId: string;
let otherLotId: string;
let rules: TariffRules;
const secrets: Record<'in' | 'out', string> = { in: '', out: '' };
let sequence = 0;

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
}
const list = (body: object) => call('POST', '/api/system/BlackWhiteList', body);
const drive = async (gate: 'in' | 'out', plate: string, time: string, plateColour = 0, day?: string) => {
  const body = deviceBody('demo', `BW-${gate.toUpperCase()}`, {
    timestamp: clock.now().getTime(),
    deviceEventId: `BW-${++sequence}`,
    kind: gate === 'in' ? 'lane_entry' : 'lane_exit',
    plate,
    plateColour,
    confidence: 0.99,
    occurredAt: at(time, day),
  });
  const response = await postSigned(t.app, vehicleEventPath, secrets[gate], body);
  expect(response.statusCode).toBe(200);
  return response.json().data as { recordId: string | null; state: string | null; release: boolean; amountToPay: number; display?: string };
};
const recordsOf = (plate: string) => t.database.db.select().from(parkingRecords).where(eq(parkingRecords.plateNumber, plate));
const warningsOf = async (plate: string) =>
  (await call('GET', `/api/system/OrderWarning?category=2&plateNumber=${encodeURIComponent(plate)}`)).json().data.list as { kind: string; recordId: string | null; detail: string }[];
/** the tariff's fee of [from, to] on the day, for a blue plate */
const tariffFee = (from: string, to: string) => {
  const tariff = tariffOf('t', 1, new Date('2020-01-01T00:00:00Z'), null, rules);
  const vehicleClass = (vehicleClassFor(tariff, { plateColour: 0 }) ?? tariff.vehicleClasses[0]!).code;
  return fee(tariff, new Date(at(from)), new Date(at(to)), { vehicleClass }).amount;
};

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  admin = await signIn(t.app);
  const [tariff] = await t.database.db.select().from(tariffs).where(eq(tariffs.name, '北京一类地区占道停车'));
  rules = (await t.database.db.select().from(tariffVersions).where(eq(tariffVersions.tariffId, tariff!.id)))[0]!.rules;
  lotId = (await call('POST', '/api/system/Parking', { name: '名单车道停车场', type: 1, kind: 'lane' })).json().data.id;
  otherLotId = (await call('POST', '/api/system/Parking', { name: '名单另一停车场', type: 1, kind: 'lane' })).json().data.id;
  await t.database.db.update(parkingLots).set({ totalSpaces: 50, freeCount: 50, tariffId: tariff!.id }).where(eq(parkingLots.id, lotId));
  for (const gate of ['in', 'out'] as const) {
    const lane = (await call('POST', '/api/system/ParkingLane', { lotId, name: gate === 'in' ? '名单入口' : '名单出口', direction: gate })).json().data;
    secrets[gate] = (await call('POST', '/api/system/Device', { sn: `BW-${gate.toUpperCase()}`, name: `名单${gate}相机`, type: 'camera', lotId, laneId: lane.id })).json().data.secret;
  }
  expect(tariffFee('10:00', '13:00')).toBeGreaterThan(tariffFee('11:00', '13:00'));
});
afterAll(() => t.close());

describe('a black-listed plate at a lane (the lot keeps its default rule, refuse)', () => {
  it('is refused at the entry: the barrier stays shut, no stay opens, the LED says why, and 车辆布控 warns', async () => {
    await list({ type: 'black', plateNumber: '粤B80001', reason: '多次冲卡' });
    const free = (await t.database.db.select().from(parkingLots).where(eq(parkingLots.id, lotId)))[0]!.freeCount;
    const refused = await drive('in', '粤B80001', '09:00');
    expect(refused).toMatchObject({ recordId: null, state: null, release: false, display: '黑名单车辆 禁止通行' });
    expect(await recordsOf('粤B80001')).toEqual([]);
    expect((await t.database.db.select().from(parkingLots).where(eq(parkingLots.id, lotId)))[0]!.freeCount).toBe(free);
    expect(await warningsOf('粤B80001')).toMatchObject([{ kind: 'blacklist_entry', recordId: null, detail: '拉黑原因：多次冲卡；已拒绝入场' }]);
  });

  it('is refused at the exit: the stay stays open, and the warning points at it', async () => {
    const entry = await drive('in', '粤B80002', '09:00');
    expect(entry.release).toBe(true);
    await list({ type: 'black', plateNumber: '粤B80002', reason: '套牌嫌疑' });
    const refused = await drive('out', '粤B80002', '11:00');
    expect(refused).toMatchObject({ recordId: entry.recordId, state: 'parked', release: false, display: '黑名单车辆 禁止通行' });
    expect(await recordsOf('粤B80002')).toMatchObject([{ state: 'parked', exitedAt: null }]);
    expect(await warningsOf('粤B80002')).toMatchObject([{ kind: 'blacklist_entry', recordId: entry.recordId, detail: '拉黑原因：套牌嫌疑；已拒绝出场' }]);
  });

  it('passes where its entry does not apply: another colour, another lot, expired or removed', async () => {
    await list({ type: 'black', plateNumber: '粤B80003', plateColour: 2, reason: '黄牌禁入' });
    expect((await drive('in', '粤B80003', '09:00')).release).toBe(true);
    await list({ type: 'black', plateNumber: '粤B80004', reason: '别场禁入', lotIds: [otherLotId] });
    expect((await drive('in', '粤B80004', '09:00')).release).toBe(true);
    await list({ type: 'black', plateNumber: '粤B80005', reason: '已过期', validFrom: at('00:00'), validTo: at('08:00') });
    expect((await drive('in', '粤B80005', '09:00')).release).toBe(true);
    const removed = (await list({ type: 'black', plateNumber: '粤B80006', reason: '误拉黑' })).json().data;
    await call('POST', `/api/system/BlackWhiteList/${removed.id}/Actions/Remove`, { reason: '误操作' });
    // removed at the clock's 10:00 in Shanghai: a car arriving after it passes
    clock.advance(3_600_000);
    const passed = await drive('in', '粤B80006', '10:30', 0, '2026-03-10');
    expect(passed.release).toBe(true);
    expect(passed).not.toHaveProperty('display');
    for (const plate of ['粤B80003', '粤B80004', '粤B80005', '粤B80006']) expect(await warningsOf(plate)).toEqual([]);
  });

  it("is let through with a warning where the lot's rule says warn", async () => {
    await call('PUT', `/api/system/Parking/${lotId}/EventRules`, { blacklistEntry: 'warn' });
    await list({ type: 'black', plateNumber: '粤B80007', reason: '仅预警' });
    const entry = await drive('in', '粤B80007', '09:00');
    expect(entry).toMatchObject({ state: 'parked', release: true });
    expect(await warningsOf('粤B80007')).toMatchObject([{ kind: 'blacklist_entry', recordId: entry.recordId, detail: '拉黑原因：仅预警' }]);
    expect((await drive('out', '粤B80007', '09:10')).release).toBe(true);
    await call('PUT', `/api/system/Parking/${lotId}/EventRules`, { blacklistEntry: 'refuse' });
  });
});

describe('a white-listed plate at a lane', () => {
  const stay = async (plate: string) => {
    const entry = await drive('in', plate, '10:00');
    const exit = await drive('out', plate, '13:00');
    const detail = (await call('GET', parkingRecordPaths.item.replace(':id', entry.recordId!))).json().data;
    return { exit, detail };
  };

  it('stays free within its entry: nothing to pay, the barrier opens, and the breakdown says 白名单免费', async () => {
    await list({ type: 'white', plateNumber: '粤B90001', reason: '物业车辆' });
    const { exit, detail } = await stay('粤B90001');
    const full = tariffFee('10:00', '13:00');
    expect(exit).toMatchObject({ state: 'closed', amountToPay: 0, release: true });
    expect(detail).toMatchObject({ amountDue: full, discount: full, unpaid: 0, fee: { amount: full, freeReason: '白名单免费' } });
    expect(detail.fee.breakdown.at(-1)).toEqual({
      label: '白名单免费',
      from: new Date(at('10:00')).toISOString(),
      to: new Date(at('13:00')).toISOString(),
      minutes: 180,
      units: 1,
      amount: -full,
    });
  });

  it('is charged from the expiry on when its entry expires during the stay', async () => {
    await list({ type: 'white', plateNumber: '粤B90002', reason: '临时白名单', validFrom: at('08:00'), validTo: at('11:00') });
    const { exit, detail } = await stay('粤B90002');
    const full = tariffFee('10:00', '13:00');
    const charged = tariffFee('11:00', '13:00');
    expect(exit).toMatchObject({ state: 'awaiting_payment', amountToPay: charged, release: false });
    expect(detail).toMatchObject({ amountDue: full, discount: full - charged, unpaid: charged, fee: { freeReason: null } });
    expect(detail.fee.breakdown.at(-1)).toEqual({
      label: '白名单免费',
      from: new Date(at('10:00')).toISOString(),
      to: new Date(at('11:00')).toISOString(),
      minutes: 60,
      units: 1,
      amount: charged - full,
    });
  });

  it('is charged from the entry to the start when its entry starts during the stay, and the removal of an entry ends it', async () => {
    await list({ type: 'white', plateNumber: '粤B90003', reason: '中途加白', validFrom: at('12:00'), validTo: at('23:00') });
    expect((await stay('粤B90003')).exit.amountToPay).toBe(tariffFee('10:00', '12:00'));
    const removed = (await list({ type: 'white', plateNumber: '粤B90004', reason: '已移除的白名单' })).json().data;
    await call('POST', `/api/system/BlackWhiteList/${removed.id}/Actions/Remove`, { reason: '合同到期' });
    // removed on the app's clock (the day after the stay): the stay was covered all along
    expect((await stay('粤B90004')).exit.amountToPay).toBe(0);
  });

  it("is quoted on the driver's phone as the exit will charge it, while the car is still in", async () => {
    await list({ type: 'white', plateNumber: '粤B90005', reason: '临时白名单', validFrom: at('08:00'), validTo: at('11:00') });
    await list({ type: 'white', plateNumber: '粤B90006', reason: '物业车辆' });
    for (const plate of ['粤B90005', '粤B90006']) await drive('in', plate, '10:00');
    const [expiring] = await recordsOf('粤B90005');
    const [covered] = await recordsOf('粤B90006');
    const thirteen = new Date(at('13:00'));
    expect(await quoteForDriver(t.database.db, expiring!, thirteen)).toMatchObject({ amountDue: tariffFee('10:00', '13:00'), unpaid: tariffFee('11:00', '13:00') });
    expect(await quoteForDriver(t.database.db, covered!, thirteen)).toMatchObject({ amountDue: tariffFee('10:00', '13:00'), unpaid: 0 });
  });
});
