import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  arrearsReminderInput,
  paymentInput,
  recoveryRecordListQuery,
  arrearsListQuery,
  vehicleEventInput,
  type LotEventRulesInput,
  type ParkingRecordState,
  type RecoveryRecordListQuery,
  type ArrearsListQuery,
} from '@parking/contract';
import type { Database } from '../../db/client.js';
import { arrearsReminders, devices, operationLogs, parkingLots, parkingRecords, parkingSpaces, payments, recoveryRecords, tariffs, tenants, users } from '../../db/schema/index.js';
import { seededTestDatabase, testConfig } from '../../test/test-app.js';
import type { AuthContext } from '../../types.js';
import { receiveVehicleEvent } from '../orders/vehicle-event.service.js';
import { recordPayment } from '../payments/payment.service.js';
import { releaseAbnormally } from './abnormal-release.service.js';
import { moveOverdueToArrears, recordClockJob } from '../orders/index.js';
import { inProcessJobs } from '../../shared/job-runner.js';
import { listRecoveryRecords } from './recovery-record.service.js';
import { addReminder, getArrears, listArrears } from './arrears.service.js';

let database: Database;
let staff: AuthContext;
let otherTenant: AuthContext;
/** two gated lots and a street (space-based) lot of tenant demo */
const lots = { north: '', south: '', street: '' };
let sequence = 0;

const authOf = (tenantId: string, userId: string, account: string): AuthContext => ({
  sessionId: `session-${account}`,
  userId,
  tenantId,
  tenantCode: 'demo',
  account,
  isAdministrator: true,
  onPlatformTenant: false,
  ip: '127.0.0.1',
  userAgent: 'vitest',
});
const t0 = new Date('2026-03-03T10:00:00+08:00');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
/** when the video pole sends: a fixed time, after the stays it reports */
const sentAt = t0.getTime();

/** a finished stay as the engine leaves it, straight into the table */
const newRecord = async (
  plateNumber: string,
  owed: number,
  state: ParkingRecordState,
  lotId = lots.north,
  exitedAt: Date | null = t0,
  extra: Partial<typeof parkingRecords.$inferInsert> = {},
) => {
  const [row] = await database.db
    .insert(parkingRecords)
    .values({ tenantId: staff.tenantId, lotId, plateNumber, state, amountDue: owed, unpaid: owed, enteredAt: new Date(t0.getTime() - 3_600_000), exitedAt, ...extra })
    .returning();
  return row!;
};
const recordOf = async (id: string) => (await database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id)))[0]!;
const recoveriesOf = (recordId: string) => database.db.select().from(recoveryRecords).where(eq(recoveryRecords.recordId, recordId));
const pay = (recordId: string, amount: number, key = `key-${++sequence}-recovery`) => recordPayment(database.db, staff, paymentInput.parse({ recordId, channel: 'wechat', amount }), key);
const arrears = (query: ArrearsListQuery = {}, auth = staff) => listArrears(database.db, auth, arrearsListQuery.parse(query));
const recoveries = (query: RecoveryRecordListQuery = {}) => listRecoveryRecords(database.db, staff, recoveryRecordListQuery.parse(query));
const remind = (plate: string, content = '请尽快补缴停车费', auth = staff) => addReminder(database.db, auth, plate, arrearsReminderInput.parse({ channel: 'sms', content }));
const setRules = (lotId: string, rules: LotEventRulesInput) => database.db.update(parkingLots).set({ eventRules: rules }).where(eq(parkingLots.id, lotId));

beforeAll(async () => {
  database = await seededTestDatabase();
  const db = database.db;
  const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'demo'));
  const [mw] = await db.select().from(tenants).where(eq(tenants.code, 'mw'));
  const [admin] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, demo!.id), eq(users.account, 'admin')));
  const [mwAdmin] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, mw!.id), eq(users.account, 'mwadmin')));
  staff = authOf(demo!.id, admin!.id, 'admin');
  otherTenant = authOf(mw!.id, mwAdmin!.id, 'mwadmin');
  const [tariff] = await db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.tenantId, demo!.id), eq(tariffs.name, '北京一类地区占道停车')));
  const lot = async (name: string, kind: 'lane' | 'space') =>
    (
      await db
        .insert(parkingLots)
        .values({ tenantId: demo!.id, name, type: kind === 'lane' ? 1 : 0, kind, tariffId: tariff!.id })
        .returning()
    )[0]!.id;
  lots.north = await lot('北区停车场', 'lane');
  lots.south = await lot('南区停车场', 'lane');
  lots.street = await lot('福华路路侧', 'space');
});
afterAll(() => database.close());

describe('a space-based (on-road) lot', () => {
  it('puts a stay that owes money into arrears the moment the car leaves its space, and closes a free one', async () => {
    const db = database.db;
    const [space] = await db.insert(parkingSpaces).values({ tenantId: staff.tenantId, lotId: lots.street, number: 'F001' }).returning();
    const [pole] = await db
      .insert(devices)
      .values({ tenantId: staff.tenantId, sn: 'POLE-R1', name: '视频桩', type: 'video_pole', lotId: lots.street, secret: 'x'.repeat(64) })
      .returning();
    const send = (kind: 'space_occupied' | 'space_freed', plate: string, occurredAt: string) =>
      receiveVehicleEvent(
        db,
        pole!,
        vehicleEventInput.parse({
          tenant: 'demo',
          sn: 'POLE-R1',
          timestamp: sentAt,
          nonce: `nonce-recovery-${++sequence}`,
          deviceEventId: `RV-${sequence}`,
          kind,
          plate,
          spaceNumber: space!.number,
          occurredAt,
        }),
        testConfig().dataDir,
      );
    await send('space_occupied', '京R00001', '2026-03-02T09:00:00+08:00');
    const left = await send('space_freed', '京R00001', '2026-03-02T11:00:00+08:00');
    expect(left.amountToPay).toBeGreaterThan(0);
    expect(left).toMatchObject({ state: 'unpaid', release: true });
    expect(await recordOf(left.recordId!)).toMatchObject({ state: 'unpaid', paid: 0, unpaid: left.amountToPay, exitedAt: new Date('2026-03-02T11:00:00+08:00') });

    // inside the free period: nothing owed, nothing to pursue
    await send('space_occupied', '京R00002', '2026-03-02T12:00:00+08:00');
    const free = await send('space_freed', '京R00002', '2026-03-02T12:03:00+08:00');
    expect(free).toMatchObject({ state: 'closed', amountToPay: 0 });
  });
});

describe('the arrears job at lane lots', () => {
  it('moves only records awaiting payment past the rule (30 minutes by default), and not paid, held or space-lot ones', async () => {
    const overdue = await newRecord('京L00001', 800, 'awaiting_payment', lots.north, minutes(-30));
    const recent = await newRecord('京L00002', 800, 'awaiting_payment', lots.north, minutes(-29));
    const paid = await newRecord('京L00003', 0, 'paid', lots.north, minutes(-120), { amountDue: 800, paid: 800 });
    const held = await newRecord('京L00004', 500, 'awaiting_payment', lots.north, minutes(-120), { abnormal: true, abnormalReasons: ['exit_without_entry', 'held_for_staff'] });
    const onStreet = await newRecord('京L00005', 500, 'awaiting_payment', lots.street, minutes(-120));
    const inside = await newRecord('京L00006', 0, 'parked', lots.north, null);

    const first = await moveOverdueToArrears(database.db, t0);
    expect(first.moved).toBeGreaterThanOrEqual(1);
    expect((await recordOf(overdue.id)).state).toBe('unpaid');
    for (const [r, state] of [
      [recent, 'awaiting_payment'],
      [paid, 'paid'],
      [held, 'awaiting_payment'],
      [onStreet, 'awaiting_payment'],
      [inside, 'parked'],
    ] as const) {
      expect((await recordOf(r.id)).state, r.plateNumber).toBe(state);
    }
    // money is untouched: only the state moves
    expect(await recordOf(overdue.id)).toMatchObject({ amountDue: 800, paid: 0, unpaid: 800 });

    // running it again changes nothing; a minute later the recent one is due
    expect(await moveOverdueToArrears(database.db, t0)).toEqual({ moved: 0 });
    expect(await moveOverdueToArrears(database.db, minutes(1))).toEqual({ moved: 1 });
    expect((await recordOf(recent.id)).state).toBe('unpaid');
  });

  it("follows each lot's own arrearsAfterMinutes", async () => {
    await setRules(lots.south, { arrearsAfterMinutes: 120 });
    const south = await newRecord('京L00011', 600, 'awaiting_payment', lots.south, minutes(-60));
    const north = await newRecord('京L00012', 600, 'awaiting_payment', lots.north, minutes(-60));
    await moveOverdueToArrears(database.db, t0);
    expect((await recordOf(south.id)).state).toBe('awaiting_payment');
    expect((await recordOf(north.id)).state).toBe('unpaid');
    await moveOverdueToArrears(database.db, minutes(60));
    expect((await recordOf(south.id)).state).toBe('unpaid');
    await setRules(lots.south, {});
  });

  it('runs on an interval once started (ARREARS_CHECK_MS), reporting what it moved, and not at all with interval 0', async () => {
    const overdue = await newRecord('京L00021', 700, 'awaiting_payment', lots.north, minutes(-90));
    const info = vi.fn();
    vi.useFakeTimers();
    try {
      const clock = vi.fn(() => t0);
      const jobs = inProcessJobs({ info, error: () => undefined });
      const off = jobs.start(recordClockJob(database.db, 0, clock));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(clock).not.toHaveBeenCalled();
      await off.stop();
      const job = jobs.start(recordClockJob(database.db, 1000, clock));
      await vi.advanceTimersByTimeAsync(1_500);
      await job.stop();
      expect(clock).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
    expect((await recordOf(overdue.id)).state).toBe('unpaid');
    expect(info).toHaveBeenCalledWith({ moved: 1, passed: 0 }, 'records moved with time (left unpaid to pursuit, paid ones through the barrier)');
  });
});

describe('手动放行 (abnormal release)', () => {
  it('sends what a lane record owes to pursuit at once, marks it 异常放行 and logs the reason', async () => {
    const record = await newRecord('京M00001', 900, 'awaiting_payment', lots.north, t0, { abnormal: true, abnormalReasons: ['low_confidence'] });
    const released = await releaseAbnormally(database.db, staff, record.id, '道闸故障，人工抬杆');
    expect(released).toMatchObject({ id: record.id, state: 'unpaid', unpaid: 900, abnormal: true, abnormalReasons: ['low_confidence', 'abnormal_release'] });
    const [log] = await database.db.select().from(operationLogs).where(eq(operationLogs.targetId, record.id));
    expect(log).toMatchObject({ module: 'orders', action: 'update', target: 'parkingRecord', account: 'admin' });
    expect(log!.summary).toBe('停车记录「京M00001」手动放行，欠费 9.00 元转入追缴：道闸故障，人工抬杆');
  });

  it('closes a held record that owes nothing instead', async () => {
    const held = await newRecord('京M00002', 0, 'awaiting_payment', lots.north, t0, { abnormal: true, abnormalReasons: ['exit_without_entry', 'held_for_staff'] });
    expect(await releaseAbnormally(database.db, staff, held.id, '无入场记录，核实后放行')).toMatchObject({
      state: 'closed',
      abnormalReasons: ['exit_without_entry', 'held_for_staff', 'abnormal_release'],
    });
  });

  it('refuses a record not awaiting payment, a space-lot record and another tenant’s record, changing nothing', async () => {
    const paid = await newRecord('京M00003', 0, 'paid', lots.north, t0, { amountDue: 500, paid: 500 });
    await expect(releaseAbnormally(database.db, staff, paid.id, '放行')).rejects.toMatchObject({ statusCode: 400, message: '只有待支付的停车记录可以手动放行' });
    const street = await newRecord('京M00004', 500, 'awaiting_payment', lots.street);
    await expect(releaseAbnormally(database.db, staff, street.id, '放行')).rejects.toMatchObject({ statusCode: 400, message: '只有车道停车场的停车记录可以手动放行' });
    const mine = await newRecord('京M00005', 500, 'awaiting_payment');
    await expect(releaseAbnormally(database.db, otherTenant, mine.id, '放行')).rejects.toMatchObject({ statusCode: 404 });
    for (const r of [paid, street, mine]) expect(await recordOf(r.id)).toMatchObject({ state: r.state, abnormalReasons: [] });
  });
});

describe('欠费订单 grouped by plate', () => {
  beforeAll(async () => {
    await newRecord('粤B10001', 1000, 'unpaid', lots.north, new Date('2026-01-05T10:00:00+08:00'));
    await newRecord('粤B10001', 2500, 'unpaid', lots.south, new Date('2026-02-05T10:00:00+08:00'));
    await newRecord('粤B10001', 700, 'paid', lots.south, new Date('2026-02-06T10:00:00+08:00'), { amountDue: 700, paid: 700, unpaid: 0 });
    await newRecord('粤B10001', 300, 'awaiting_payment', lots.south, new Date('2026-02-07T10:00:00+08:00'));
    await newRecord('粤B20002', 400, 'unpaid', lots.south, new Date('2026-01-20T10:00:00+08:00'));
    await newRecord('', 900, 'unpaid', lots.north, new Date('2026-01-20T10:00:00+08:00'));
  });

  it('sums only records in arrears, over every lot, with first and last exit and the lots', async () => {
    const { list } = await arrears({ plateNumber: '粤B', plateMatch: 'prefix' });
    expect(list).toEqual([
      {
        plateNumber: '粤B10001',
        recordCount: 2,
        owed: 3500,
        firstExitedAt: new Date('2026-01-05T10:00:00+08:00').toISOString(),
        lastExitedAt: new Date('2026-02-05T10:00:00+08:00').toISOString(),
        lots: [expect.objectContaining({ id: lots.north, name: '北区停车场' }), expect.objectContaining({ id: lots.south, name: '南区停车场' })],
      },
      expect.objectContaining({ plateNumber: '粤B20002', recordCount: 1, owed: 400 }),
    ]);
    // a stay with no plate read cannot be pursued by plate
    expect((await arrears({ pageSize: 1000 })).list.some((o) => o.plateNumber === '')).toBe(false);
  });

  it('filters by exact plate, lot, owed range and exit range, and sorts by owed either way', async () => {
    const plates = async (query: ArrearsListQuery) => (await arrears({ plateNumber: '粤B', plateMatch: 'prefix', ...query })).list.map((o) => `${o.plateNumber}:${o.owed}`);
    expect((await arrears({ plateNumber: '粤b20002' })).list.map((o) => o.plateNumber)).toEqual(['粤B20002']);
    expect(await plates({ lotId: lots.north })).toEqual(['粤B10001:1000']);
    expect(await plates({ owedMin: 400, owedMax: 400 })).toEqual(['粤B20002:400']);
    expect(await plates({ owedMin: 401 })).toEqual(['粤B10001:3500']);
    expect(await plates({ exitedFrom: '2026-01-10T00:00:00+08:00', exitedTo: '2026-01-31T00:00:00+08:00' })).toEqual(['粤B20002:400']);
    expect(await plates({ sidx: 'owed' })).toEqual(['粤B20002:400', '粤B10001:3500']);
    expect(await plates({ sidx: 'owed', sort: 'desc' })).toEqual(['粤B10001:3500', '粤B20002:400']);
    const paged = await arrears({ plateNumber: '粤B', plateMatch: 'prefix', pageSize: 1, currentPage: 2 });
    expect(paged).toMatchObject({ list: [{ plateNumber: '粤B20002' }], pagination: { currentPage: 2, pageSize: 1, total: 2 } });
  });

  it('shows another tenant none of it', async () => {
    expect((await arrears({}, otherTenant)).list).toEqual([]);
    await expect(getArrears(database.db, otherTenant, '粤B10001')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('details a plate: its unpaid records newest exit first, what it owes, and its reminders', async () => {
    const detail = await getArrears(database.db, staff, '粤B10001');
    expect(detail).toMatchObject({ plateNumber: '粤B10001', owed: 3500, recovered: 0, reminders: [] });
    expect(detail.records.map((r) => [r.lotName, r.unpaid, r.state])).toEqual([
      ['南区停车场', 2500, 'unpaid'],
      ['北区停车场', 1000, 'unpaid'],
    ]);
    await expect(getArrears(database.db, staff, '粤B99999')).rejects.toMatchObject({ statusCode: 404, message: '没有该车牌的欠费记录' });
  });
});

describe('催缴 reminders', () => {
  it('records a reminder for a plate in arrears, with the operator, listed newest first, and logs it', async () => {
    await newRecord('粤C30003', 1200, 'unpaid');
    const first = await remind('粤C30003', '短信提醒补缴 12.00 元');
    const second = await addReminder(database.db, staff, '粤C30003', arrearsReminderInput.parse({ channel: 'phone', content: '  电话联系车主，承诺周五前缴清 ' }));
    expect(second).toMatchObject({ plateNumber: '粤C30003', channel: 'phone', content: '电话联系车主，承诺周五前缴清', operatorId: staff.userId, operatorName: expect.any(String) });
    expect(second.operatorName.length).toBeGreaterThan(0);
    const detail = await getArrears(database.db, staff, '粤C30003');
    expect(detail.reminders.map((r) => r.id).sort()).toEqual([first.id, second.id].sort());
    expect(new Date(detail.reminders[0]!.createdAt) >= new Date(detail.reminders[1]!.createdAt)).toBe(true);
    const [log] = await database.db.select().from(operationLogs).where(eq(operationLogs.targetId, first.id));
    expect(log).toMatchObject({ module: 'recovery', action: 'create', target: 'arrearsReminder', summary: '车牌「粤C30003」短信催缴（欠费 12.00 元，1 笔）' });
  });

  it('refuses a plate with no arrears: 404 when pursuit never knew it, 400 once it is settled', async () => {
    await newRecord('粤C40004', 500, 'awaiting_payment');
    await expect(remind('粤C40004')).rejects.toMatchObject({ statusCode: 404, message: '没有该车牌的欠费记录' });
    const owing = await newRecord('粤C40005', 500, 'unpaid');
    await remind('粤C40005');
    await pay(owing.id, 500);
    await expect(remind('粤C40005')).rejects.toMatchObject({ statusCode: 400, message: '该车牌已无欠费，无需催缴' });
    await expect(remind('粤C30003', '别的租户', otherTenant)).rejects.toMatchObject({ statusCode: 404 });
    const written = await database.db.select().from(arrearsReminders).where(eq(arrearsReminders.plateNumber, '粤C40004'));
    expect(written).toHaveLength(0);
    expect(await database.db.select().from(arrearsReminders).where(eq(arrearsReminders.plateNumber, '粤C40005'))).toHaveLength(1);
  });
});

describe('paying arrears (追缴)', () => {
  it('clears the arrears and writes exactly one recovery record per payment, however often the key is repeated', async () => {
    const record = await newRecord('粤D50005', 1500, 'unpaid', lots.south);
    const key = 'recovery-repeat-key-0001';
    const first = await pay(record.id, 500, key);
    const again = await pay(record.id, 500, key);
    expect(again).toEqual({ payment: first.payment, repeated: true });
    expect(await recordOf(record.id)).toMatchObject({ state: 'unpaid', paid: 500, unpaid: 1000 });
    expect(await recoveriesOf(record.id)).toHaveLength(1);

    const rest = await pay(record.id, 1000);
    // the car left long ago: settled, the stay is over (已完成), not 已支付 waiting at a barrier
    expect(await recordOf(record.id)).toMatchObject({ state: 'closed', paid: 1500, unpaid: 0 });
    const written = await recoveriesOf(record.id);
    expect(written.map((r) => r.amount).sort((a, b) => a - b)).toEqual([500, 1000]);
    expect(written.find((r) => r.paymentId === rest.payment.id)).toMatchObject({ plateNumber: '粤D50005', lotId: lots.south, channel: 'wechat', recoveredAt: new Date(rest.payment.paidAt) });
    // settled: the plate leaves the list but its page still shows what was recovered
    expect((await arrears({ plateNumber: '粤D50005' })).list).toEqual([]);
    expect(await getArrears(database.db, staff, '粤D50005')).toMatchObject({ owed: 0, records: [], recovered: 1500 });
  });

  it('writes no recovery record for a payment on a record that was not in arrears', async () => {
    const record = await newRecord('粤D50006', 800, 'awaiting_payment');
    await pay(record.id, 800);
    expect(await recoveriesOf(record.id)).toEqual([]);
    expect(await database.db.select().from(payments).where(eq(payments.recordId, record.id))).toHaveLength(1);
  });

  it('lists recovery records with lot, exit, channel and collector, filtered and sorted', async () => {
    const { list, pagination } = await recoveries({ plateNumber: '粤D50005' });
    expect(pagination.total).toBe(2);
    expect(list[0]).toMatchObject({ plateNumber: '粤D50005', lotName: '南区停车场', channel: 'wechat', exitedAt: t0.toISOString(), operatorName: expect.any(String) });
    expect((await recoveries({ plateNumber: '粤D50005', sidx: 'amount' })).list.map((r) => r.amount)).toEqual([500, 1000]);
    expect((await recoveries({ plateNumber: '粤D', plateMatch: 'prefix', lotId: lots.north })).list).toEqual([]);
    expect((await recoveries({ channel: 'cash', plateNumber: '粤D50005' })).list).toEqual([]);
    expect((await recoveries({ recoveredFrom: '2000-01-01T00:00:00+08:00', recoveredTo: '2000-01-02T00:00:00+08:00' })).list).toEqual([]);
    expect((await listRecoveryRecords(database.db, otherTenant, recoveryRecordListQuery.parse({}))).list).toEqual([]);
  });
});

describe('money', () => {
  it('holds due − discount = paid + unpaid on every record after all of the above', async () => {
    const all = await database.db.select().from(parkingRecords);
    expect(all.length).toBeGreaterThan(20);
    for (const r of all) expect(r.amountDue - r.discount, r.plateNumber).toBe(r.paid + r.unpaid);
    // every recovery is backed by a payment of the same amount
    const recovered = await database.db.select().from(recoveryRecords).innerJoin(payments, eq(payments.id, recoveryRecords.paymentId));
    for (const { recovery_records: r, payments: p } of recovered) expect(r.amount).toBe(p.amount);
  });
});
