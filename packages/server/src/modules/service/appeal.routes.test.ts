import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appealPaths, arrearsPaths, fee, ownerPaths, ownerTokenHeader, refundPaths, tariffOf, type ParkingRecordState } from '@parking/contract';
import { appeals, operationLogs, parkingLots, parkingRecords, payments, refunds, systemMessages, tariffVersions, tariffs, tenants } from '../../db/schema/index.js';
import type { SmsSender } from '../auth/index.js';
import { md5Hex } from '../auth/passwords.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';

// the app's clock, fixed: holds run out and new exit times are judged at known moments
const clock = fixedClock('2026-03-10T02:00:00Z');
const MINUTE = 60_000;
const sent: { mobile: string; code: string }[] = [];
const capturingSender: SmsSender = { name: 'test', send: async (message) => void sent.push(message) };
const entered = new Date('2026-03-08T01:00:00Z');
const exited = new Date('2026-03-08T05:00:00Z');
let t: TestApp;
let demoId: string;
let lotId: string;
let version: typeof tariffVersions.$inferSelect;
let admin: string;
let reviewer: string;
let mwAdmin: string;
let sequence = 0;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
/** each owner calls from a phone of their own: the owner routes' rate limit counts per address */
const addressOf = new Map<string, string>();
const asOwner = (method: Method, url: string, owner: string, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: addressOf.get(owner), headers: { [ownerTokenHeader]: owner }, ...(payload ? { payload } : {}) });
const withId = (path: string, id: string) => path.replace(':id', id);
const priced = (from: Date, to: Date) => fee(tariffOf('t', version.versionNo, version.effectiveFrom, version.effectiveTo, version.rules), from, to, { vehicleClass: 'small' }).amount;
const nextPhone = () => `1371111${String(++sequence).padStart(4, '0')}`;
const nextPlate = () => `粤B${String(++sequence).padStart(4, '0')}A`;
const reviewCount = async () => (await call('GET', '/api/system/systemMessage/getCount?status=0', admin)).json().data.reviewAppealcount as number;
const recordOf = async (id: string) => (await t.database.db.select().from(parkingRecords).where(eq(parkingRecords.id, id)))[0]!;
const detail = async (id: string, token = admin) => (await call('GET', withId(appealPaths.item, id), token)).json();
const decide = (id: string, body: object, token = admin) => call('POST', withId(appealPaths.decide, id), token, body).then((r) => r.json());
const owedBy = async (plate: string) => {
  const answer = (await call('GET', arrearsPaths.item.replace(':plateNumber', encodeURIComponent(plate)), admin)).json();
  return answer.code === 200 ? (answer.data.owed as number) : 0;
};
/** due − discount = paid + unpaid, every amount whole fen and not negative */
const balanced = async (recordId: string) => {
  const r = await recordOf(recordId);
  for (const value of [r.amountDue, r.discount, r.paid, r.unpaid]) expect(value).toBeGreaterThanOrEqual(0);
  expect(r.amountDue - r.discount).toBe(r.paid + r.unpaid);
  return r;
};

const signInOwner = async (phone: string) => {
  clock.advance(61_000);
  const remoteAddress = `10.7.${Math.floor(sequence / 200)}.${sequence % 200}`;
  await t.app.inject({ method: 'POST', url: ownerPaths.smsCode, remoteAddress, payload: { phone } });
  const code = [...sent].reverse().find((m) => m.mobile === phone)!.code;
  const signedIn = (await t.app.inject({ method: 'POST', url: ownerPaths.signIn, remoteAddress, payload: { phone, code } })).json();
  expect(signedIn.code, signedIn.msg).toBe(200);
  addressOf.set(signedIn.data.token, remoteAddress);
  return signedIn.data.token as string;
};

interface StaySeed {
  state?: ParkingRecordState;
  /** fen paid, by one wechat payment; the rest is unpaid */
  paid?: number;
  exitedAt?: Date | null;
}
/** a stay of a plate bound to a fresh owner, priced by the demo tariff from 09:00 to 13:00 (Shanghai) */
const ownersStay = async ({ state = 'unpaid', paid = 0, exitedAt = exited }: StaySeed = {}) => {
  const phone = nextPhone();
  const plate = nextPlate();
  const owner = await signInOwner(phone);
  const bound = (await asOwner('POST', ownerPaths.vehicles, owner, { plateNumber: plate })).json();
  expect(bound.code, bound.msg).toBe(200);
  const amountDue = exitedAt ? priced(entered, exitedAt) : 0;
  const [record] = await t.database.db
    .insert(parkingRecords)
    .values({
      tenantId: demoId,
      lotId,
      plateNumber: plate,
      enteredAt: entered,
      exitedAt,
      tariffVersionId: version.id,
      vehicleClass: 'small',
      state,
      amountDue,
      paid,
      unpaid: amountDue - paid,
    })
    .returning();
  if (paid > 0) await t.database.db.insert(payments).values({ tenantId: demoId, recordId: record!.id, channel: 'wechat', amount: paid, idempotencyKey: `appeal-test-${sequence}` });
  return { owner, phone, plate, recordId: record!.id, amountDue };
};
const fileAppeal = async (owner: string, recordId: string, body: Record<string, unknown> = {}) => {
  const answer = (await asOwner('POST', appealPaths.owner, owner, { recordId, reason: 'wrong_time', content: '我13点前就离开了', ...body })).json();
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as { id: string; status: string };
};
/** an owner's stay and its appeal, filed */
const appealed = async (seed: StaySeed = {}) => {
  const stay = await ownersStay(seed);
  return { ...stay, appealId: (await fileAppeal(stay.owner, stay.recordId)).id };
};

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, smsSender: capturingSender });
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  demoId = demo!.id;
  const [tariff] = await t.database.db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.tenantId, demoId), eq(tariffs.name, '北京一类地区占道停车')));
  version = (await t.database.db.select().from(tariffVersions).where(eq(tariffVersions.tariffId, tariff!.id)))[0]!;
  lotId = (await t.database.db.insert(parkingLots).values({ tenantId: demoId, name: '申诉停车场', type: 1, kind: 'lane', tariffId: tariff!.id }).returning())[0]!.id;
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
  // a second reviewer of 申诉审核 who also decides refunds on 退款
  const menus = (await call('GET', '/api/system/Permission/Menu', admin)).json().data as { enCode: string; id: string; children: { enCode: string; id: string }[] }[];
  const page = (enCode: string) => menus.flatMap((m) => m.children).find((m) => m.enCode === enCode)!.id;
  const role = (await call('POST', '/api/system/Permission/Role', admin, { name: '申诉审核员', code: 'appealReviewer' })).json().data;
  await call('PUT', `/api/system/Permission/Role/${role.id}/Menus`, admin, { menuIds: [page('appeal'), page('refund')] });
  await call('POST', '/api/system/Permission/Users', admin, { account: 'reviewer2', realName: '审核员乙', password: md5Hex('x1y2z3'), roleIds: [role.id] });
  reviewer = await signIn(t.app, 'reviewer2', 'demo', md5Hex('x1y2z3'));
});
afterAll(() => t.close());

describe('filing an appeal from the owner pages', () => {
  it('files about a stay of a bound plate as 待审核, raises a type 7 message counted in reviewAppealcount, logs it, and staff see it with the stay', async () => {
    const before = await reviewCount();
    const stay = await ownersStay();
    const filed = (await asOwner('POST', appealPaths.owner, stay.owner, { recordId: stay.recordId, reason: 'wrong_amount', content: '收费与公示标准不符' })).json();
    expect(filed.code, filed.msg).toBe(200);
    expect(filed).toMatchObject({
      msg: '申诉已提交',
      data: { status: 'pending', plateNumber: stay.plate, lotName: '申诉停车场', reason: 'wrong_amount', outcome: null, filedAt: clock.now().toISOString() },
    });
    expect(await reviewCount()).toBe(before + 1);
    const [message] = await t.database.db
      .select()
      .from(systemMessages)
      // about the record: the message dialog opens the record's 详情
      .where(and(eq(systemMessages.businessId, stay.recordId), eq(systemMessages.messageType, 7)));
    expect(message).toMatchObject({ messageName: '申诉审核', status: 0 });
    expect(message!.messageText).toContain(`停车记录「${stay.plate}」申诉金额有误`);
    const [log] = await t.database.db.select().from(operationLogs).where(eq(operationLogs.targetId, filed.data.id));
    expect(log).toMatchObject({ module: 'service', action: 'create', target: 'appeal', userId: null });

    const shown = await detail(filed.data.id);
    expect(shown.code, shown.msg).toBe(200);
    expect(shown.data).toMatchObject({ phone: stay.phone, status: 'pending', claimedBy: null, payments: [], refunds: [] });
    expect(shown.data.record).toMatchObject({ id: stay.recordId, lotName: '申诉停车场', plateNumber: stay.plate, amountDue: stay.amountDue, unpaid: stay.amountDue, state: 'unpaid' });
  });

  it('takes one open appeal per record, with a clear 409', async () => {
    const stay = await appealed();
    expect((await asOwner('POST', appealPaths.owner, stay.owner, { recordId: stay.recordId, reason: 'other', content: '再申诉一次' })).json()).toMatchObject({
      code: 409,
      msg: '该停车记录已有待审核的申诉，请等待审核结果',
    });
    // decided, the record may be appealed again
    expect((await decide(stay.appealId, { kind: 'reject', reason: '照片显示13点后出场' })).code).toBe(200);
    expect((await asOwner('POST', appealPaths.owner, stay.owner, { recordId: stay.recordId, reason: 'other', content: '我不同意驳回' })).json().code).toBe(200);
  });

  it("refuses another driver's stay, a stay still parked and bad input in Chinese, writing nothing", async () => {
    const stay = await ownersStay();
    const stranger = await ownersStay();
    const count = (await t.database.db.select().from(appeals)).length;
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ recordId: stranger.recordId }, 400, '停车记录不存在'],
      [{ recordId: '00000000-0000-4000-8000-000000000000' }, 400, '停车记录不存在'],
      [{ recordId: 'nonsense' }, 400, '停车记录编号格式不正确'],
      [{ reason: 'angry' }, 400, '请选择申诉原因'],
      [{ content: '   ' }, 400, '请填写申诉说明'],
      [{ content: '长'.repeat(501) }, 400, '申诉说明最长500个字'],
      [{ extra: 1 }, 400, ''],
    ];
    for (const [body, code, msg] of refusals) {
      const answer = (await asOwner('POST', appealPaths.owner, stay.owner, { recordId: stay.recordId, reason: 'wrong_time', content: '多收费', ...body })).json();
      expect(answer, JSON.stringify(body)).toMatchObject({ code });
      expect(answer.msg).toContain(msg);
    }
    const parked = await ownersStay({ state: 'parked', exitedAt: null });
    expect((await asOwner('POST', appealPaths.owner, parked.owner, { recordId: parked.recordId, reason: 'other', content: '还没走' })).json()).toMatchObject({
      code: 400,
      msg: '车辆尚未出场，出场后才能申诉',
    });
    expect((await t.database.db.select().from(appeals)).length).toBe(count);
    expect((await t.app.inject({ method: 'GET', url: appealPaths.owner })).statusCode).toBe(401);
  });

  it("answers 404 to another tenant's staff for every action, and changes nothing", async () => {
    const stay = await appealed();
    expect((await detail(stay.appealId, mwAdmin)).code).toBe(404);
    expect((await call('POST', withId(appealPaths.claim, stay.appealId), mwAdmin)).json().code).toBe(404);
    expect((await call('POST', withId(appealPaths.release, stay.appealId), mwAdmin)).json().code).toBe(404);
    expect((await decide(stay.appealId, { kind: 'waive' }, mwAdmin)).code).toBe(404);
    expect((await call('GET', appealPaths.list, mwAdmin)).json().data.list.map((a: { id: string }) => a.id)).not.toContain(stay.appealId);
    expect((await detail(stay.appealId)).data).toMatchObject({ status: 'pending' });
    expect((await recordOf(stay.recordId)).unpaid).toBe(stay.amountDue);
  });
});

describe('领取: the hold', () => {
  it('while one reviewer holds it nobody else claims or decides it; released, the other can', async () => {
    const stay = await appealed();
    const claimed = (await call('POST', withId(appealPaths.claim, stay.appealId), admin)).json();
    expect(claimed.code, claimed.msg).toBe(200);
    expect(claimed.data).toMatchObject({ claimedByName: '系统管理员', claimedUntil: new Date(clock.now().getTime() + 30 * MINUTE).toISOString() });
    const blocked = (await call('POST', withId(appealPaths.claim, stay.appealId), reviewer)).json();
    expect(blocked).toMatchObject({ code: 409, msg: expect.stringContaining('该申诉已由系统管理员领取审核') });
    expect(await decide(stay.appealId, { kind: 'waive' }, reviewer)).toMatchObject({ code: 409, msg: expect.stringContaining('已由系统管理员领取审核') });
    expect((await call('POST', withId(appealPaths.release, stay.appealId), reviewer)).json()).toMatchObject({ code: 409 });
    expect((await recordOf(stay.recordId)).unpaid).toBe(stay.amountDue);

    const released = (await call('POST', withId(appealPaths.release, stay.appealId), admin)).json();
    expect(released.data).toMatchObject({ claimedBy: null, claimedUntil: null });
    const decided = await decide(stay.appealId, { kind: 'waive' }, reviewer);
    expect(decided.code, decided.msg).toBe(200);
    expect(decided.data).toMatchObject({ status: 'approved', outcome: 'waive', decidedByName: '审核员乙', claimedBy: null });
  });

  it('a hold past 30 minutes is no hold: a forgotten appeal is not stuck', async () => {
    const stay = await appealed();
    await call('POST', withId(appealPaths.claim, stay.appealId), admin);
    clock.advance(29 * MINUTE);
    expect((await decide(stay.appealId, { kind: 'reject', reason: '证据不足' }, reviewer)).code).toBe(409);
    clock.advance(2 * MINUTE);
    expect((await detail(stay.appealId, reviewer)).data).toMatchObject({ claimedBy: null, claimedByName: null });
    const decided = await decide(stay.appealId, { kind: 'reject', reason: '证据不足' }, reviewer);
    expect(decided.code, decided.msg).toBe(200);
  });
});

describe('outcomes on an unpaid (欠费) record', () => {
  it('更正出场时间 prices the stay again through the record core and lowers the arrears', async () => {
    const stay = await appealed();
    expect(await owedBy(stay.plate)).toBe(stay.amountDue);
    const exitedAt = '2026-03-08T03:00:00.000Z';
    const expected = priced(entered, new Date(exitedAt));
    expect(expected).toBeLessThan(stay.amountDue);
    const decided = await decide(stay.appealId, { kind: 'times', exitedAt, remark: '核对出口照片' });
    expect(decided.code, decided.msg).toBe(200);
    expect(decided.data).toMatchObject({ status: 'approved', outcome: 'times', remark: '核对出口照片', decision: { exitedAt } });
    expect(decided.data.before).toMatchObject({ amountDue: stay.amountDue, unpaid: stay.amountDue, state: 'unpaid' });
    expect(decided.data.after).toMatchObject({ exitedAt, amountDue: expected, unpaid: expected });
    const record = await balanced(stay.recordId);
    expect(record).toMatchObject({ exitedAt: new Date(exitedAt), amountDue: expected, unpaid: expected });
    expect(await owedBy(stay.plate)).toBe(expected);
  });

  it('refuses an exit time in the future or before the entry, changing nothing', async () => {
    const stay = await appealed();
    expect(await decide(stay.appealId, { kind: 'times', exitedAt: '2026-03-11T00:00:00Z' })).toMatchObject({ code: 400, msg: expect.stringContaining('出场时间不能晚于当前时间') });
    expect(await decide(stay.appealId, { kind: 'times', exitedAt: '2026-03-08T00:00:00Z' })).toMatchObject({ code: 400, msg: '出场时间不能早于入场时间' });
    expect(await decide(stay.appealId, { kind: 'times', exitedAt: 'yesterday' })).toMatchObject({ code: 400, msg: expect.stringContaining('出场时间格式') });
    expect((await detail(stay.appealId)).data.status).toBe('pending');
    expect((await recordOf(stay.recordId)).unpaid).toBe(stay.amountDue);
  });

  it('更正车牌 changes the plate only', async () => {
    const stay = await appealed();
    const decided = await decide(stay.appealId, { kind: 'plate', plateNumber: '粤b9z9z9', plateColour: 0 });
    expect(decided.code, decided.msg).toBe(200);
    expect(decided.data).toMatchObject({ outcome: 'plate', result: '车牌更正为 粤B9Z9Z9', after: { plateNumber: '粤B9Z9Z9', unpaid: stay.amountDue } });
    expect(await balanced(stay.recordId)).toMatchObject({ plateNumber: '粤B9Z9Z9', unpaid: stay.amountDue, state: 'unpaid' });
    expect(await owedBy(stay.plate)).toBe(0);
  });

  it('更正应收金额 lowers what is owed and the arrears with it; to 0 the stay is closed', async () => {
    const stay = await appealed();
    const decided = await decide(stay.appealId, { kind: 'amount', amountDue: 500 });
    expect(decided.code, decided.msg).toBe(200);
    expect(await balanced(stay.recordId)).toMatchObject({ amountDue: 500, unpaid: 500, state: 'unpaid' });
    expect(await owedBy(stay.plate)).toBe(500);

    const free = await appealed();
    expect((await decide(free.appealId, { kind: 'amount', amountDue: 0 })).code).toBe(200);
    expect(await balanced(free.recordId)).toMatchObject({ amountDue: 0, unpaid: 0, state: 'closed' });
    expect(await owedBy(free.plate)).toBe(0);
  });

  it('减免欠费 raises the discount by what was owed: nothing is owed and the arrears are gone', async () => {
    const stay = await appealed();
    const decided = await decide(stay.appealId, { kind: 'waive' });
    expect(decided.code, decided.msg).toBe(200);
    expect(decided.data.result).toContain('已减免欠费');
    expect(await balanced(stay.recordId)).toMatchObject({ amountDue: stay.amountDue, discount: stay.amountDue, unpaid: 0, state: 'closed' });
    expect(await owedBy(stay.plate)).toBe(0);
  });

  it('退款 of a stay paid nothing is refused; of one paid in part it waives what is owed and asks for the refund on 退款', async () => {
    const none = await appealed();
    expect(await decide(none.appealId, { kind: 'refund', amount: 100 })).toMatchObject({ code: 400, msg: expect.stringContaining('没有已付金额') });

    const part = await appealed({ paid: 300 });
    expect(await decide(part.appealId, { kind: 'refund', amount: 301 })).toMatchObject({ code: 400, msg: expect.stringContaining('不能超过可退金额（3.00 元') });
    const decided = await decide(part.appealId, { kind: 'refund', amount: 100 });
    expect(decided.code, decided.msg).toBe(200);
    expect(decided.data).toMatchObject({ outcome: 'refund', decision: { refundAmount: 100, waived: part.amountDue - 300 } });
    expect(decided.data.refunds).toEqual([expect.objectContaining({ amount: 100, status: 'requested' })]);
    expect(await balanced(part.recordId)).toMatchObject({ paid: 300, unpaid: 0, state: 'closed' });
    expect(await owedBy(part.plate)).toBe(0);
  });

  it('驳回 needs a reason, leaves the record as it was, and the owner reads why', async () => {
    const stay = await appealed();
    expect(await decide(stay.appealId, { kind: 'reject' })).toMatchObject({ code: 400, msg: expect.stringContaining('请填写驳回原因') });
    expect(await decide(stay.appealId, { kind: 'reject', reason: '  ' })).toMatchObject({ code: 400, msg: expect.stringContaining('请填写驳回原因') });
    expect(await decide(stay.appealId, { kind: 'forgive' })).toMatchObject({ code: 400, msg: expect.stringContaining('请选择审核结果') });
    const decided = await decide(stay.appealId, { kind: 'reject', reason: '出口照片显示13点出场' });
    expect(decided.data).toMatchObject({ status: 'rejected', outcome: 'reject', rejectReason: '出口照片显示13点出场', after: null });
    expect(await balanced(stay.recordId)).toMatchObject({ unpaid: stay.amountDue, state: 'unpaid' });
    const mine = (await asOwner('GET', appealPaths.owner, stay.owner)).json().data;
    expect(mine).toEqual([expect.objectContaining({ id: stay.appealId, status: 'rejected', rejectReason: '出口照片显示13点出场', result: '申诉被驳回：出口照片显示13点出场' })]);
    expect(mine[0]).not.toHaveProperty('decidedByName');
  });
});

describe('outcomes on a paid record', () => {
  const paidStay = () => appealed({ state: 'closed', paid: priced(entered, exited) });

  it('更正出场时间 later: the stay owes the difference and is in arrears', async () => {
    const stay = await paidStay();
    const exitedAt = '2026-03-08T09:00:00.000Z';
    const higher = priced(entered, new Date(exitedAt));
    expect(higher).toBeGreaterThan(stay.amountDue);
    const decided = await decide(stay.appealId, { kind: 'times', exitedAt });
    expect(decided.code, decided.msg).toBe(200);
    expect(await balanced(stay.recordId)).toMatchObject({ amountDue: higher, paid: stay.amountDue, unpaid: higher - stay.amountDue, state: 'unpaid' });
    expect(await owedBy(stay.plate)).toBe(higher - stay.amountDue);
  });

  it('a lower fee than what was paid is refused with the way to refund it', async () => {
    const stay = await paidStay();
    expect(await decide(stay.appealId, { kind: 'times', exitedAt: '2026-03-08T02:00:00Z' })).toMatchObject({ code: 400, msg: expect.stringContaining('如需减少请先退款') });
    expect(await decide(stay.appealId, { kind: 'amount', amountDue: 200 })).toMatchObject({
      code: 400,
      msg: expect.stringContaining(`请改选「退款」，退款 ${((stay.amountDue - 200) / 100).toFixed(2)} 元`),
    });
    expect(await decide(stay.appealId, { kind: 'waive' })).toMatchObject({ code: 400, msg: '该停车记录没有欠费，无需减免' });
    expect(await balanced(stay.recordId)).toMatchObject({ amountDue: stay.amountDue, paid: stay.amountDue, unpaid: 0, state: 'closed' });
    expect((await detail(stay.appealId)).data.status).toBe('pending');
  });

  it('更正应收金额 higher and 更正车牌 apply through the record core', async () => {
    const higher = await paidStay();
    expect((await decide(higher.appealId, { kind: 'amount', amountDue: higher.amountDue + 500 })).code).toBe(200);
    expect(await balanced(higher.recordId)).toMatchObject({ unpaid: 500, state: 'unpaid' });
    const plate = await paidStay();
    expect((await decide(plate.appealId, { kind: 'plate', plateNumber: '粤B7Y7Y7', plateColour: 3 })).code).toBe(200);
    expect(await balanced(plate.recordId)).toMatchObject({ plateNumber: '粤B7Y7Y7', plateColour: 3, paid: plate.amountDue, state: 'closed' });
  });

  it('退款 asks for the refund on 退款; approved there by another person, paid falls and the discount grows by as much', async () => {
    const stay = await paidStay();
    const decided = await decide(stay.appealId, { kind: 'refund', amount: 400, remark: '多收4元' });
    expect(decided.code, decided.msg).toBe(200);
    expect(decided.data).toMatchObject({ status: 'approved', outcome: 'refund', decision: { refundAmount: 400 } });
    expect(decided.data.result).toContain('退款 4.00 元已提交退款审核');
    expect(decided.data.payments).toEqual([expect.objectContaining({ amount: stay.amountDue, refunded: 0, refundPending: 400 })]);
    // nothing moves until the refund is approved
    expect(await balanced(stay.recordId)).toMatchObject({ paid: stay.amountDue, discount: 0 });
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.recordId, stay.recordId));
    expect(refund).toMatchObject({ amount: 400, status: 'requested' });
    expect((await call('POST', withId(refundPaths.approve, refund!.id), admin, { remark: '' })).json()).toMatchObject({ code: 400, msg: '不能审核自己申请的退款，请由其他人审核' });
    const approved = (await call('POST', withId(refundPaths.approve, refund!.id), reviewer, { remark: '同意' })).json();
    expect(approved.code, approved.msg).toBe(200);
    expect(await balanced(stay.recordId)).toMatchObject({ amountDue: stay.amountDue, paid: stay.amountDue - 400, discount: 400, unpaid: 0, state: 'closed' });
  });
});

describe('a decision', () => {
  it('is made once: a decided appeal cannot be decided, claimed or released again; its message leaves the count; the owner sees it', async () => {
    const stay = await appealed();
    const before = await reviewCount();
    const decided = await decide(stay.appealId, { kind: 'amount', amountDue: 300 });
    expect(decided.code, decided.msg).toBe(200);
    expect(await reviewCount()).toBe(before - 1);
    const [message] = await t.database.db
      .select()
      .from(systemMessages)
      .where(and(eq(systemMessages.businessId, stay.recordId), eq(systemMessages.messageType, 7)));
    expect(message!.status).toBe(1);
    expect(await decide(stay.appealId, { kind: 'waive' })).toMatchObject({ code: 409, msg: '该申诉已审核，不能重复审核' });
    expect((await call('POST', withId(appealPaths.claim, stay.appealId), admin)).json()).toMatchObject({ code: 409 });
    expect(await balanced(stay.recordId)).toMatchObject({ amountDue: 300, unpaid: 300 });
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.targetId, stay.appealId));
    expect(logs.map((l) => [l.module, l.target, l.action]).sort()).toEqual([
      ['service', 'appeal', 'create'],
      ['service', 'appeal', 'update'],
    ]);
    const mine = (await asOwner('GET', appealPaths.owner, stay.owner)).json();
    expect(mine.data).toEqual([
      expect.objectContaining({
        id: stay.appealId,
        status: 'approved',
        outcome: 'amount',
        result: '应收金额更正为 3.00 元，应收 3.00 元，欠费 3.00 元',
        decidedAt: clock.now().toISOString(),
      }),
    ]);
  });
});

describe('the list and its export', () => {
  it('filters by status, plate and phone, refuses a reversed day range, and exports with phones masked', async () => {
    const stay = await appealed();
    const page = (await call('GET', `${appealPaths.list}?status=pending&plateNumber=${encodeURIComponent(stay.plate)}&phone=${stay.phone.slice(3)}`, admin)).json();
    expect(page.code, page.msg).toBe(200);
    expect(page.data.list.map((a: { id: string }) => a.id)).toEqual([stay.appealId]);
    expect((await call('GET', `${appealPaths.list}?status=approved&plateNumber=${encodeURIComponent(stay.plate)}`, admin)).json().data.list).toEqual([]);
    expect((await call('GET', `${appealPaths.list}?filedFrom=2026-03-12&filedTo=2026-03-11`, admin)).json()).toMatchObject({
      code: 400,
      msg: expect.stringContaining('申诉结束日期不能早于开始日期'),
    });
    const response = await call('GET', `${appealPaths.export}?phone=${stay.phone}`, admin);
    expect(response.statusCode).toBe(200);
    const rows = await xlsxRows(response);
    expect(rows[0]).toEqual(['申诉时间', '车牌号', '停车场', '车主手机号', '申诉原因', '申诉说明', '审核状态', '审核结果', '处理结果', '应收（元）', '欠费（元）', '审核人', '审核时间']);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 7)).toEqual([stay.plate, '申诉停车场', `${stay.phone.slice(0, 3)}****${stay.phone.slice(7)}`, '时间有误', '我13点前就离开了', '待审核']);
  });

  it("filters by record: that record's appeals only, newest first, in the list and the export; another tenant's record id answers none", async () => {
    const ofRecord = async (recordId: string, token = admin) => (await call('GET', `${appealPaths.list}?recordId=${recordId}`, token)).json();
    const idsOf = async (recordId: string, token = admin) => (await ofRecord(recordId, token)).data.list.map((a: { id: string }) => a.id);
    const stay = await appealed();
    const other = await appealed();
    expect((await decide(stay.appealId, { kind: 'reject', reason: '照片显示13点后出场' })).code).toBe(200);
    clock.advance(MINUTE);
    const again = await fileAppeal(stay.owner, stay.recordId, { content: '我不同意驳回' });
    const page = await ofRecord(stay.recordId);
    expect(page.code, page.msg).toBe(200);
    expect(page.data.list.map((a: { id: string; status: string }) => [a.id, a.status])).toEqual([
      [again.id, 'pending'],
      [stay.appealId, 'rejected'],
    ]);
    expect(page.data.pagination.total).toBe(2);
    expect(await idsOf(other.recordId)).toEqual([other.appealId]);
    const rows = await xlsxRows(await call('GET', `${appealPaths.export}?recordId=${stay.recordId}`, admin));
    expect(rows.slice(1).map((row) => row[6])).toEqual(['待审核', '已驳回']);
    expect(await ofRecord('nonsense')).toMatchObject({ code: 400, msg: expect.stringContaining('停车记录编号格式不正确') });

    // an appeal of 明湾's own: its record id finds nothing for the demo tenant's staff, and the demo's for 明湾's
    const db = t.database.db;
    const [mw] = await db.select().from(tenants).where(eq(tenants.code, 'mw'));
    const [mwLot] = await db.insert(parkingLots).values({ tenantId: mw!.id, name: '明湾申诉停车场', type: 1, kind: 'lane' }).returning();
    const [mwRecord] = await db
      .insert(parkingRecords)
      .values({ tenantId: mw!.id, lotId: mwLot!.id, plateNumber: '粤B7777M', enteredAt: entered, exitedAt: exited, state: 'paid' })
      .returning();
    const at = clock.now();
    const [mwAppeal] = await db
      .insert(appeals)
      .values({
        tenantId: mw!.id,
        recordId: mwRecord!.id,
        phone: '13722220000',
        plateNumber: '粤B7777M',
        plateColour: 0,
        reason: 'other',
        content: '多收费',
        filedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    expect(await idsOf(mwRecord!.id, mwAdmin)).toEqual([mwAppeal!.id]);
    expect(await ofRecord(mwRecord!.id)).toMatchObject({ code: 200, data: { list: [], pagination: { total: 0 } } });
    expect(await idsOf(stay.recordId, mwAdmin)).toEqual([]);
  });
});
