import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { devices, parkingLots, parkingRecords, tenants, vehicleEvents } from '../../db/schema/index.js';
import { seededDemoDatabase } from '../../test/test-app.js';
import { applyRetention } from './record-retention.job.js';

const DAY_MS = 86_400_000;
// a fixed moment: the pass is judged against it, never against the wall clock
const now = new Date('2026-06-15T04:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

let database: Database;
let dataDir: string;
let demo: string;
let mw: string;

/** A photo file under DATA_DIR as the event path stores it (photos/<tenant>/<day>/<name>), and its relative path. */
const photo = (tenantId: string, day: string, name: string) => {
  const relative = join('photos', tenantId, day, name);
  mkdirSync(join(dataDir, 'photos', tenantId, day), { recursive: true });
  writeFileSync(join(dataDir, relative), Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
  return relative;
};

const places = new Map<string, { lotId: string; deviceId: string }>();

/** A lot and a camera of the tenant's own, made once. */
const placeOf = async (tenantId: string) => {
  const known = places.get(tenantId);
  if (known) return known;
  const [lot] = await database.db.insert(parkingLots).values({ tenantId, name: '保留期停车场', type: 1, kind: 'lane' }).returning({ id: parkingLots.id });
  const [device] = await database.db
    .insert(devices)
    .values({ tenantId, sn: `RET-${tenantId.slice(0, 8)}`, name: '保留期相机', type: 'camera', lotId: lot!.id, secret: 'x'.repeat(64) })
    .returning({ id: devices.id });
  const place = { lotId: lot!.id, deviceId: device!.id };
  places.set(tenantId, place);
  return place;
};
const lotOf = async (tenantId: string) => (await placeOf(tenantId)).lotId;
const deviceOf = async (tenantId: string) => (await placeOf(tenantId)).deviceId;

/** A record that left `exitedDaysAgo` days ago (or is still parked), with an entry and an exit photo of that day. */
const record = async (tenantId: string, plate: string, state: 'paid' | 'closed' | 'void' | 'unpaid' | 'parked', exitedDaysAgo: number, day: string) => {
  const exitedAt = state === 'parked' ? null : daysAgo(exitedDaysAgo);
  const owes = state === 'unpaid' ? 500 : 0;
  const [row] = await database.db
    .insert(parkingRecords)
    .values({
      tenantId,
      lotId: await lotOf(tenantId),
      plateNumber: plate,
      enteredAt: daysAgo(exitedDaysAgo + 1),
      exitedAt,
      state,
      amountDue: owes,
      unpaid: owes,
      entryPhoto: photo(tenantId, day, `${plate}-in.jpg`),
      exitPhoto: state === 'parked' ? null : photo(tenantId, day, `${plate}-out.jpg`),
    })
    .returning({ id: parkingRecords.id, entryPhoto: parkingRecords.entryPhoto, exitPhoto: parkingRecords.exitPhoto });
  return row!;
};

const event = async (tenantId: string, id: string, createdDaysAgo: number) => {
  await database.db.insert(vehicleEvents).values({
    tenantId,
    deviceId: await deviceOf(tenantId),
    deviceEventId: id,
    kind: 'lane_entry',
    plateNumber: '京A00001',
    occurredAt: daysAgo(createdDaysAgo),
    createdAt: daysAgo(createdDaysAgo),
  });
};

const eventIds = async (tenantId: string) =>
  (
    await database.db
      .select({ id: vehicleEvents.deviceEventId })
      .from(vehicleEvents)
      .where(and(eq(vehicleEvents.tenantId, tenantId), inArray(vehicleEvents.deviceEventId, ['old', 'recent', 'mw-old'])))
  )
    .map((row) => row.id)
    .sort();

const photosOf = async (id: string) => {
  const [row] = await database.db
    .select({ entryPhoto: parkingRecords.entryPhoto, exitPhoto: parkingRecords.exitPhoto, state: parkingRecords.state, unpaid: parkingRecords.unpaid })
    .from(parkingRecords)
    .where(eq(parkingRecords.id, id));
  return row!;
};

beforeAll(async () => {
  ({ database, tenantId: demo } = await seededDemoDatabase());
  const [other] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'mw'));
  mw = other!.id;
  dataDir = mkdtempSync(join(tmpdir(), 'retention-'));
  // demo keeps photos 365 days and events 180 (the defaults); mw keeps both ten years
  await database.db.update(tenants).set({ photoRetentionDays: 3650, eventRetentionDays: 3650 }).where(eq(tenants.id, mw));
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the retention pass', () => {
  it('forgets the photos of settled records past the tenant’s days and removes their files, keeping records still owed or parked, recent ones and other tenants’', async () => {
    const oldDay = '2025-05-01';
    const paid = await record(demo, '京RET001', 'paid', 400, oldDay);
    const closed = await record(demo, '京RET002', 'closed', 400, '2025-04-30');
    const owed = await record(demo, '京RET003', 'unpaid', 400, oldDay);
    const parked = await record(demo, '京RET004', 'parked', 400, oldDay);
    const recent = await record(demo, '京RET005', 'paid', 30, '2026-05-16');
    const elsewhere = await record(mw, '京RET006', 'paid', 400, oldDay);

    const result = await applyRetention(database.db, dataDir, now);

    expect(result.records).toBe(2);
    expect(result.files).toBe(4);
    for (const gone of [paid, closed]) {
      expect(await photosOf(gone.id)).toMatchObject({ entryPhoto: null, exitPhoto: null });
      expect(existsSync(join(dataDir, gone.entryPhoto!))).toBe(false);
      expect(existsSync(join(dataDir, gone.exitPhoto!))).toBe(false);
    }
    // the record itself, its state and its money stay
    expect(await photosOf(paid.id)).toMatchObject({ state: 'paid', unpaid: 0 });
    // evidence for pursuit, a car still in the lot, a recent stay and another tenant's ten years
    for (const kept of [owed, parked, recent, elsewhere]) {
      expect(await photosOf(kept.id)).toMatchObject({ entryPhoto: kept.entryPhoto });
      expect(existsSync(join(dataDir, kept.entryPhoto!))).toBe(true);
    }
    expect(await photosOf(owed.id)).toMatchObject({ state: 'unpaid', unpaid: 500, exitPhoto: owed.exitPhoto });
    // a day folder left empty goes; one still holding evidence stays
    expect(existsSync(join(dataDir, 'photos', demo, '2025-04-30'))).toBe(false);
    expect(existsSync(join(dataDir, 'photos', demo, oldDay))).toBe(true);
  });

  it('removes the raw vehicle events past the tenant’s days, oldest first, and no other tenant’s', async () => {
    await event(demo, 'old', 200);
    await event(demo, 'recent', 100);
    await event(mw, 'mw-old', 200);
    const result = await applyRetention(database.db, dataDir, now);
    expect(result.events).toBeGreaterThanOrEqual(1);
    expect(await eventIds(demo)).toEqual(['recent']);
    expect(await eventIds(mw)).toEqual(['mw-old']);
  });

  it('finds nothing more to do on the next pass at the same moment', async () => {
    expect(await applyRetention(database.db, dataDir, now)).toEqual({ events: 0, records: 0, files: 0 });
  });

  it('passes over whole batches of records still owed and goes on to the settled ones behind them, and removes events batch by batch', async () => {
    const owed = [];
    for (const [n, days] of [500, 499, 498].entries()) owed.push(await record(demo, `京OWE00${n}`, 'unpaid', days, '2025-01-01'));
    const settled = [await record(demo, '京SET001', 'paid', 450, '2025-03-01'), await record(demo, '京SET002', 'void', 440, '2025-03-11')];
    for (const n of [1, 2, 3, 4, 5]) await event(demo, `batch-${n}`, 300 + n);
    const result = await applyRetention(database.db, dataDir, now, { records: 2, recordBatches: 10, events: 2, eventBatches: 10 });
    expect(result).toEqual({ events: 5, records: 2, files: 4 });
    for (const row of settled) expect(await photosOf(row.id)).toMatchObject({ entryPhoto: null, exitPhoto: null });
    for (const row of owed) expect(await photosOf(row.id)).toMatchObject({ entryPhoto: row.entryPhoto, exitPhoto: row.exitPhoto });
  });

  it('stops a pass at its batch budget and takes up the rest on the next', async () => {
    for (const n of [1, 2, 3, 4, 5]) await event(demo, `budget-${n}`, 300 + n);
    expect((await applyRetention(database.db, dataDir, now, { records: 2, recordBatches: 1, events: 2, eventBatches: 1 })).events).toBe(2);
    expect((await applyRetention(database.db, dataDir, now, { records: 2, recordBatches: 1, events: 2, eventBatches: 1 })).events).toBe(2);
    expect((await applyRetention(database.db, dataDir, now, { records: 2, recordBatches: 1, events: 2, eventBatches: 1 })).events).toBe(1);
  });

  it('never removes a file outside the tenant’s own photo folder, whatever path a record holds', async () => {
    const outside = join(dataDir, 'keep-me.txt');
    writeFileSync(outside, 'not a photo');
    const [row] = await database.db
      .insert(parkingRecords)
      .values({
        tenantId: demo,
        lotId: await lotOf(demo),
        plateNumber: '京RET007',
        enteredAt: daysAgo(401),
        exitedAt: daysAgo(400),
        state: 'paid',
        entryPhoto: 'keep-me.txt',
        exitPhoto: join('photos', mw, '2025-05-01', '京RET006-in.jpg'),
      })
      .returning({ id: parkingRecords.id });
    const result = await applyRetention(database.db, dataDir, now);
    // the record forgets the paths; neither file is touched
    expect(result).toMatchObject({ records: 1, files: 0 });
    expect(await photosOf(row!.id)).toMatchObject({ entryPhoto: null, exitPhoto: null });
    expect(existsSync(outside)).toBe(true);
    expect(existsSync(join(dataDir, 'photos', mw, '2025-05-01', '京RET006-in.jpg'))).toBe(true);
  });
});
