import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleEventInput, type VehicleEventInput } from '@parking/contract';
import type { Database, Db } from '../../db/client.js';
import { rowsOf } from '../../db/json-row.js';
import { deviceNonces, devices, parkingLanes, parkingLots, parkingRecords, vehicleEvents } from '../../db/schema/index.js';
import { seededDemoDatabase, testConfig } from '../../test/test-app.js';
import { recordWrites } from './record-writes.js';
import { createVehicleEventBatcher } from './vehicle-event.batcher.js';
import { finishVehicleEvents } from './vehicle-event.repository.js';
import { receiveVehicleEvent, receiveVehicleEvents, type VehicleEventCall, type VehicleEventOutcome } from './vehicle-event.service.js';

type DeviceRow = typeof devices.$inferSelect;
type Cameras = { lotId: string; in: DeviceRow; out: DeviceRow };

let database: Database;
let tenantId: string;
const lots: Cameras[] = [];
const dataDir = testConfig().dataDir;
let sequence = 0;

/** when the cameras send and their nonces are seen: a fixed time, after the stays they report */
const sentAt = new Date('2025-04-10T10:00:00+08:00');
const eventOf = (event: Omit<VehicleEventInput, 'tenant' | 'sn' | 'timestamp' | 'nonce' | 'deviceEventId'> & { deviceEventId?: string }, device: DeviceRow) =>
  vehicleEventInput.parse({ tenant: 'demo', sn: device.sn, timestamp: sentAt.getTime(), nonce: `body-nonce-${++sequence}`, deviceEventId: `B-${sequence}`, ...event });
/** a signed call's event: its nonce claimed with it */
const call = (device: DeviceRow, event: Parameters<typeof eventOf>[0], nonce = `nonce-${++sequence}`): VehicleEventCall => ({
  device,
  event: eventOf(event, device),
  nonce: { tenantId, deviceId: device.id, nonce, seenAt: sentAt },
});
const entry = (cams: Cameras, plate: string, at: string) => call(cams.in, { kind: 'lane_entry', plate, occurredAt: at, confidence: 0.97 });
const exit = (cams: Cameras, plate: string, at: string) => call(cams.out, { kind: 'lane_exit', plate, occurredAt: at, confidence: 0.97 });
const resultOf = (outcome: VehicleEventOutcome | undefined) => {
  if (!outcome || !('result' in outcome)) throw new Error(`expected an answer, got ${JSON.stringify(outcome)}`);
  return outcome.result;
};
const recordsOf = (plate: string) => database.db.select().from(parkingRecords).where(eq(parkingRecords.plateNumber, plate));
const freeCountOf = async (lotId: string) => (await database.db.select().from(parkingLots).where(eq(parkingLots.id, lotId)))[0]!.freeCount;

beforeAll(async () => {
  let tariff;
  ({ database, tenantId, tariff } = await seededDemoDatabase());
  const db = database.db;
  for (const n of [1, 2, 3]) {
    const [lot] = await db
      .insert(parkingLots)
      .values({ tenantId, name: `批量停车场${n}`, type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10, tariffId: tariff.id })
      .returning();
    const [inLane] = await db.insert(parkingLanes).values({ tenantId, lotId: lot!.id, name: '入口', direction: 'in' }).returning();
    const [outLane] = await db.insert(parkingLanes).values({ tenantId, lotId: lot!.id, name: '出口', direction: 'out' }).returning();
    const device = (sn: string, laneId: string) =>
      db
        .insert(devices)
        .values({ tenantId, sn, name: sn, type: 'camera', lotId: lot!.id, laneId, secret: 'x'.repeat(64) })
        .returning()
        .then((rows) => rows[0]!);
    lots.push({ lotId: lot!.id, in: await device(`BATCH-IN-${n}`, inLane!.id), out: await device(`BATCH-OUT-${n}`, outLane!.id) });
  }
});
afterAll(() => database.close());

describe('events applied together (receiveVehicleEvents)', () => {
  it('applies the events of several lots in one go as each would be applied alone', async () => {
    const [a, b, c] = lots as [Cameras, Cameras, Cameras];
    const entered = await receiveVehicleEvents(
      database.db,
      [entry(a, '京B10001', '2025-04-01T09:00:00+08:00'), entry(b, '京B10002', '2025-04-01T09:00:00+08:00'), entry(c, '京B10003', '2025-04-01T09:00:00+08:00')],
      dataDir,
    );
    expect(entered.map((o) => resultOf(o).state)).toEqual(['parked', 'parked', 'parked']);
    expect(new Set(entered.map((o) => resultOf(o).recordId)).size).toBe(3);
    expect(await freeCountOf(a.lotId)).toBe(9);

    const left = await receiveVehicleEvents(database.db, [exit(a, '京B10001', '2025-04-01T11:00:00+08:00'), exit(b, '京B10002', '2025-04-01T11:00:00+08:00')], dataDir);
    // each exit closed its own lot's stay and priced it: the same as alone
    expect(resultOf(left[0]).recordId).toBe(resultOf(entered[0]).recordId);
    expect(resultOf(left[1]).recordId).toBe(resultOf(entered[1]).recordId);
    expect(resultOf(left[0]).state).toBe('awaiting_payment');
    expect(resultOf(left[0]).amountToPay).toBeGreaterThan(0);
    expect(resultOf(left[1]).amountToPay).toBe(resultOf(left[0]).amountToPay);
    const [stay] = await recordsOf('京B10001');
    expect(stay).toMatchObject({ state: 'awaiting_payment', amountDue: resultOf(left[0]).amountToPay, unpaid: resultOf(left[0]).amountToPay });
    expect(await freeCountOf(a.lotId)).toBe(10);
    expect(await freeCountOf(c.lotId)).toBe(9);
    // every event keeps its answer for resends
    const kept = await database.db
      .select()
      .from(vehicleEvents)
      .where(
        inArray(
          vehicleEvents.deviceEventId,
          [...entered, ...left].map((o) => resultOf(o).deviceEventId),
        ),
      );
    expect(kept).toHaveLength(5);
    expect(kept.every((e) => e.result !== null && e.recordId !== null)).toBe(true);
  });

  it('answers a resend in a batch as the first time, and refuses a replayed nonce while the others are applied', async () => {
    const [a, b, c] = lots as [Cameras, Cameras, Cameras];
    const first = entry(a, '京B20001', '2025-04-02T09:00:00+08:00');
    const answered = resultOf((await receiveVehicleEvents(database.db, [first], dataDir))[0]);
    const resend = { ...first, nonce: { ...first.nonce!, nonce: `nonce-${++sequence}` } };
    const replay = entry(b, '京B20002', '2025-04-02T09:00:00+08:00');
    const replayed = { ...entry(b, '京B20003', '2025-04-02T09:00:00+08:00'), nonce: { ...replay.nonce!, nonce: 'used-once' } };
    await database.db.insert(deviceNonces).values({ tenantId, deviceId: b.in.id, nonce: 'used-once', seenAt: sentAt });
    const outcomes = await receiveVehicleEvents(database.db, [resend, replayed, entry(c, '京B20004', '2025-04-02T09:00:00+08:00')], dataDir);
    expect(resultOf(outcomes[0])).toEqual({ ...answered, duplicate: true });
    expect(outcomes[1]).toEqual({ replayed: true });
    expect(resultOf(outcomes[2]).state).toBe('parked');
    expect(await recordsOf('京B20001')).toHaveLength(1);
    expect(await recordsOf('京B20003')).toHaveLength(0);
    expect(await recordsOf('京B20004')).toHaveLength(1);
  });

  it('a bad event refuses only itself: the others of its batch are applied', async () => {
    const [a, b, c] = lots as [Cameras, Cameras, Cameras];
    await receiveVehicleEvent(database.db, a.in, eventOf({ kind: 'lane_entry', plate: '京B30001', occurredAt: '2025-04-03T10:00:00+08:00', confidence: 0.97 }, a.in), dataDir);
    // leaves before it came in: refused
    const early = exit(a, '京B30001', '2025-04-03T09:00:00+08:00');
    const badPhoto = entry(c, '京B30003', '2025-04-03T10:00:00+08:00');
    badPhoto.event = { ...badPhoto.event, photo: Buffer.from('not a photo').toString('base64') };
    const outcomes = await receiveVehicleEvents(
      database.db,
      [entry(b, '京B30002', '2025-04-03T10:00:00+08:00'), early, badPhoto, entry(c, '京B30004', '2025-04-03T10:05:00+08:00')],
      dataDir,
    );
    expect(resultOf(outcomes[0]).state).toBe('parked');
    expect(outcomes[1]).toMatchObject({ error: expect.objectContaining({ message: '出场时间不能早于入场时间' }) });
    expect(outcomes[2]).toMatchObject({ error: expect.objectContaining({ message: '照片只能是 JPEG 或 PNG' }) });
    expect(resultOf(outcomes[3]).state).toBe('parked');
    const [open] = await recordsOf('京B30001');
    expect(open).toMatchObject({ state: 'parked', exitedAt: null });
    expect(await recordsOf('京B30002')).toHaveLength(1);
    expect(await recordsOf('京B30003')).toHaveLength(0);
    // the refused exit claimed nothing: its event id sent again with a good time is applied, not answered as a resend
    const corrected = { ...early, event: { ...early.event, occurredAt: '2025-04-03T11:00:00+08:00' }, nonce: { ...early.nonce!, nonce: `nonce-${++sequence}` } };
    const [again] = await receiveVehicleEvents(database.db, [corrected], dataDir);
    expect(resultOf(again)).toMatchObject({ duplicate: false, recordId: open!.id, state: 'awaiting_payment' });
  });

  it('an event dated past the clock it arrived by (more than 10 minutes) refuses only itself, and again when resent', async () => {
    const [a, b] = lots as [Cameras, Cameras, Cameras];
    const receivedAt = new Date('2025-04-04T10:00:00+08:00');
    const at = (c: VehicleEventCall) => ({ ...c, receivedAt });
    const ahead = at(entry(a, '京B31001', '2025-04-04T10:10:01+08:00'));
    const justInside = at(entry(b, '京B31002', '2025-04-04T10:10:00+08:00'));
    const outcomes = await receiveVehicleEvents(database.db, [ahead, justInside], dataDir);
    expect(outcomes[0]).toMatchObject({ error: expect.objectContaining({ statusCode: 400, message: '事件时间不能晚于当前时间10分钟以上，请校准设备时钟' }) });
    expect(resultOf(outcomes[1]).state).toBe('parked');
    // the device resends it: the same answer, nothing claimed or written
    const [resent] = await receiveVehicleEvents(database.db, [{ ...ahead, nonce: { ...ahead.nonce!, nonce: `nonce-${++sequence}` } }], dataDir);
    expect(resent).toMatchObject({ error: expect.objectContaining({ statusCode: 400 }) });
    expect(await recordsOf('京B31001')).toHaveLength(0);
    await expect(receiveVehicleEvent(database.db, a.in, ahead.event, dataDir, undefined, receivedAt)).rejects.toMatchObject({ statusCode: 400 });
    expect(await database.db.select().from(vehicleEvents).where(eq(vehicleEvents.deviceEventId, ahead.event.deviceEventId))).toHaveLength(0);
  });
});

describe("a batch's records, written as it finishes (recordWrites, finishVehicleEvents)", () => {
  const finish = (writes: ReturnType<typeof recordWrites>) => database.db.transaction((tx) => finishVehicleEvents(tx as unknown as Db, [], writes.take()));

  it('writes a new record exactly as the database defaults the columns it was not given', async () => {
    const [a] = lots as [Cameras];
    const writes = recordWrites(sentAt);
    const opened = writes.insert({ tenantId, lotId: a.lotId, plateNumber: '京B60001', enteredAt: new Date('2025-04-06T09:00:00+08:00') });
    const startedMs = await database.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [started] = rowsOf(await tx.execute(sql`SELECT (extract(epoch FROM now()) * 1000)::float8 AS ms`));
      expect(await finishVehicleEvents(tx, [], writes.take())).toEqual({ stale: 0 });
      return Number(started!.ms);
    });
    const [stored] = await recordsOf('京B60001');
    // created_at and updated_at are the transaction's start, to the microsecond in the database
    expect({ ...stored, createdAt: null, updatedAt: null }).toEqual({ ...opened, createdAt: null, updatedAt: null });
    expect(Math.abs(stored!.createdAt.getTime() - startedMs)).toBeLessThan(1);
    expect(stored!.updatedAt).toEqual(stored!.createdAt);
    expect(stored!.abnormalReasons).toEqual([]);
    expect(stored).toMatchObject({ state: 'parked', plateColour: 0, amountDue: 0, paid: 0, abnormal: false, exitedAt: null });
  });

  it('writes a change over the state and paid amount it read, and refuses one whose stay was paid for meanwhile', async () => {
    const [a] = lots as [Cameras];
    const writes = recordWrites(sentAt);
    writes.insert({ tenantId, lotId: a.lotId, plateNumber: '京B60002', enteredAt: new Date('2025-04-06T09:00:00+08:00') });
    writes.insert({ tenantId, lotId: a.lotId, plateNumber: '京B60003', enteredAt: new Date('2025-04-06T09:00:00+08:00') });
    await finish(writes);
    const [kept] = await recordsOf('京B60002');
    const [paidMeanwhile] = await recordsOf('京B60003');
    // paid on the phone after the exit read the stay
    await database.db.update(parkingRecords).set({ amountDue: 500, paid: 500 }).where(eq(parkingRecords.id, paidMeanwhile!.id));
    const exitedAt = new Date('2025-04-06T10:00:00+08:00');
    const changes = recordWrites(sentAt);
    changes.update(kept!, { exitedAt, state: 'awaiting_payment', amountDue: 300, unpaid: 300 });
    changes.update(paidMeanwhile!, { exitedAt, state: 'awaiting_payment', amountDue: 300, unpaid: 300 });
    expect(await finish(changes)).toEqual({ stale: 1 });
    expect((await recordsOf('京B60002'))[0]).toMatchObject({ exitedAt, state: 'awaiting_payment', amountDue: 300, unpaid: 300 });
    // the payment is not overwritten by the fee the exit priced before it
    expect((await recordsOf('京B60003'))[0]).toMatchObject({ exitedAt: null, state: 'parked', amountDue: 500, paid: 500, unpaid: 0 });
  });

  it('a record opened and changed in one batch is written once, with both', async () => {
    const [a] = lots as [Cameras];
    const writes = recordWrites(sentAt);
    const opened = writes.insert({ tenantId, lotId: a.lotId, plateNumber: '京B60004', enteredAt: new Date('2025-04-06T09:00:00+08:00') });
    writes.update(opened, { abnormal: true, abnormalReasons: ['duplicate_entry'] });
    expect(writes.size).toBe(1);
    await finish(writes);
    expect(await recordsOf('京B60004')).toEqual([expect.objectContaining({ id: opened.id, state: 'parked', abnormal: true, abnormalReasons: ['duplicate_entry'] })]);
  });
});

describe('the batcher', () => {
  it("applies a lot's events in arrival order, each seeing the one before, while other lots' events are applied with them", async () => {
    const batcher = createVehicleEventBatcher(database.db, dataDir, { maxInFlight: 2 });
    const [a, b, c] = lots as [Cameras, Cameras, Cameras];
    const plates = ['京B40001', '京B40002', '京B40003'];
    const calls: VehicleEventCall[] = [];
    for (const [i, cams] of [a, b, c].entries()) {
      calls.push(entry(cams, plates[i]!, '2025-04-04T09:00:00+08:00'));
      calls.push(exit(cams, plates[i]!, '2025-04-04T10:00:00+08:00'));
      calls.push(entry(cams, plates[i]!, '2025-04-04T12:00:00+08:00'));
    }
    // all at once: a lot's entry, exit and entry again arrive together
    const outcomes = await Promise.all(calls.map((c) => batcher.receive(c)));
    const results = outcomes.map(resultOf);
    for (const i of [0, 1, 2]) {
      const [inAt9, outAt10, inAt12] = results.slice(i * 3, i * 3 + 3) as [(typeof results)[0], (typeof results)[0], (typeof results)[0]];
      expect(inAt9.state).toBe('parked');
      // the exit found the stay its lot's entry had just opened
      expect(outAt10.recordId).toBe(inAt9.recordId);
      expect(outAt10.abnormalReasons).toEqual([]);
      expect(inAt12.recordId).not.toBe(inAt9.recordId);
      expect(inAt12.state).toBe('parked');
      const records = await recordsOf(plates[i]!);
      expect(records.map((r) => r.state).sort()).toEqual(['awaiting_payment', 'parked']);
    }
  });

  it('starts a batch beside a running one only when enough events can go in it, so a stuck batch holds up no other lot for long', async () => {
    // the first transaction opened waits at a gate, as a batch would behind another's lock on its lot
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let transactions = 0;
    const gated = new Proxy(database.db, {
      get: (target, key, receiver) =>
        key === 'transaction'
          ? async (...args: Parameters<Db['transaction']>) => {
              transactions += 1;
              if (transactions === 1) await gate;
              return target.transaction(...args);
            }
          : Reflect.get(target, key, receiver),
    });
    const batcher = createVehicleEventBatcher(gated, dataDir, { maxInFlight: 2, minConcurrentBatch: 2 });
    const [a, b, c] = lots as [Cameras, Cameras, Cameras];
    let stuckAnswered = false;
    let stuckOutcome: VehicleEventOutcome | undefined;
    const stuck = batcher.receive(entry(a, '京B70001', '2025-04-06T09:00:00+08:00')).then((o) => ((stuckAnswered = true), o));
    try {
      const alone = batcher.receive(entry(b, '京B70002', '2025-04-06T09:00:00+08:00'));
      // one event is not worth a batch of its own beside the running one: it waits
      expect(transactions).toBe(1);
      const withIt = batcher.receive(entry(c, '京B70003', '2025-04-06T09:00:00+08:00'));
      // two are: they are applied while the first batch is still stuck
      const [first, second] = await Promise.all([alone, withIt]);
      expect([resultOf(first).state, resultOf(second).state]).toEqual(['parked', 'parked']);
      expect(transactions).toBe(2);
      expect(stuckAnswered).toBe(false);
    } finally {
      openGate();
      // awaited here, so that a failed expectation above still ends the test with none of its batches running
      stuckOutcome = await stuck;
    }
    expect(resultOf(stuckOutcome).state).toBe('parked');
  });

  it('answers every event of a crowd once, with the free counts as if applied one by one', async () => {
    const batcher = createVehicleEventBatcher(database.db, dataDir, { maxBatch: 4, maxInFlight: 2 });
    const before = await Promise.all(lots.map((l) => freeCountOf(l.lotId)));
    const calls = lots.flatMap((cams, l) => [0, 1, 2, 3].map((k) => entry(cams, `京C5${l}00${k}`, '2025-04-05T09:00:00+08:00')));
    const outcomes = await Promise.all(calls.map((c) => batcher.receive(c)));
    expect(outcomes.map((o) => resultOf(o).state)).toEqual(calls.map(() => 'parked'));
    expect(new Set(outcomes.map((o) => resultOf(o).recordId)).size).toBe(calls.length);
    expect(await Promise.all(lots.map((l) => freeCountOf(l.lotId)))).toEqual(before.map((n) => n - 4));
  });
});
