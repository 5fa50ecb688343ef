import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingRecordPaths, vehicleEventPath } from '@parking/contract';
import { deviceEvents, parkingLots, parkingRecords, tariffVersions, tariffs, vehicleEvents } from '../../db/schema/index.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { deviceBody, postSigned } from '../devices/device-signing.js';

// the app's clock, fixed: a call's timestamp and an event's time are checked against it, so the cameras here sign with its time
const clock = fixedClock('2026-03-10T02:00:00Z');
const signedBody = (sn: string, extra: Record<string, unknown>) => deviceBody('demo', sn, { timestamp: clock.now().getTime(), ...extra });

let t: TestApp;
let admin: string;
let mwAdmin: string;
let lotId: string;
let secret: string;

const event = (extra: Record<string, unknown>) => signedBody('GATE-IN-1', { kind: 'lane_entry', plateColour: 0, confidence: 0.99, ...extra });
const recordsOf = (plate: string) => t.database.db.select().from(parkingRecords).where(eq(parkingRecords.plateNumber, plate));
const list = (query: string, token = admin) => t.app.inject({ method: 'GET', url: `${parkingRecordPaths.list}${query}`, headers: { authorization: token } });

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  const call = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { authorization: admin }, payload });
  const lot = (await call('/api/system/Parking', { name: '事件路由停车场', type: 1, kind: 'lane' })).json().data;
  lotId = lot.id;
  await t.database.db.update(parkingLots).set({ totalSpaces: 50, freeCount: 50 }).where(eq(parkingLots.id, lotId));
  const lane = (await call('/api/system/ParkingLane', { lotId, name: '东入口', direction: 'in' })).json().data;
  const device = (await call('/api/system/Device', { sn: 'GATE-IN-1', name: '东入口相机', type: 'camera', lotId, laneId: lane.id })).json().data;
  secret = device.secret;
});
afterAll(() => t.close());

describe('POST /api/device/events', () => {
  it('opens a record for a signed entry and answers a resend with the same result, changing nothing', async () => {
    const body = event({ deviceEventId: 'EV-1001', plate: '粤B10001', occurredAt: '2025-03-03T09:00:00+08:00' });
    const first = await postSigned(t.app, vehicleEventPath, secret, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 200, data: { deviceEventId: 'EV-1001', state: 'parked', release: true, duplicate: false } });
    // a device retries with a fresh nonce and timestamp but the same event id
    const resent = await postSigned(t.app, vehicleEventPath, secret, event({ deviceEventId: 'EV-1001', plate: '粤B10001', occurredAt: '2025-03-03T09:00:00+08:00' }));
    expect(resent.json().data).toEqual({ ...first.json().data, duplicate: true });
    expect(await recordsOf('粤B10001')).toHaveLength(1);
    expect((await t.database.db.select().from(parkingLots).where(eq(parkingLots.id, lotId)))[0]!.freeCount).toBe(49);
  });

  it('refuses a wrong signature with 401 and writes nothing', async () => {
    const response = await postSigned(t.app, vehicleEventPath, secret, event({ deviceEventId: 'EV-2001', plate: '粤B20001', occurredAt: '2025-03-03T09:00:00+08:00' }), '0'.repeat(64));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, msg: '设备未登记或签名错误' });
    expect(await recordsOf('粤B20001')).toHaveLength(0);
    expect(await t.database.db.select().from(vehicleEvents).where(eq(vehicleEvents.deviceEventId, 'EV-2001'))).toHaveLength(0);
  });

  it('answers the very same call again as stored, refuses a nonce reused for another event with 401, and applies nothing twice', async () => {
    const body = event({ deviceEventId: 'EV-2501', plate: '粤B25001', occurredAt: '2025-03-03T09:30:00+08:00' });
    const first = await postSigned(t.app, vehicleEventPath, secret, body);
    expect(first.statusCode).toBe(200);
    const free = (await t.database.db.select().from(parkingLots).where(eq(parkingLots.id, lotId)))[0]!.freeCount;
    // the very same signed bytes again, same nonce and event id, as a load balancer resends a call
    // whose process died after committing it: the stored answer, not a refusal of a kept event
    const resent = await postSigned(t.app, vehicleEventPath, secret, body);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toEqual({ ...first.json().data, duplicate: true });
    // the same nonce with another event id is a replay too: the nonce is claimed before the event
    const forged = { ...body, deviceEventId: 'EV-2502' };
    expect((await postSigned(t.app, vehicleEventPath, secret, forged)).json().msg).toBe('请求重复：nonce 已使用');
    expect(await recordsOf('粤B25001')).toHaveLength(1);
    expect(await t.database.db.select().from(vehicleEvents).where(eq(vehicleEvents.deviceEventId, 'EV-2502'))).toHaveLength(0);
    expect((await t.database.db.select().from(parkingLots).where(eq(parkingLots.id, lotId)))[0]!.freeCount).toBe(free);
    const refusals = await t.database.db
      .select()
      .from(deviceEvents)
      .where(and(eq(deviceEvents.sn, 'GATE-IN-1'), eq(deviceEvents.kind, 'refused')));
    expect(refusals.filter((r) => r.detail.includes('重复的 nonce'))).toHaveLength(1);
  });

  it('refuses bad input with 400 and a Chinese message, writing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ deviceEventId: 'EV-3001', occurredAt: '2025-03-03T09:00:00+08:00' }, '车道事件必须带车牌号'],
      [{ deviceEventId: 'EV-3002', plate: '粤B30002', occurredAt: 'yesterday' }, '事件时间格式应为 ISO 8601'],
      [{ deviceEventId: 'EV-3003', plate: '粤B30003', occurredAt: '2025-03-03T09:00:00+08:00', kind: 'teleport' }, '事件类型只能是'],
      [{ deviceEventId: 'EV-3004', plate: '粤B30004', occurredAt: '2025-03-03T09:00:00+08:00', confidence: 2 }, '识别置信度不能大于1'],
      [{ deviceEventId: 'EV-3005', plate: '粤B30005', occurredAt: '2025-03-03T09:00:00+08:00', photo: Buffer.from('plain text').toString('base64') }, '照片只能是 JPEG 或 PNG'],
    ];
    for (const [extra, msg] of cases) {
      const response = await postSigned(t.app, vehicleEventPath, secret, event(extra));
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(400);
      expect(response.json().msg).toContain(msg);
    }
    expect(await t.database.db.select().from(parkingRecords).where(eq(parkingRecords.plateNumber, '粤B30005'))).toHaveLength(0);
    expect((await t.database.db.select().from(vehicleEvents)).map((e) => e.deviceEventId)).not.toContain('EV-3005');
  });
});

describe('GET /api/system/ParkingRecord', () => {
  beforeAll(async () => {
    for (const [i, plate] of ['粤B40001', '粤B40002', '京A40003'].entries()) {
      await postSigned(t.app, vehicleEventPath, secret, event({ deviceEventId: `EV-40${i}`, plate, plateColour: i, occurredAt: `2025-03-0${i + 4}T09:00:00+08:00` }));
    }
  });

  it('pages records with filters by plate (exact or prefix), colour, state, entry time and amount, sorted', async () => {
    const exact = (await list('?plateNumber=粤B40001')).json().data;
    expect(exact.list.map((r: { plateNumber: string }) => r.plateNumber)).toEqual(['粤B40001']);
    const prefix = (await list(`?plateNumber=${encodeURIComponent('粤b4')}&plateMatch=prefix&sidx=plateNumber&sort=desc`)).json().data;
    expect(prefix.list.map((r: { plateNumber: string }) => r.plateNumber)).toEqual(['粤B40002', '粤B40001']);
    expect((await list('?plateColour=2')).json().data.list.map((r: { plateNumber: string }) => r.plateNumber)).toEqual(['京A40003']);
    const window = `?enteredFrom=${encodeURIComponent('2025-03-05T00:00:00+08:00')}&enteredTo=${encodeURIComponent('2025-03-06T23:59:59+08:00')}&sidx=enteredAt`;
    expect((await list(window)).json().data.list.map((r: { plateNumber: string }) => r.plateNumber)).toEqual(['粤B40002', '京A40003']);
    const parked = (await list(`?state=parked&lotId=${lotId}&amountMin=0&amountMax=0&pageSize=2`)).json().data;
    expect(parked.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 5 });
    expect((await list('?amountMin=1')).json().data.pagination.total).toBe(0);
  });

  it('shows one record, but never to another tenant', async () => {
    const [record] = await recordsOf('粤B40001');
    const mine = await t.app.inject({ method: 'GET', url: `/api/system/ParkingRecord/${record!.id}`, headers: { authorization: admin } });
    expect(mine.json().data).toMatchObject({ plateNumber: '粤B40001', lotName: '事件路由停车场', state: 'parked', amountDue: 0 });
    const theirs = await t.app.inject({ method: 'GET', url: `/api/system/ParkingRecord/${record!.id}`, headers: { authorization: mwAdmin } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().msg).toBe('停车记录不存在');
    expect((await list('', mwAdmin)).json().data.pagination.total).toBe(0);
  });

  it('answers bad filters with 400 and a Chinese message', async () => {
    for (const [query, msg] of [
      ['?state=flying', '状态只能是'],
      ['?amountMin=5&amountMax=1', '最高应收金额不能小于最低应收金额'],
      ['?sidx=secret', '排序字段只能是'],
      ['?colour=1', ''],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toContain(msg);
    }
  });
});

describe('POST /api/device/events with times far apart', () => {
  let exitSecret: string;
  const exit = (extra: Record<string, unknown>) => signedBody('GATE-OUT-P', { kind: 'lane_exit', plateColour: 0, confidence: 0.99, ...extra });
  const sendTwice = async (body: () => Record<string, unknown>) => [
    await postSigned(t.app, vehicleEventPath, exitSecret, body()),
    await postSigned(t.app, vehicleEventPath, exitSecret, body()),
  ];

  beforeAll(async () => {
    const call = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { authorization: admin }, payload });
    const lane = (await call('/api/system/ParkingLane', { lotId, name: '西出口', direction: 'out' })).json().data;
    exitSecret = (await call('/api/system/Device', { sn: 'GATE-OUT-P', name: '西出口相机', type: 'camera', lotId, laneId: lane.id })).json().data.secret;
    // a stay stored before entries were bounded, priced by a real tariff: pricing it from 0001 ran the process out of memory
    const [tariff] = await t.database.db.select().from(tariffs).where(eq(tariffs.name, '北京一类地区占道停车'));
    const [version] = await t.database.db.select().from(tariffVersions).where(eq(tariffVersions.tariffId, tariff!.id));
    await t.database.db.insert(parkingRecords).values({
      tenantId: tariff!.tenantId,
      lotId,
      plateNumber: '粤B00001',
      enteredAt: new Date('0001-01-01T12:00:00+08:00'),
      tariffVersionId: version!.id,
      vehicleClass: 'small',
      state: 'parked',
    });
  });

  it('answers the same poison exit 400 every time it is resent, stays up, and takes a normal event after', async () => {
    // an exit whose stay entered in the year 0001: refused, not priced over two thousand years
    const ancient = () => exit({ deviceEventId: 'EV-P-1', plate: '粤B00001', occurredAt: '2025-03-03T10:00:00+08:00' });
    for (const response of await sendTwice(ancient)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, msg: '该车在场记录的入场时间（0001-01-01）不能早于2000-01-01，无法自动计费，请人工处理该停车记录', data: null });
    }
    // read back as stored: the year 0001, not 1901
    expect(await recordsOf('粤B00001')).toMatchObject([{ state: 'parked', exitedAt: null, amountDue: 0, enteredAt: new Date('0001-01-01T12:00:00+08:00') }]);
    // an exit dated far in the future: past the window, and inside it but past the server's clock
    const farFuture = () => exit({ deviceEventId: 'EV-P-2', plate: '粤B90002', occurredAt: '2999-03-03T10:00:00+08:00' });
    for (const response of await sendTwice(farFuture)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, msg: expect.stringContaining('事件时间（2999-03-03）不能晚于2099-12-31') });
    }
    const ahead = () => exit({ deviceEventId: 'EV-P-3', plate: '粤B90003', occurredAt: '2098-03-03T10:00:00+08:00' });
    for (const response of await sendTwice(ahead)) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, msg: '事件时间不能晚于当前时间10分钟以上，请校准设备时钟' });
    }
    // an entry dated 0001 is refused as itself, never read as 1901 or 2001
    const entry = await postSigned(t.app, vehicleEventPath, secret, event({ deviceEventId: 'EV-P-4', plate: '粤B90004', occurredAt: '0001-01-01T00:00:00+08:00' }));
    expect(entry.json()).toMatchObject({ code: 400, msg: expect.stringContaining('事件时间（0001-01-01）不能早于2000-01-01') });
    expect(await recordsOf('粤B90002')).toHaveLength(0);
    expect(await recordsOf('粤B90004')).toHaveLength(0);
    const refused = await t.database.db.select().from(vehicleEvents).where(eq(vehicleEvents.deviceEventId, 'EV-P-1'));
    expect(refused).toHaveLength(0);
    // the same process answers the next ordinary event
    const normal = await postSigned(t.app, vehicleEventPath, secret, event({ deviceEventId: 'EV-P-5', plate: '粤B90005', occurredAt: '2025-03-03T11:00:00+08:00' }));
    expect(normal.statusCode).toBe(200);
    expect(normal.json()).toMatchObject({ code: 200, data: { state: 'parked', release: true } });
  });
});
