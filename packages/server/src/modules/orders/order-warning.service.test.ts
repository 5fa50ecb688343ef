import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fee,
  orderWarningHandleInput,
  orderWarningListQuery,
  paymentInput,
  tariffOf,
  vehicleEventInput,
  type LotEventRulesInput,
  type TariffRules,
  type VehicleEventInput,
} from '@parking/contract';
import type { Database } from '../../db/client.js';
import {
  devices,
  operationLogs,
  orderWarnings,
  parkingLanes,
  parkingLots,
  parkingRecords,
  parkingSpaces,
  plateListEntries,
  systemMessages,
  tariffVersions,
  users,
} from '../../db/schema/index.js';
import { seededDemoDatabase, testConfig } from '../../test/test-app.js';
import type { AuthContext } from '../../types.js';
import { recordPayment } from '../payments/payment.service.js';
import { handleOrderWarning, listOrderWarnings, raiseWarning } from './order-warning.service.js';
import { receiveVehicleEvent } from './vehicle-event.service.js';

type DeviceRow = typeof devices.$inferSelect;
let database: Database;
let tenantId: string;
let laneLot: string;
let spaceLot: string;
let firstRules: TariffRules;
let admin: AuthContext;
const cams = {} as Record<'in' | 'out' | 'pole', DeviceRow>;
const dataDir = testConfig().dataDir;
let sequence = 0;

/** when the cameras send: a fixed time, after the stays they report */
const sentAt = Date.parse('2025-03-10T10:00:00+08:00');
const send = (device: DeviceRow, event: Omit<VehicleEventInput, 'tenant' | 'sn' | 'timestamp' | 'nonce' | 'deviceEventId'>) =>
  receiveVehicleEvent(
    database.db,
    device,
    vehicleEventInput.parse({ tenant: 'demo', sn: device.sn, timestamp: sentAt, nonce: `nonce-warn-${++sequence}`, deviceEventId: `W-${sequence}`, ...event }),
    dataDir,
  );
const enter = (plate: string, occurredAt: string, extra: Partial<VehicleEventInput> = {}) => send(cams.in, { kind: 'lane_entry', plate, occurredAt, ...extra });
const exit = (plate: string, occurredAt: string, extra: Partial<VehicleEventInput> = {}) => send(cams.out, { kind: 'lane_exit', plate, occurredAt, ...extra });
const listBlack = (plateNumber: string, reason: string, plateColour = 0) => database.db.insert(plateListEntries).values({ tenantId, type: 'black', plateNumber, plateColour, reason });
const setRules = (rules: LotEventRulesInput, lotId = laneLot) => database.db.update(parkingLots).set({ eventRules: rules }).where(eq(parkingLots.id, lotId));
const recordOf = async (id: string | null) => (await database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id!)))[0]!;
const recordsOf = (plate: string) => database.db.select().from(parkingRecords).where(eq(parkingRecords.plateNumber, plate));
const warningsOf = (plate: string) => database.db.select().from(orderWarnings).where(eq(orderWarnings.plateNumber, plate));
const messageOf = async (warningId: string) => database.db.select().from(systemMessages).where(eq(systemMessages.businessId, warningId));
const freeCount = async () => (await database.db.select().from(parkingLots).where(eq(parkingLots.id, laneLot)))[0]!.freeCount;
const expectedFee = (from: string, to: string) =>
  fee(tariffOf('t', 1, new Date('2025-01-01T00:00:00+08:00'), null, firstRules), new Date(from), new Date(to), { vehicleClass: 'small' }).amount;
const payAll = async (recordId: string) => {
  const { unpaid } = await recordOf(recordId);
  await recordPayment(database.db, admin, paymentInput.parse({ recordId, channel: 'cash', amount: unpaid }), `grace-pay-${++sequence}`);
};

beforeAll(async () => {
  let tariff;
  ({ database, tenantId, tariff } = await seededDemoDatabase());
  const db = database.db;
  const [adminUser] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.account, 'admin')));
  admin = { sessionId: 's', userId: adminUser!.id, tenantId, tenantCode: 'demo', account: 'admin', isAdministrator: true, onPlatformTenant: false, ip: '127.0.0.1', userAgent: 'vitest' };
  firstRules = (await db.select().from(tariffVersions).where(eq(tariffVersions.tariffId, tariff.id)))[0]!.rules;
  const [lot] = await db.insert(parkingLots).values({ tenantId, name: '预警车道停车场', type: 1, kind: 'lane', totalSpaces: 50, freeCount: 50, tariffId: tariff.id }).returning();
  laneLot = lot!.id;
  const [inLane] = await db.insert(parkingLanes).values({ tenantId, lotId: laneLot, name: '入口', direction: 'in' }).returning();
  const [outLane] = await db.insert(parkingLanes).values({ tenantId, lotId: laneLot, name: '出口', direction: 'out' }).returning();
  const [road] = await db.insert(parkingLots).values({ tenantId, name: '预警路内停车场', type: 0, kind: 'space', tariffId: tariff.id }).returning();
  spaceLot = road!.id;
  await db.insert(parkingSpaces).values([
    { tenantId, lotId: spaceLot, number: 'B001' },
    { tenantId, lotId: spaceLot, number: 'B002' },
  ]);
  const device = (sn: string, type: string, lotId: string, extra: Partial<DeviceRow> = {}) =>
    db
      .insert(devices)
      .values({ tenantId, sn, name: sn, type, lotId, secret: 'x'.repeat(64), ...extra })
      .returning()
      .then((rows) => rows[0]!);
  cams.in = await device('WARN-IN', 'camera', laneLot, { laneId: inLane!.id });
  cams.out = await device('WARN-OUT', 'camera', laneLot, { laneId: outLane!.id });
  cams.pole = await device('WARN-POLE', 'video_pole', spaceLot);
});
afterAll(() => database.close());

describe('订单异常 warnings from vehicle events', () => {
  it('duplicate entry closing the old stay warns of the old record once, with a type-1 message naming plate and lot', async () => {
    await setRules({ duplicateEntry: 'close-old-abnormal' });
    const first = await enter('京W10001', '2025-03-03T08:00:00+08:00');
    const second = await enter('京W10001', '2025-03-03T10:00:00+08:00');
    const warnings = await warningsOf('京W10001');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ recordId: first.recordId, lotId: laneLot, kind: 'duplicate_entry', category: 1, state: 'open' });
    expect(warnings[0]!.recordId).not.toBe(second.recordId);
    const [message] = await messageOf(warnings[0]!.id);
    expect(message).toMatchObject({ tenantId, messageType: 1, status: 0, messageName: '订单异常：重复入场' });
    expect(message!.messageText).toContain('京W10001');
    expect(message!.messageText).toContain('预警车道停车场');
  });

  it('duplicate entry keeping the open stay warns once however often the plate is read again', async () => {
    await setRules({ duplicateEntry: 're-open' });
    const first = await enter('京W10002', '2025-03-03T08:00:00+08:00');
    await enter('京W10002', '2025-03-03T09:00:00+08:00');
    await enter('京W10002', '2025-03-03T09:30:00+08:00');
    const warnings = await warningsOf('京W10002');
    expect(warnings.map((w) => [w.recordId, w.kind])).toEqual([[first.recordId, 'duplicate_entry']]);
    expect(await messageOf(warnings[0]!.id)).toHaveLength(1);
    await setRules({});
  });

  it('an exit with no entry on record warns, whatever the lot does with the car', async () => {
    await setRules({ exitWithoutEntry: 'hold' });
    const held = await exit('京W10003', '2025-03-03T15:00:00+08:00');
    const [warning] = await warningsOf('京W10003');
    expect(warning).toMatchObject({ recordId: held.recordId, kind: 'exit_without_entry', category: 1 });
    expect(warning!.detail).toContain('待人工处理');
    await setRules({});
  });

  it('a low-confidence plate warns once, at entry or exit, and says how sure the camera was', async () => {
    await setRules({ minConfidence: 0.9 });
    const entry = await enter('京W10004', '2025-03-03T09:00:00+08:00', { confidence: 0.5 });
    await exit('京W10004', '2025-03-03T09:30:00+08:00', { confidence: 0.6 });
    const warnings = await warningsOf('京W10004');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ recordId: entry.recordId, kind: 'low_confidence', detail: '识别置信度0.5低于0.9' });
    // a good read raises nothing
    await enter('京W10005', '2025-03-03T09:00:00+08:00', { confidence: 0.95 });
    expect(await warningsOf('京W10005')).toEqual([]);
    await setRules({});
  });

  it('a long stay warns at the exit; a stay under the limit does not', async () => {
    await setRules({ longStayHours: 24 });
    await enter('京W10006', '2025-03-03T09:00:00+08:00');
    const out = await exit('京W10006', '2025-03-05T10:00:00+08:00');
    expect(await warningsOf('京W10006')).toMatchObject([{ recordId: out.recordId, kind: 'long_stay', detail: '停车2天1时，超过24小时' }]);
    await enter('京W10007', '2025-03-03T09:00:00+08:00');
    await exit('京W10007', '2025-03-03T20:00:00+08:00');
    expect(await warningsOf('京W10007')).toEqual([]);
    await setRules({});
  });

  it('other modules raise warnings such as 异常放行 through raiseWarning, in their own transaction', async () => {
    const entry = await enter('京W10008', '2025-03-03T09:00:00+08:00');
    const warning = await database.db.transaction(async (tx) =>
      raiseWarning(tx as unknown as typeof database.db, { tenantId, recordId: entry.recordId, lotId: laneLot, plateNumber: '京W10008', kind: 'abnormal_release', detail: '值班员手动抬杆' }),
    );
    expect(warning).toMatchObject({ kind: 'abnormal_release', category: 1 });
    expect(await messageOf(warning!.id)).toMatchObject([{ messageType: 1, messageName: '订单异常：异常放行' }]);
    // the same record and kind again is no new warning
    expect(await raiseWarning(database.db, { tenantId, recordId: entry.recordId, lotId: laneLot, plateNumber: '京W10008', kind: 'abnormal_release' })).toBeUndefined();
    // a failing transaction leaves neither warning nor message behind
    await expect(
      database.db.transaction(async (tx) => {
        await raiseWarning(tx, { tenantId, recordId: null, lotId: laneLot, plateNumber: '京W10009', kind: 'abnormal_release' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await warningsOf('京W10009')).toEqual([]);
  });
});

describe('车辆布控 warnings on entry', () => {
  it("warn (the lot's own choice): a black-listed plate enters, its record opens and a type-8 warning says why it is listed", async () => {
    await listBlack('京W20001', '多次冲卡');
    await setRules({ blacklistEntry: 'warn' });
    const entry = await enter('京W20001', '2025-03-03T09:00:00+08:00');
    expect(entry).toMatchObject({ state: 'parked', release: true });
    const [warning] = await warningsOf('京W20001');
    expect(warning).toMatchObject({ recordId: entry.recordId, kind: 'blacklist_entry', category: 2, detail: '拉黑原因：多次冲卡' });
    expect(await messageOf(warning!.id)).toMatchObject([{ messageType: 8, messageName: '车辆布控：黑名单车辆入场' }]);
  });

  it('refuse (the default): the barrier stays shut, no record opens, the free count stays, and a retry raises no second warning', async () => {
    await listBlack('京W20002', '套牌嫌疑');
    await setRules({});
    const free = await freeCount();
    const refused = await enter('京W20002', '2025-03-03T09:00:00+08:00');
    expect(refused).toMatchObject({ recordId: null, state: null, release: false, display: '黑名单车辆 禁止通行' });
    expect(await recordsOf('京W20002')).toEqual([]);
    expect(await freeCount()).toBe(free);
    await enter('京W20002', '2025-03-03T09:01:00+08:00');
    const warnings = await warningsOf('京W20002');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ recordId: null, kind: 'blacklist_entry', detail: '拉黑原因：套牌嫌疑；已拒绝入场' });
    // a plate not on the list enters as usual under the same rule, with nothing for the screen
    const other = await enter('京W20003', '2025-03-03T09:00:00+08:00');
    expect(other.release).toBe(true);
    expect(other).not.toHaveProperty('display');
  });

  it('a colour on the list matches that colour only', async () => {
    await listBlack('京W20004', '黄牌禁入', 2);
    await setRules({ blacklistEntry: 'warn' });
    await enter('京W20004', '2025-03-03T09:00:00+08:00', { plateColour: 0 });
    await exit('京W20004', '2025-03-03T10:00:00+08:00', { plateColour: 0 });
    expect(await warningsOf('京W20004')).toEqual([]);
    await enter('京W20004', '2025-03-04T09:00:00+08:00', { plateColour: 2 });
    expect(await warningsOf('京W20004')).toMatchObject([{ kind: 'blacklist_entry' }]);
    await setRules({});
  });

  it('a space with no barrier lets a black-listed plate park even under refuse, and warns', async () => {
    await listBlack('京W20005', '路内黑名单');
    await setRules({ blacklistEntry: 'refuse' }, spaceLot);
    const taken = await send(cams.pole, { kind: 'space_occupied', plate: '京W20005', spaceNumber: 'B001', occurredAt: '2025-03-03T09:00:00+08:00' });
    expect(taken.state).toBe('parked');
    expect(await warningsOf('京W20005')).toMatchObject([{ recordId: taken.recordId, kind: 'blacklist_entry', lotId: spaceLot }]);
    await setRules({}, spaceLot);
  });

  it('a plate owing money anywhere in the tenant warns on entry with what it owes; a plate owing nothing does not', async () => {
    await database.db.insert(parkingRecords).values([
      { tenantId, lotId: spaceLot, plateNumber: '京W20006', state: 'unpaid', amountDue: 1500, unpaid: 1500 },
      { tenantId, lotId: spaceLot, plateNumber: '京W20006', state: 'unpaid', amountDue: 800, paid: 300, unpaid: 500 },
      { tenantId, lotId: spaceLot, plateNumber: '京W20007', state: 'paid', amountDue: 800, paid: 800, unpaid: 0 },
    ]);
    const entry = await enter('京W20006', '2025-03-03T09:00:00+08:00');
    expect(await warningsOf('京W20006')).toMatchObject([{ recordId: entry.recordId, kind: 'arrears_entry', category: 2, detail: '有2笔欠费订单，共欠20.00元' }]);
    await enter('京W20007', '2025-03-03T09:00:00+08:00');
    expect(await warningsOf('京W20007')).toEqual([]);
  });
});

describe('re-entry within the grace minutes of a paid stay', () => {
  const plate = (n: number) => `京W3000${n}`;

  it('continue: the paid stay re-opens and the next exit prices the whole stay, owing due − discount − paid', async () => {
    await setRules({ graceReentry: 'continue' });
    const entry = await enter(plate(1), '2025-03-03T09:00:00+08:00');
    await exit(plate(1), '2025-03-03T10:00:00+08:00');
    await payAll(entry.recordId!);
    const paid = await recordOf(entry.recordId);
    expect(paid).toMatchObject({ state: 'paid', unpaid: 0 });
    expect(paid.paid).toBeGreaterThan(0);
    const free = await freeCount();

    const back = await enter(plate(1), '2025-03-03T10:05:00+08:00');
    expect(back).toMatchObject({ recordId: entry.recordId, state: 'parked', release: true });
    expect(await recordOf(entry.recordId)).toMatchObject({ state: 'parked', exitedAt: null, exitLaneId: null, exitEventId: null, amountDue: paid.amountDue, paid: paid.paid, unpaid: 0 });
    expect(await recordsOf(plate(1))).toHaveLength(1);
    expect(await freeCount()).toBe(free - 1);

    const out = await exit(plate(1), '2025-03-03T12:00:00+08:00');
    const due = expectedFee('2025-03-03T09:00:00+08:00', '2025-03-03T12:00:00+08:00');
    expect(due).toBeGreaterThan(paid.paid);
    const record = await recordOf(out.recordId);
    expect(record).toMatchObject({ amountDue: due, discount: 0, paid: paid.paid, unpaid: due - paid.paid, state: 'awaiting_payment' });
    expect(out).toMatchObject({ recordId: entry.recordId, amountToPay: due - paid.paid, release: false });
    expect(record.amountDue - record.discount).toBe(record.paid + record.unpaid);
  });

  it('continue: a plate back after the grace minutes starts a new stay', async () => {
    const entry = await enter(plate(2), '2025-03-03T09:00:00+08:00');
    await exit(plate(2), '2025-03-03T10:00:00+08:00');
    await payAll(entry.recordId!);
    const late = new Date(Date.parse('2025-03-03T10:00:00+08:00') + firstRules.graceMinutes * 60_000).toISOString();
    const back = await enter(plate(2), late);
    expect(back.recordId).not.toBe(entry.recordId);
    expect(await recordOf(entry.recordId)).toMatchObject({ state: 'paid' });
  });

  it('continue: a stay that was not paid for is not resumed', async () => {
    const entry = await enter(plate(3), '2025-03-03T09:00:00+08:00');
    await exit(plate(3), '2025-03-03T10:00:00+08:00');
    const back = await enter(plate(3), '2025-03-03T10:05:00+08:00');
    expect(back.recordId).not.toBe(entry.recordId);
    expect(await recordOf(entry.recordId)).toMatchObject({ state: 'awaiting_payment' });
  });

  it('new-stay (the default): a plate back within grace opens a new record and the paid one is left as it was', async () => {
    await setRules({});
    const entry = await enter(plate(4), '2025-03-03T09:00:00+08:00');
    await exit(plate(4), '2025-03-03T10:00:00+08:00');
    await payAll(entry.recordId!);
    const before = await recordOf(entry.recordId);
    const back = await enter(plate(4), '2025-03-03T10:05:00+08:00');
    expect(back.recordId).not.toBe(entry.recordId);
    expect(await recordOf(entry.recordId)).toEqual(before);
  });
});

describe('handling a warning', () => {
  it('closes it with the remark, the handler and the time, marks its message handled and logs it; a second time is refused', async () => {
    await setRules({ duplicateEntry: 'close-old-abnormal' });
    await enter('京W40001', '2025-03-03T08:00:00+08:00');
    await enter('京W40001', '2025-03-03T09:00:00+08:00');
    const [warning] = await warningsOf('京W40001');
    const handledAt = new Date(sentAt);
    const handled = await handleOrderWarning(database.db, admin, warning!.id, orderWarningHandleInput.parse({ remark: ' 已核实，设备误识别 ' }), handledAt);
    expect(handled).toMatchObject({ state: 'closed', remark: '已核实，设备误识别', handledBy: admin.userId, handledByName: '系统管理员' });
    expect(handled.handledAt).toBe(handledAt.toISOString());
    expect(await messageOf(warning!.id)).toMatchObject([{ status: 1 }]);
    expect(await database.db.select().from(operationLogs).where(eq(operationLogs.targetId, warning!.id))).toHaveLength(1);
    await expect(handleOrderWarning(database.db, admin, warning!.id, { remark: '再处理' }, handledAt)).rejects.toThrow('该预警已处理，不能重复处理');
    expect((await warningsOf('京W40001'))[0]!.remark).toBe('已核实，设备误识别');
    await setRules({});
  });

  it('lists by category, kind, state and plate prefix', async () => {
    const list = (q: object) => listOrderWarnings(database.db, admin, orderWarningListQuery.parse({ pageSize: 100, ...q }));
    const control = await list({ category: '2' });
    expect(control.list.length).toBeGreaterThan(0);
    expect(control.list.every((w) => w.category === 2)).toBe(true);
    expect((await list({ kind: 'long_stay' })).list.map((w) => w.plateNumber)).toEqual(['京W10006']);
    expect((await list({ state: 'closed' })).list.map((w) => w.plateNumber)).toEqual(['京W40001']);
    expect((await list({ plateNumber: '京w2000' })).list.every((w) => w.plateNumber.startsWith('京W2000'))).toBe(true);
    expect((await list({ lotId: spaceLot, category: '2' })).list.map((w) => w.plateNumber).sort()).toEqual(['京W20005']);
  });
});

describe('money', () => {
  it('money paid while parked is kept at the exit: only the rest is owed', async () => {
    const entry = await enter('京W50001', '2025-03-03T09:00:00+08:00');
    await database.db.update(parkingRecords).set({ amountDue: 300, paid: 300 }).where(eq(parkingRecords.id, entry.recordId!));
    const out = await exit('京W50001', '2025-03-03T11:00:00+08:00');
    const due = expectedFee('2025-03-03T09:00:00+08:00', '2025-03-03T11:00:00+08:00');
    expect(await recordOf(out.recordId)).toMatchObject({ amountDue: due, paid: 300, unpaid: due - 300, state: 'awaiting_payment' });
    expect(out.amountToPay).toBe(due - 300);
  });

  it('holds due − discount = paid + unpaid on every record', async () => {
    for (const r of await database.db.select().from(parkingRecords)) expect(r.amountDue - r.discount).toBe(r.paid + r.unpaid);
  });
});
