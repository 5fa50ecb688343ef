import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fee, groupCardBenefitOff, messageTypes, recordEditDecision, recordEditInput, tariffOf, type ParkingRecordState, type RecordEditInput } from '@parking/contract';
import type { Database } from '../../db/client.js';
import {
  groupCardUses,
  groupCards,
  groups,
  operationLogs,
  orderWarnings,
  parkingLanes,
  parkingLots,
  parkingRecords,
  parkingSpaces,
  recordEditRequests,
  systemMessages,
  tariffVersions,
  tariffs,
  tenants,
  users,
} from '../../db/schema/index.js';
import { seededTestDatabase } from '../../test/test-app.js';
import type { AuthContext } from '../../types.js';
import { recordGroupCard } from '../marketing/group-card-discount.js';
import { approveRecordEdit, listRecordEditPage, rejectRecordEdit, requestRecordEdit } from './record-edit-audit.service.js';

let database: Database;
let lotId: string;
let version: typeof tariffVersions.$inferSelect;
let clerk: AuthContext;
let auditor: AuthContext;
let sequence = 0;

const authOf = (tenantId: string, userId: string, account: string): AuthContext => ({
  sessionId: `session-${account}`,
  userId,
  tenantId,
  tenantCode: 'demo',
  account,
  isAdministrator: false,
  onPlatformTenant: false,
  ip: '127.0.0.1',
  userAgent: 'vitest',
});
const entered = new Date('2025-03-03T08:00:00+08:00');
const exited = new Date('2025-03-03T10:00:00+08:00');
const priced = (from: Date, to: Date) => fee(tariffOf('t', version.versionNo, version.effectiveFrom, version.effectiveTo, version.rules), from, to, { vehicleClass: 'small' }).amount;

interface RecordSeed {
  state?: ParkingRecordState;
  amountDue?: number;
  discount?: number;
  paid?: number;
  priced?: boolean;
}
const newRecord = async ({ state = 'awaiting_payment', amountDue = 1000, discount = 0, paid = 0, priced: withTariff = true }: RecordSeed = {}) => {
  const [row] = await database.db
    .insert(parkingRecords)
    .values({
      tenantId: clerk.tenantId,
      lotId,
      plateNumber: `京E${String(++sequence).padStart(5, '0')}`,
      enteredAt: entered,
      exitedAt: state === 'parked' ? null : exited,
      tariffVersionId: withTariff ? version.id : null,
      vehicleClass: withTariff ? 'small' : null,
      state,
      amountDue,
      discount,
      paid,
      unpaid: amountDue - discount - paid,
    })
    .returning();
  return row!;
};
const recordOf = async (id: string) => (await database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id)))[0]!;
/** the app's clock when a request is asked or decided: fixed, after every time the tests correct to */
const clockAt = new Date('2025-03-10T10:00:00+08:00');
const ask = (input: RecordEditInput, auth = clerk) => requestRecordEdit(database.db, auth, recordEditInput.parse(input), clockAt);
const approve = (id: string, auth = auditor) => approveRecordEdit(database.db, auth, id, recordEditDecision.parse({ remark: '核实无误' }), clockAt);
const reject = (id: string, auth = auditor) => rejectRecordEdit(database.db, auth, id, recordEditDecision.parse({ remark: '证据不足' }), clockAt);
const holdsInvariant = (r: { amountDue: number; discount: number; paid: number; unpaid: number }) => expect(r.amountDue - r.discount).toBe(r.paid + r.unpaid);
const messageOf = async (businessId: string) => (await database.db.select().from(systemMessages).where(eq(systemMessages.businessId, businessId)))[0];

beforeAll(async () => {
  database = await seededTestDatabase();
  const [demo] = await database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  const [admin] = await database.db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, demo!.id), eq(users.account, 'admin')));
  const [other] = await database.db.insert(users).values({ tenantId: demo!.id, account: 'editauditor', realName: '审核员', passwordHash: 'unused' }).returning();
  clerk = authOf(demo!.id, admin!.id, 'admin');
  auditor = authOf(demo!.id, other!.id, 'editauditor');
  const [tariff] = await database.db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.tenantId, demo!.id), eq(tariffs.name, '北京一类地区占道停车')));
  version = (await database.db.select().from(tariffVersions).where(eq(tariffVersions.tariffId, tariff!.id)))[0]!;
  const [lot] = await database.db.insert(parkingLots).values({ tenantId: demo!.id, name: '修改审核停车场', type: 1, kind: 'lane', tariffId: tariff!.id }).returning();
  lotId = lot!.id;
});
afterAll(() => database.close());

describe('asking for a correction', () => {
  it('changes nothing until approved, raises a type-4 message about the request and logs it', async () => {
    const record = await newRecord();
    const edit = await ask({ kind: 'plate', recordId: record.id, plateNumber: '京a12345', plateColour: 2, reason: '识别错误' });
    expect(edit).toMatchObject({
      status: 'requested',
      kind: 'plate',
      requested: { plateNumber: '京A12345', plateColour: 2 },
      requestedBy: clerk.userId,
      decidedBy: null,
      plateNumber: record.plateNumber,
      lotName: '修改审核停车场',
      after: null,
      before: { plateNumber: record.plateNumber, amountDue: 1000 },
    });
    expect(await recordOf(record.id)).toMatchObject({ plateNumber: record.plateNumber, plateColour: 0 });
    const message = await messageOf(edit.id);
    expect(message).toMatchObject({ messageType: messageTypes.recordEditAudit, status: 0, tenantId: clerk.tenantId });
    expect(message!.messageText).toContain(`停车记录「${record.plateNumber}」申请修改车牌：车牌改为 京A12345。原因：识别错误`);
    expect(await database.db.select().from(operationLogs).where(eq(operationLogs.targetId, edit.id))).toHaveLength(1);
  });

  it('keeps one open request per record, also for concurrent requests', async () => {
    const record = await newRecord();
    const settled = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => ask({ kind: 'amount', recordId: record.id, amountDue: 500 + i, reason: '协商减免' })));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const s of settled.filter((x) => x.status === 'rejected')) expect(s.reason).toMatchObject({ statusCode: 409, message: '该停车记录已有待审核的修改申请，请等审核后再申请' });
    const [open] = (await listRecordEditPage(database.db, clerk, { currentPage: 1, pageSize: 10, recordId: record.id, status: 'requested' })).list;
    await reject(open!.id);
    // decided: the record takes a new request
    await expect(ask({ kind: 'void', recordId: record.id, reason: '误识别' })).resolves.toMatchObject({ status: 'requested' });
  });

  it('refuses what the record cannot take, with a Chinese reason, writing nothing', async () => {
    const voided = await newRecord({ state: 'void', amountDue: 0 });
    await expect(ask({ kind: 'amount', recordId: voided.id, amountDue: 100, reason: '补收' })).rejects.toMatchObject({ statusCode: 400, message: '停车记录已作废，不能再修改' });
    const paid = await newRecord({ state: 'paid', amountDue: 800, paid: 800 });
    await expect(ask({ kind: 'void', recordId: paid.id, reason: '重复记录' })).rejects.toMatchObject({ statusCode: 400, message: '该停车记录已付 8.00 元，请先退款再作废' });
    const partly = await newRecord({ amountDue: 1000, discount: 200, paid: 300 });
    await expect(ask({ kind: 'amount', recordId: partly.id, amountDue: 499, reason: '减免' })).rejects.toMatchObject({
      statusCode: 400,
      message: '新的应收金额（4.99 元）不能低于优惠与已付之和（5.00 元），如需减少请先退款',
    });
    await expect(ask({ kind: 'amount', recordId: partly.id, amountDue: 1000, reason: '无变化' })).rejects.toMatchObject({ statusCode: 400, message: '新的应收金额与当前相同，无需修改' });
    const parked = await newRecord({ state: 'parked', amountDue: 0 });
    await expect(ask({ kind: 'amount', recordId: parked.id, amountDue: 100, reason: '预收' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(ask({ kind: 'times', recordId: parked.id, enteredAt: '2025-03-03T07:00:00+08:00', exitedAt: '2025-03-03T09:00:00+08:00', reason: '补录出场' })).rejects.toMatchObject({
      statusCode: 400,
      message: '车辆尚未出场，只能修改入场时间',
    });
    const unpriced = await newRecord({ priced: false });
    await expect(ask({ kind: 'times', recordId: unpriced.id, enteredAt: '2025-03-03T07:00:00+08:00', exitedAt: '2025-03-03T09:00:00+08:00', reason: '时间有误' })).rejects.toMatchObject({
      statusCode: 400,
      message: '该停车记录没有计费规则版本，无法按新的时间重新计费，请改为申请修改应收金额',
    });
    await expect(ask({ kind: 'void', recordId: '00000000-0000-4000-8000-000000000000', reason: '不存在' })).rejects.toMatchObject({ statusCode: 404 });
    for (const r of [voided, paid, partly, parked, unpriced]) expect(await database.db.select().from(recordEditRequests).where(eq(recordEditRequests.recordId, r.id))).toHaveLength(0);
  });

  it('rejects impossible times before they reach the service', () => {
    const times = { kind: 'times', recordId: '00000000-0000-4000-8000-000000000000', reason: '时间有误' } as const;
    const issues = (input: object) => recordEditInput.safeParse({ ...times, ...input }).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ enteredAt: '2025-03-03T09:00:00+08:00', exitedAt: '2025-03-03T08:00:00+08:00' })).toEqual(['出场时间不能早于入场时间']);
    expect(issues({ enteredAt: '2025-03-03T09:00:00+08:00', exitedAt: '2999-01-01T00:00:00+08:00' })).toEqual(['出场时间（2999-01-01）不能晚于2099-12-31']);
    expect(issues({ enteredAt: '1500-01-01T09:00:00+08:00' })).toEqual(['入场时间（1500-01-01）不能早于2000-01-01']);
    // "not later than now" is the service's, with the request's clock
    expect(issues({ enteredAt: '2025-03-03T09:00:00+08:00', exitedAt: '2098-01-01T00:00:00+08:00' })).toEqual([]);
    expect(issues({ enteredAt: 'yesterday' })).toEqual([expect.stringContaining('入场时间格式应为 ISO 8601')]);
    expect(recordEditInput.safeParse({ kind: 'plate', recordId: times.recordId, plateNumber: 'ABC', reason: 'x' }).error?.issues[0]?.message).toBe('请输入正确的车牌号，如 粤B12345');
    expect(recordEditInput.safeParse({ kind: 'void', recordId: times.recordId, reason: '  ' }).error?.issues[0]?.message).toBe('请填写修改原因');
  });
});

describe('deciding', () => {
  it('refuses the requester deciding their own request, and deciding twice', async () => {
    const record = await newRecord();
    const edit = await ask({ kind: 'amount', recordId: record.id, amountDue: 600, reason: '协商减免' });
    await expect(approve(edit.id, clerk)).rejects.toMatchObject({ statusCode: 400, message: '不能审核自己提交的修改申请，请由其他人审核' });
    await expect(reject(edit.id, clerk)).rejects.toMatchObject({ statusCode: 400 });
    expect(await recordOf(record.id)).toMatchObject({ amountDue: 1000 });
    const approved = await approve(edit.id);
    expect(approved).toMatchObject({ status: 'approved', decidedBy: auditor.userId, decidedByName: '审核员', decisionRemark: '核实无误' });
    expect(approved.decidedAt).not.toBeNull();
    await expect(approve(edit.id)).rejects.toMatchObject({ statusCode: 409, message: '该修改申请已审核，不能重复审核' });
    await expect(reject(edit.id)).rejects.toMatchObject({ statusCode: 409 });
    expect((await messageOf(edit.id))!.status).toBe(1);
  });

  it('applies one of many concurrent approvals of one request, once', async () => {
    const record = await newRecord({ amountDue: 1000, paid: 200 });
    const edit = await ask({ kind: 'amount', recordId: record.id, amountDue: 1500, reason: '补收夜间费' });
    const settled = await Promise.allSettled(Array.from({ length: 6 }, () => approve(edit.id)));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    expect(await recordOf(record.id)).toMatchObject({ amountDue: 1500, paid: 200, unpaid: 1300 });
    expect(
      await database.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.targetId, edit.id), eq(operationLogs.action, 'update'))),
    ).toHaveLength(1);
  });

  it('rejects without touching the record and closes the message', async () => {
    const record = await newRecord();
    const edit = await ask({ kind: 'void', recordId: record.id, reason: '误识别' });
    const rejected = await reject(edit.id);
    expect(rejected).toMatchObject({ status: 'rejected', decisionRemark: '证据不足', after: null });
    expect(await recordOf(record.id)).toMatchObject({ state: 'awaiting_payment', amountDue: 1000, unpaid: 1000 });
    expect((await messageOf(edit.id))!.status).toBe(1);
  });
});

describe('a group card that paid part of the stay', () => {
  /** a card of `benefit`, and its use by the stay's exit, as the exit event takes it; `terms: false` is a use from before they were kept */
  const paidByCard = async (
    card: { benefit: 'free' | 'discount' | 'amount'; discountPercent?: number; amountOff?: number },
    options: { terms?: boolean; paid?: number; otherDiscount?: number } = {},
  ) => {
    const [group] = await database.db
      .insert(groups)
      .values({ tenantId: clerk.tenantId, name: `修改审核集团${++sequence}`, contact: '张三', phone: '13800000000' })
      .returning();
    const [row] = await database.db
      .insert(groupCards)
      .values({ tenantId: clerk.tenantId, groupId: group!.id, cardNo: `JT${sequence}`, ...card, lotIds: [lotId], validFrom: '2025-01-01', validTo: '2025-12-31' })
      .returning();
    const due = priced(entered, exited);
    const cardOff = groupCardBenefitOff({ discountPercent: null, amountOff: null, ...card }, due);
    const { paid = 0, otherDiscount = 0 } = options;
    const record = await newRecord({ amountDue: due, discount: cardOff + otherDiscount, paid });
    const terms = options.terms === false ? {} : { discountPercent: card.discountPercent ?? null, amountOff: card.amountOff ?? null };
    await database.db.insert(groupCardUses).values({
      tenantId: clerk.tenantId,
      cardId: row!.id,
      cardNo: row!.cardNo,
      groupName: group!.name,
      benefit: card.benefit,
      ...terms,
      lotId,
      plateNumber: record.plateNumber,
      usedAt: exited,
      month: '2025-03',
      due,
      discount: cardOff,
    });
    return { record, card: row!, cardOff };
  };
  const usesOf = (cardId: string) => database.db.select().from(groupCardUses).where(eq(groupCardUses.cardId, cardId));
  const later = { enteredAt: '2025-03-03T07:00:00+08:00', exitedAt: '2025-03-03T12:30:00+08:00' };

  it('times: a free card pays the longer stay too, and its use moves to the new exit, where the detail finds it', async () => {
    const { record, card } = await paidByCard({ benefit: 'free' });
    await approve((await ask({ kind: 'times', recordId: record.id, ...later, reason: '出场时间有误' })).id);
    const due = priced(new Date(later.enteredAt), new Date(later.exitedAt));
    expect(due).toBeGreaterThan(record.amountDue);
    const after = await recordOf(record.id);
    expect(after).toMatchObject({ amountDue: due, discount: due, unpaid: 0, state: 'closed' });
    holdsInvariant(after);
    const [use] = await usesOf(card.id);
    expect(use).toMatchObject({ usedAt: new Date(later.exitedAt), due, discount: due, month: '2025-03' });
    expect(await recordGroupCard(database.db, clerk.tenantId, after)).toMatchObject({ cardNo: card.cardNo, discount: due });
  });

  it('amount: a percentage card takes its share of the new amount; a discount given besides stays', async () => {
    const { record, card, cardOff } = await paidByCard({ benefit: 'discount', discountPercent: 80 }, { otherDiscount: 50 });
    expect(record.discount).toBe(cardOff + 50);
    await approve((await ask({ kind: 'amount', recordId: record.id, amountDue: 2000, reason: '补收' })).id);
    const after = await recordOf(record.id);
    expect(after).toMatchObject({ amountDue: 2000, discount: 400 + 50, unpaid: 2000 - 450, state: 'awaiting_payment' });
    holdsInvariant(after);
    expect((await usesOf(card.id))[0]).toMatchObject({ due: 2000, discount: 400, usedAt: exited });
  });

  it('an amount-off card takes no more than the new amount; refused when what it took and what was paid exceed it', async () => {
    const { record, card } = await paidByCard({ benefit: 'amount', amountOff: 300 }, { paid: 200 });
    await approve((await ask({ kind: 'amount', recordId: record.id, amountDue: 500, reason: '协商减免' })).id);
    expect(await recordOf(record.id)).toMatchObject({ amountDue: 500, discount: 300, paid: 200, unpaid: 0, state: 'paid' });
    await expect(ask({ kind: 'amount', recordId: record.id, amountDue: 400, reason: '再减' })).rejects.toMatchObject({
      statusCode: 400,
      message: '新的应收金额（4.00 元）不能低于优惠与已付之和（5.00 元），如需减少请先退款',
    });
    expect((await usesOf(card.id))[0]).toMatchObject({ due: 500, discount: 300 });
  });

  it('a use from before its terms were kept takes the card’s terms, or when the card is gone, never more than it took', async () => {
    const kept = await paidByCard({ benefit: 'discount', discountPercent: 50 }, { terms: false });
    await approve((await ask({ kind: 'amount', recordId: kept.record.id, amountDue: 3000, reason: '补收' })).id);
    expect(await recordOf(kept.record.id)).toMatchObject({ amountDue: 3000, discount: 1500, unpaid: 1500 });

    const gone = await paidByCard({ benefit: 'amount', amountOff: 200 }, { terms: false });
    await database.db.delete(groupCards).where(eq(groupCards.id, gone.card.id));
    await approve((await ask({ kind: 'amount', recordId: gone.record.id, amountDue: 5000, reason: '补收' })).id);
    expect(await recordOf(gone.record.id)).toMatchObject({ amountDue: 5000, discount: 200, unpaid: 4800 });
  });

  it('a rejected request leaves the card use as it was', async () => {
    const { record, card, cardOff } = await paidByCard({ benefit: 'free' });
    await reject((await ask({ kind: 'times', recordId: record.id, ...later, reason: '出场时间有误' })).id);
    expect((await usesOf(card.id))[0]).toMatchObject({ usedAt: exited, discount: cardOff });
  });
});

describe('applying each kind keeps amount due − discount = paid + unpaid', () => {
  it('plate: changes the plate and colour only', async () => {
    const record = await newRecord({ amountDue: 900, discount: 100, paid: 300 });
    const edit = await approve((await ask({ kind: 'plate', recordId: record.id, plateNumber: '京N88888', plateColour: 3, reason: '识别错误' })).id);
    const after = await recordOf(record.id);
    expect(after).toMatchObject({ plateNumber: '京N88888', plateColour: 3, amountDue: 900, discount: 100, paid: 300, unpaid: 500, state: 'awaiting_payment' });
    expect(edit).toMatchObject({ plateNumber: '京N88888', before: { plateNumber: record.plateNumber, plateColour: 0 }, after: { plateNumber: '京N88888', plateColour: 3 } });
    holdsInvariant(after);
  });

  it('times: prices the new stay with the stored tariff version', async () => {
    const record = await newRecord({ amountDue: priced(entered, exited), discount: 50, paid: 100 });
    const from = new Date('2025-03-03T07:00:00+08:00');
    const to = new Date('2025-03-03T12:30:00+08:00');
    const expected = priced(from, to);
    expect(expected).toBeGreaterThan(record.amountDue);
    // the lot's tariff gains a newer version: the record keeps being priced by its own
    const later = await database.db
      .insert(tariffVersions)
      .values({
        tenantId: clerk.tenantId,
        tariffId: version.tariffId,
        versionNo: 99,
        effectiveFrom: new Date('2025-01-02T00:00:00+08:00'),
        rules: { ...version.rules, vehicleClasses: version.rules.vehicleClasses },
      })
      .returning();
    try {
      const edit = await approve((await ask({ kind: 'times', recordId: record.id, enteredAt: from.toISOString(), exitedAt: to.toISOString(), reason: '出场时间有误' })).id);
      const after = await recordOf(record.id);
      expect(after).toMatchObject({
        enteredAt: from,
        exitedAt: to,
        amountDue: expected,
        discount: 50,
        paid: 100,
        unpaid: expected - 150,
        state: 'awaiting_payment',
        tariffVersionId: version.id,
      });
      expect(edit.after).toMatchObject({ enteredAt: from.toISOString(), exitedAt: to.toISOString(), amountDue: expected });
      expect(edit.before).toMatchObject({ enteredAt: entered.toISOString(), exitedAt: exited.toISOString(), amountDue: record.amountDue });
      holdsInvariant(after);
    } finally {
      await database.db.delete(tariffVersions).where(eq(tariffVersions.id, later[0]!.id));
    }
  });

  it('times: a shorter stay priced below what is paid is refused at approval when the record moved', async () => {
    const record = await newRecord({ amountDue: priced(entered, exited) });
    const edit = await ask({ kind: 'times', recordId: record.id, enteredAt: '2025-03-03T08:00:00+08:00', exitedAt: '2025-03-03T08:01:00+08:00', reason: '时间有误' });
    // meanwhile the driver paid in full
    await database.db.update(parkingRecords).set({ paid: record.amountDue, unpaid: 0, state: 'paid' }).where(eq(parkingRecords.id, record.id));
    await expect(approve(edit.id)).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('不能低于优惠与已付之和') });
    expect((await database.db.select().from(recordEditRequests).where(eq(recordEditRequests.id, edit.id)))[0]!.status).toBe('requested');
    expect(await recordOf(record.id)).toMatchObject({ exitedAt: exited, paid: record.amountDue });
  });

  it('times: a parked car only moves its entry', async () => {
    const record = await newRecord({ state: 'parked', amountDue: 0 });
    await approve((await ask({ kind: 'times', recordId: record.id, enteredAt: '2025-03-03T07:30:00+08:00', reason: '入场时间有误' })).id);
    expect(await recordOf(record.id)).toMatchObject({ state: 'parked', enteredAt: new Date('2025-03-03T07:30:00+08:00'), exitedAt: null, amountDue: 0, unpaid: 0 });
  });

  it('amount: sets the amount due; settled when nothing is left to pay', async () => {
    const record = await newRecord({ amountDue: 1000, discount: 100, paid: 400 });
    const edit = await ask({ kind: 'amount', recordId: record.id, amountDue: 500, reason: '协商减免' });
    expect(edit.requested).toEqual({ amountDue: 500, suggestedAmountDue: priced(entered, exited) });
    await approve(edit.id);
    const after = await recordOf(record.id);
    expect(after).toMatchObject({ amountDue: 500, discount: 100, paid: 400, unpaid: 0, state: 'paid' });
    holdsInvariant(after);
    const unpaid = await newRecord({ state: 'unpaid', amountDue: 300 });
    await approve((await ask({ kind: 'amount', recordId: unpaid.id, amountDue: 800, reason: '补收' })).id);
    expect(await recordOf(unpaid.id)).toMatchObject({ amountDue: 800, unpaid: 800, state: 'unpaid' });
  });

  it('void: nothing owed, due = discount + paid', async () => {
    const record = await newRecord({ amountDue: 1000, discount: 300 });
    const edit = await approve((await ask({ kind: 'void', recordId: record.id, reason: '重复记录' })).id);
    const after = await recordOf(record.id);
    expect(after).toMatchObject({ state: 'void', amountDue: 300, discount: 300, paid: 0, unpaid: 0 });
    expect(edit.after).toMatchObject({ state: 'void', unpaid: 0 });
    holdsInvariant(after);
    await expect(ask({ kind: 'plate', recordId: record.id, plateNumber: '京A00001', plateColour: 0, reason: '补改' })).rejects.toMatchObject({ message: '停车记录已作废，不能再修改' });
  });

  it('void of a car still counted in frees its lane place or its space, as an exit would', async () => {
    const [laneLot] = await database.db.insert(parkingLots).values({ tenantId: clerk.tenantId, name: '作废车道场', type: 1, kind: 'lane', totalSpaces: 10, freeCount: 4 }).returning();
    const [lane] = await database.db.insert(parkingLanes).values({ tenantId: clerk.tenantId, lotId: laneLot!.id, name: '西入口', direction: 'in' }).returning();
    const [ghost] = await database.db
      .insert(parkingRecords)
      .values({ tenantId: clerk.tenantId, lotId: laneLot!.id, entryLaneId: lane!.id, plateNumber: '京G00001', enteredAt: entered, state: 'parked' })
      .returning();
    await approve((await ask({ kind: 'void', recordId: ghost!.id, reason: '误识别，车辆未入场' })).id);
    expect(await recordOf(ghost!.id)).toMatchObject({ state: 'void', amountDue: 0, unpaid: 0 });
    expect((await database.db.select().from(parkingLots).where(eq(parkingLots.id, laneLot!.id)))[0]!.freeCount).toBe(5);

    const [road] = await database.db.insert(parkingLots).values({ tenantId: clerk.tenantId, name: '作废路侧', type: 0, kind: 'space' }).returning();
    const [space] = await database.db.insert(parkingSpaces).values({ tenantId: clerk.tenantId, lotId: road!.id, number: 'V01', state: 'occupied' }).returning();
    const [parkedOnSpace] = await database.db
      .insert(parkingRecords)
      .values({ tenantId: clerk.tenantId, lotId: road!.id, spaceId: space!.id, plateNumber: '', enteredAt: entered, state: 'parked' })
      .returning();
    await approve((await ask({ kind: 'void', recordId: parkedOnSpace!.id, reason: '地磁误报' })).id);
    expect((await database.db.select().from(parkingSpaces).where(eq(parkingSpaces.id, space!.id)))[0]!.state).toBe('free');
    expect((await database.db.select().from(parkingLots).where(eq(parkingLots.id, road!.id)))[0]).toMatchObject({ totalSpaces: 1, freeCount: 1 });
  });
});

describe('corrections that reach far', () => {
  it("refuses new times later than the request's clock, whatever the real date", async () => {
    const record = await newRecord();
    const now = new Date('2025-03-04T08:00:00+08:00');
    const times = { kind: 'times', recordId: record.id, reason: '时间有误' } as const;
    const askAt = (input: object) => requestRecordEdit(database.db, clerk, recordEditInput.parse({ ...times, ...input }), now);
    await expect(askAt({ enteredAt: '2025-03-03T07:00:00+08:00', exitedAt: '2025-03-04T08:01:00+08:00' })).rejects.toMatchObject({ statusCode: 400, message: '出场时间不能晚于当前时间' });
    await expect(askAt({ enteredAt: '2025-03-04T09:00:00+08:00', exitedAt: '2025-03-04T09:30:00+08:00' })).rejects.toMatchObject({ statusCode: 400, message: '入场时间不能晚于当前时间' });
    expect(await askAt({ enteredAt: '2025-03-03T07:00:00+08:00', exitedAt: '2025-03-04T08:00:00+08:00' })).toMatchObject({ status: 'requested' });
  });

  it("prices new times longer than the lot's 最长计费天数 to that many days and warns of 超长停车 when applied", async () => {
    await database.db
      .update(parkingLots)
      .set({ eventRules: { maxStayDays: 2 } })
      .where(eq(parkingLots.id, lotId));
    try {
      const record = await newRecord({ amountDue: 0 });
      const from = new Date('2025-02-01T08:00:00+08:00');
      const edit = await ask({ kind: 'times', recordId: record.id, enteredAt: from.toISOString(), exitedAt: exited.toISOString(), reason: '入场时间识别错误' });
      await approve(edit.id);
      const twoDays = priced(from, new Date(from.getTime() + 2 * 86_400_000));
      expect(twoDays).toBeGreaterThan(0);
      expect(twoDays).toBeLessThan(priced(from, new Date(from.getTime() + 3 * 86_400_000)));
      const after = await recordOf(record.id);
      expect(after).toMatchObject({ enteredAt: from, amountDue: twoDays, unpaid: twoDays, abnormal: true });
      expect(after.abnormalReasons).toContain('long_stay');
      const warnings = await database.db.select().from(orderWarnings).where(eq(orderWarnings.recordId, record.id));
      expect(warnings).toMatchObject([{ kind: 'long_stay', detail: '修改后停车超过最长计费2天，按2天计费' }]);
    } finally {
      await database.db.update(parkingLots).set({ eventRules: {} }).where(eq(parkingLots.id, lotId));
    }
  });
});
