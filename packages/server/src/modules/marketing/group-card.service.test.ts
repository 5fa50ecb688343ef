import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCardInput, groupInput, vehicleEventInput, type GroupCardInput, type VehicleEventInput } from '@parking/contract';
import type { Database } from '../../db/client.js';
import { devices, groupCardUses, parkingLanes, parkingLots, parkingRecords, tariffs } from '../../db/schema/index.js';
import { demoAdmin, seededTestDatabase, testConfig } from '../../test/test-app.js';
import type { AuthContext } from '../../types.js';
import { getParkingRecordDetail } from '../orders/parking-record.service.js';
import { receiveVehicleEvent } from '../orders/vehicle-event.service.js';
import { groupCardDiscount } from './group-card-discount.js';
import { createGroupCard, getGroupCard, updateGroupCard } from './group-card.service.js';
import { createGroup, deleteGroup, getGroup } from './group.service.js';

type DeviceRow = typeof devices.$inferSelect;
let database: Database;
let auth: AuthContext;
let lotId: string;
let otherLotId: string;
let groupId: string;
const cams = {} as Record<'in' | 'out' | 'otherIn' | 'otherOut', DeviceRow>;
let sequence = 0;

/** when the cameras send: a fixed time; the stays they report are dated on their own days */
const sentAt = Date.parse('2026-03-10T02:00:00Z');
const send = (device: DeviceRow, event: Omit<VehicleEventInput, 'tenant' | 'sn' | 'timestamp' | 'nonce' | 'deviceEventId'>) =>
  receiveVehicleEvent(
    database.db,
    device,
    vehicleEventInput.parse({ tenant: 'demo', sn: device.sn, timestamp: sentAt, nonce: `nonce-gc-${++sequence}`, deviceEventId: `GC-${sequence}`, ...event }),
    testConfig().dataDir,
  );
const recordOf = async (id: string | null) => (await database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id!)))[0]!;

/** a two-hour stay at the lane lot, entered and left on the given day */
const stay = async (plate: string, day = '2025-03-03') => {
  await send(cams.in, { kind: 'lane_entry', plate, occurredAt: `${day}T09:00:00+08:00` });
  const exit = await send(cams.out, { kind: 'lane_exit', plate, occurredAt: `${day}T11:00:00+08:00` });
  return recordOf(exit.recordId);
};
const card = (over: Partial<GroupCardInput>) =>
  createGroupCard(
    database.db,
    auth,
    groupCardInput.parse({ groupId, cardNo: `C-${++sequence}`, benefit: 'free', plates: [], lotIds: [lotId], validFrom: '2025-01-01', validTo: '2025-12-31', ...over }),
  );
const expectInvariant = (r: { amountDue: number; discount: number; paid: number; unpaid: number }) => expect(r.amountDue - r.discount).toBe(r.paid + r.unpaid);

beforeAll(async () => {
  database = await seededTestDatabase();
  const db = database.db;
  auth = await demoAdmin(db);
  const { tenantId } = auth;
  const [tariff] = await db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.tenantId, tenantId), eq(tariffs.name, '北京一类地区占道停车')));
  const [lot] = await db.insert(parkingLots).values({ tenantId, name: '集团卡停车场', type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10, tariffId: tariff!.id }).returning();
  lotId = lot!.id;
  const [other] = await db.insert(parkingLots).values({ tenantId, name: '别的停车场', type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10, tariffId: tariff!.id }).returning();
  otherLotId = other!.id;
  const [inLane] = await db.insert(parkingLanes).values({ tenantId, lotId, name: '入口', direction: 'in' }).returning();
  const [outLane] = await db.insert(parkingLanes).values({ tenantId, lotId, name: '出口', direction: 'out' }).returning();
  const device = (sn: string, laneId: string, at = lotId) =>
    db
      .insert(devices)
      .values({ tenantId, sn, name: sn, type: 'camera', lotId: at, laneId, secret: 'x'.repeat(64) })
      .returning()
      .then((rows) => rows[0]!);
  cams.in = await device('GC-IN', inLane!.id);
  cams.out = await device('GC-OUT', outLane!.id);
  const [otherIn] = await db.insert(parkingLanes).values({ tenantId, lotId: otherLotId, name: '入口', direction: 'in' }).returning();
  const [otherOut] = await db.insert(parkingLanes).values({ tenantId, lotId: otherLotId, name: '出口', direction: 'out' }).returning();
  cams.otherIn = await device('GC-IN-2', otherIn!.id, otherLotId);
  cams.otherOut = await device('GC-OUT-2', otherOut!.id, otherLotId);
  groupId = (await createGroup(db, auth, groupInput.parse({ name: '腾讯集团', contact: '王经理', phone: '13812345678' }))).id;
});
afterAll(() => database.close());

describe('group card at exit', () => {
  it('a free card pays the whole stay, closes the record, uses one of the month and shows in the detail', async () => {
    const created = await card({ plates: ['粤B10001'], monthlyQuota: 10 });
    const record = await stay('粤B10001');
    expect(record.amountDue).toBeGreaterThan(0);
    expect(record).toMatchObject({ discount: record.amountDue, paid: 0, unpaid: 0, state: 'closed' });
    expectInvariant(record);
    expect((await getGroupCard(database.db, auth, created.id, '2025-03-20')).remainingQuota).toBe(9);
    // another month has all its uses
    expect((await getGroupCard(database.db, auth, created.id, '2025-04-01')).remainingQuota).toBe(10);
    const detail = await getParkingRecordDetail(database.db, auth, record.id);
    expect(detail.groupCard).toEqual({ cardNo: created.cardNo, groupName: '腾讯集团', benefit: 'free', discount: record.amountDue });
  });

  it('a discount card takes what lies above the paid share; the driver owes the rest', async () => {
    await card({ plates: ['粤B10002'], benefit: 'discount', discountPercent: 80 });
    const record = await stay('粤B10002');
    const owed = Math.round(record.amountDue * 0.8);
    expect(record).toMatchObject({ discount: record.amountDue - owed, unpaid: owed, state: 'awaiting_payment' });
    expectInvariant(record);
    // the use keeps the card's terms, so a later correction of the fee takes the same share off
    const [use] = await database.db.select().from(groupCardUses).where(eq(groupCardUses.plateNumber, '粤B10002'));
    expect(use).toMatchObject({ benefit: 'discount', discountPercent: 80, amountOff: null, due: record.amountDue, discount: record.discount });
  });

  it('an amount card takes a fixed sum off, never more than the stay', async () => {
    await card({ plates: ['粤B10003'], benefit: 'amount', amountOff: 300 });
    const record = await stay('粤B10003');
    expect(record.amountDue).toBeGreaterThan(300);
    expect(record).toMatchObject({ discount: 300, unpaid: record.amountDue - 300 });
    expectInvariant(record);
    await card({ plates: ['粤B10013'], benefit: 'amount', amountOff: 99_999 });
    const small = await stay('粤B10013');
    expect(small).toMatchObject({ discount: small.amountDue, unpaid: 0, state: 'closed' });
  });

  it("an expired card, a card of another lot, a disabled card and a disabled group's card take nothing off", async () => {
    await card({ plates: ['粤B10004'], validFrom: '2024-01-01', validTo: '2025-03-02' });
    await card({ plates: ['粤B10005'], lotIds: [otherLotId] });
    await card({ plates: ['粤B10006'], enabled: false });
    const stopped = await createGroup(database.db, auth, groupInput.parse({ name: '停用集团', contact: '周', phone: '13600000000', enabled: false }));
    await card({ plates: ['粤B10012'], groupId: stopped.id });
    for (const plate of ['粤B10004', '粤B10005', '粤B10006', '粤B10012']) {
      const record = await stay(plate);
      expect(record.amountDue).toBeGreaterThan(0);
      expect(record, plate).toMatchObject({ discount: 0, unpaid: record.amountDue });
      expect((await getParkingRecordDetail(database.db, auth, record.id)).groupCard).toBeNull();
    }
    expect(await database.db.select().from(groupCardUses).where(eq(groupCardUses.plateNumber, '粤B10004'))).toHaveLength(0);
  });

  it('stops when the month’s uses are spent, and starts again next month', async () => {
    const created = await card({ plates: ['粤B10007', '粤B10008'], monthlyQuota: 1 });
    expect((await stay('粤B10007', '2025-05-05')).discount).toBeGreaterThan(0);
    // the card's other plate shares the quota
    const second = await stay('粤B10008', '2025-05-06');
    expect(second).toMatchObject({ discount: 0, unpaid: second.amountDue });
    expect((await getGroupCard(database.db, auth, created.id, '2025-05-31')).remainingQuota).toBe(0);
    expect((await stay('粤B10008', '2025-06-01')).discount).toBeGreaterThan(0);
  });

  it('gives the last use of the month to one of two cars leaving two lots at once', async () => {
    const created = await card({ plates: ['粤B10010', '粤B10011'], lotIds: [lotId, otherLotId], monthlyQuota: 1 });
    await send(cams.in, { kind: 'lane_entry', plate: '粤B10010', occurredAt: '2025-08-08T09:00:00+08:00' });
    await send(cams.otherIn, { kind: 'lane_entry', plate: '粤B10011', occurredAt: '2025-08-08T09:00:00+08:00' });
    const exits = await Promise.all([
      send(cams.out, { kind: 'lane_exit', plate: '粤B10010', occurredAt: '2025-08-08T11:00:00+08:00' }),
      send(cams.otherOut, { kind: 'lane_exit', plate: '粤B10011', occurredAt: '2025-08-08T11:00:00+08:00' }),
    ]);
    const records = await Promise.all(exits.map((e) => recordOf(e.recordId)));
    expect(records.filter((r) => r.discount > 0)).toHaveLength(1);
    expect(await database.db.select().from(groupCardUses).where(eq(groupCardUses.cardId, created.id))).toHaveLength(1);
  });

  it('uses nothing for a stay that costs nothing, and nothing for a plate without a card', async () => {
    const created = await card({ plates: ['粤B10009'], monthlyQuota: 3 });
    const at = new Date('2025-07-01T10:00:00+08:00');
    await expect(groupCardDiscount(database.db, { tenantId: auth.tenantId, lotId, plate: '粤B10009', at, due: 0 })).resolves.toEqual({ discount: 0, card: null });
    await expect(groupCardDiscount(database.db, { tenantId: auth.tenantId, lotId, plate: '粤B19999', at, due: 500 })).resolves.toEqual({ discount: 0, card: null });
    expect((await getGroupCard(database.db, auth, created.id, '2025-07-01')).remainingQuota).toBe(3);
  });

  it('keeps due − discount = paid + unpaid on every record it touched', async () => {
    const touched = await database.db.select().from(parkingRecords).where(eq(parkingRecords.lotId, lotId));
    expect(touched.length).toBeGreaterThan(8);
    for (const r of touched) expectInvariant(r);
  });
});

describe('group card rules', () => {
  it('refuses a plate that already holds a card on a shared lot on overlapping days, naming both', async () => {
    await card({ plates: ['粤B20001'], lotIds: [lotId], validFrom: '2025-01-01', validTo: '2025-06-30' });
    await expect(card({ plates: ['粤B20002', '粤B20001'], lotIds: [otherLotId, lotId], validFrom: '2025-06-30', validTo: '2025-12-31' })).rejects.toThrow(
      /车牌「粤B20001」在停车场「集团卡停车场」已有集团卡「C-\d+」（2025-01-01至2025-06-30），同一车牌在同一停车场的有效期不能重叠/,
    );
    // the next day, or another lot, is fine; so is a disabled card
    await card({ plates: ['粤B20001'], validFrom: '2025-07-01', validTo: '2025-12-31' });
    await card({ plates: ['粤B20001'], lotIds: [otherLotId] });
    const off = await card({ plates: ['粤B20001'], enabled: false });
    await expect(updateGroupCard(database.db, auth, off.id, groupCardInput.parse({ ...off, enabled: true }))).rejects.toThrow(/车牌「粤B20001」/);
  });

  it('refuses a repeated card number and an unknown lot', async () => {
    const first = await card({ plates: ['粤B20003'] });
    await expect(card({ plates: ['粤B20004'], cardNo: first.cardNo })).rejects.toThrow(`卡号「${first.cardNo}」已存在`);
    await expect(card({ plates: ['粤B20004'], lotIds: ['00000000-0000-4000-8000-000000000000'] })).rejects.toThrow('所选停车场不存在');
  });

  it('refuses to delete a group that still has cards', async () => {
    const group = await getGroup(database.db, auth, groupId);
    expect(group.cardCount).toBeGreaterThan(0);
    await expect(deleteGroup(database.db, auth, groupId)).rejects.toThrow(`集团「腾讯集团」还有${group.cardCount}张集团卡，请先删除集团卡`);
    const empty = await createGroup(database.db, auth, groupInput.parse({ name: '空集团', contact: '李', phone: '13900000000' }));
    await deleteGroup(database.db, auth, empty.id);
    await expect(getGroup(database.db, auth, empty.id)).rejects.toThrow('集团不存在或已删除');
  });
});
