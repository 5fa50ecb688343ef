import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintPaths, ownerPaths, ownerTokenHeader } from '@parking/contract';
import { complaints, operationLogs, parkingLots, parkingRecords, systemMessages, tenants } from '../../db/schema/index.js';
import type { SmsSender } from '../auth/index.js';
import { appSecret } from '../../shared/app-secret.js';
import { signRecordToken } from '../parking/index.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';

// the app's clock, fixed: deadlines and overdue are judged at known moments
const clock = fixedClock('2026-03-10T02:00:00Z');
const HOUR = 3600_000;
const sent: { mobile: string; code: string }[] = [];
const capturingSender: SmsSender = { name: 'test', send: async (message) => void sent.push(message) };
let t: TestApp;
let demoId: string;
let lotId: string;
let admin: string;
let mwAdmin: string;
let sequence = 0;

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
const asOwner = (method: Method, url: string, owner: string, payload?: object) => t.app.inject({ method, url, headers: { [ownerTokenHeader]: owner }, ...(payload ? { payload } : {}) });
const withId = (path: string, id: string) => path.replace(':id', id);
const nextPhone = () => {
  sequence += 1;
  return `1370000${String(sequence).padStart(4, '0')}`;
};
const file = async (body: Record<string, unknown> = {}) => {
  const answer = (await call('POST', complaintPaths.list, admin, { category: 'billing', channel: 'phone', content: '出场时多收了5元', contactPhone: nextPhone(), ...body })).json();
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as { id: string; status: string; deadlineAt: string; receivedAt: string; customerId: string | null; plateNumber: string; overdue: boolean };
};
const detail = async (id: string, token = admin) => (await call('GET', withId(complaintPaths.item, id), token)).json();
const reviewCount = async () => (await call('GET', '/api/system/systemMessage/getCount?status=0', admin)).json().data.reviewAppealcount as number;
const messagesOf = (businessId: string) =>
  t.database.db
    .select()
    .from(systemMessages)
    .where(and(eq(systemMessages.businessId, businessId), eq(systemMessages.messageType, 5)));
const stayOf = async (plateNumber: string, tenantId = demoId, lot = lotId) =>
  (
    await t.database.db
      .insert(parkingRecords)
      .values({ tenantId, lotId: lot, plateNumber, enteredAt: new Date('2026-03-08T01:00:00Z'), exitedAt: new Date('2026-03-08T03:00:00Z'), amountDue: 1500, unpaid: 1500, state: 'unpaid' })
      .returning()
  )[0]!.id;
const signInOwner = async (phone: string) => {
  clock.advance(61_000);
  await t.app.inject({ method: 'POST', url: ownerPaths.smsCode, payload: { phone } });
  const code = [...sent].reverse().find((m) => m.mobile === phone)!.code;
  const signedIn = (await t.app.inject({ method: 'POST', url: ownerPaths.signIn, payload: { phone, code } })).json();
  expect(signedIn.code, signedIn.msg).toBe(200);
  return signedIn.data.token as string;
};

/** time passes past a day: staff sign in again, as their sessions would have ended */
const passHours = async (hours: number) => {
  clock.advance(hours * HOUR);
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
};

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, smsSender: capturingSender });
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  demoId = demo!.id;
  lotId = (await t.database.db.insert(parkingLots).values({ tenantId: demoId, name: '海岸城停车场', type: 1, kind: 'lane' }).returning())[0]!.id;
  admin = await signIn(t.app);
  mwAdmin = await signIn(t.app, 'mwadmin', 'mw');
});
afterAll(() => t.close());

describe('新增投诉 by staff', () => {
  it('takes a call as 待处理 with the tenant deadline of 48 hours, raises a type 5 message and logs it', async () => {
    const before = await reviewCount();
    const phone = nextPhone();
    const created = await file({ contactPhone: phone, contactName: '王女士', plateNumber: '粤b12345' });
    expect(created).toMatchObject({ status: 'pending', plateNumber: '粤B12345', overdue: false, receivedAt: clock.now().toISOString() });
    expect(new Date(created.deadlineAt).getTime() - new Date(created.receivedAt).getTime()).toBe(48 * HOUR);
    expect(await reviewCount()).toBe(before + 1);
    const [message] = await messagesOf(created.id);
    expect(message).toMatchObject({ messageName: '客户投诉', status: 0 });
    expect(message!.messageText).toContain(`${phone.slice(0, 3)}****${phone.slice(7)} 投诉计费错误（粤B12345）`);
    const [log] = await t.database.db.select().from(operationLogs).where(eq(operationLogs.targetId, created.id));
    expect(log).toMatchObject({ module: 'service', action: 'create', target: 'complaint' });
  });

  it('names the stay complained about, takes its plate and colour, and links an owner by the contact phone', async () => {
    const phone = nextPhone();
    const owner = (await call('POST', '/api/system/Customer', admin, { phone })).json().data as { id: string };
    const recordId = await stayOf('粤B0T001');
    const created = await file({ contactPhone: phone, recordId, plateNumber: '' });
    expect(created).toMatchObject({ plateNumber: '粤B0T001', customerId: owner.id });
    const shown = await detail(created.id);
    expect(shown.data.record).toMatchObject({ id: recordId, lotName: '海岸城停车场', plateNumber: '粤B0T001', amountDue: 1500, unpaid: 1500, state: 'unpaid' });
  });

  it('refuses bad input under its field in Chinese and writes nothing', async () => {
    const before = (await t.database.db.select().from(complaints)).length;
    const refusals: [Record<string, unknown>, string][] = [
      [{ category: 'nonsense' }, '请选择投诉类型'],
      [{ channel: 'owner_page' }, '请选择投诉渠道（电话、微信支付投诉或后台录入）'],
      [{ content: '   ' }, '请填写投诉内容'],
      [{ content: '长'.repeat(501) }, '投诉内容最长500个字'],
      [{ contactPhone: '12345' }, '请输入正确的电话号码'],
      [{ plateNumber: 'ABC' }, '请输入正确的车牌号，如 粤B12345'],
      [{ receivedAt: '2026-03-10T03:00:00Z' }, '受理时间不能晚于当前时间'],
      [{ recordId: '00000000-0000-4000-8000-000000000000' }, '停车记录不存在'],
    ];
    for (const [body, msg] of refusals) {
      const answer = (await call('POST', complaintPaths.list, admin, { category: 'billing', channel: 'phone', content: '多收费', contactPhone: nextPhone(), ...body })).json();
      expect(answer, JSON.stringify(body)).toMatchObject({ code: 400 });
      expect(answer.msg).toContain(msg);
    }
    expect((await t.database.db.select().from(complaints)).length).toBe(before);
  });

  it("refuses another tenant's stay as if it did not exist", async () => {
    const [mw] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'mw'));
    const mwLot = (await t.database.db.insert(parkingLots).values({ tenantId: mw!.id, name: '他人停车场', type: 1, kind: 'lane' }).returning())[0]!.id;
    const foreign = await stayOf('粤B0T009', mw!.id, mwLot);
    const answer = (await call('POST', complaintPaths.list, admin, { category: 'billing', channel: 'phone', content: '多收费', contactPhone: nextPhone(), recordId: foreign })).json();
    expect(answer).toMatchObject({ code: 400, msg: '停车记录不存在' });
  });
});

describe('the thread: reply, then 办结', () => {
  it('moves 待处理 to 处理中 on the first reply and keeps the thread oldest first with who wrote it', async () => {
    const created = await file();
    const first = (await call('POST', withId(complaintPaths.reply, created.id), admin, { content: '您好，已收到，正在核实' })).json();
    expect(first.code, first.msg).toBe(200);
    expect(first.data).toMatchObject({ status: 'processing', replyCount: 1 });
    clock.advance(60_000);
    const second = (await call('POST', withId(complaintPaths.reply, created.id), admin, { content: '已核实，将退还5元' })).json();
    expect(second.data.status).toBe('processing');
    expect(second.data.replies.map((r: { content: string; author: string; authorName: string }) => [r.content, r.author, r.authorName])).toEqual([
      ['您好，已收到，正在核实', 'staff', '系统管理员'],
      ['已核实，将退还5元', 'staff', '系统管理员'],
    ]);
  });

  it('办结 closes it as 已完成 with the result, takes its message out of the count, and refuses a second reply or 办结', async () => {
    const created = await file();
    const before = await reviewCount();
    const done = (await call('POST', withId(complaintPaths.complete, created.id), admin, { result: '已退款5元，车主认可' })).json();
    expect(done.code, done.msg).toBe(200);
    expect(done.data).toMatchObject({ status: 'done', result: '已退款5元，车主认可', completedByName: '系统管理员', completedAt: clock.now().toISOString(), overdue: false });
    expect(await reviewCount()).toBe(before - 1);
    expect((await messagesOf(created.id))[0]!.status).toBe(1);
    expect((await call('POST', withId(complaintPaths.reply, created.id), admin, { content: '再回复' })).json()).toMatchObject({ code: 409, msg: '该投诉已完成，不能再回复或办结' });
    expect((await call('POST', withId(complaintPaths.complete, created.id), admin, { result: '再办结' })).json()).toMatchObject({ code: 409 });
    expect((await call('POST', withId(complaintPaths.complete, created.id), admin, { result: ' ' })).json()).toMatchObject({ code: 400, msg: expect.stringContaining('请填写处理结果') });
  });

  it("answers 404 for an unknown id and for another tenant's complaint, and changes nothing", async () => {
    const created = await file();
    expect((await detail('00000000-0000-4000-8000-000000000000')).code).toBe(404);
    expect((await detail(created.id, mwAdmin)).code).toBe(404);
    expect((await call('POST', withId(complaintPaths.reply, created.id), mwAdmin, { content: '越权回复' })).json().code).toBe(404);
    expect((await call('POST', withId(complaintPaths.complete, created.id), mwAdmin, { result: '越权办结' })).json().code).toBe(404);
    expect((await detail(created.id)).data).toMatchObject({ status: 'pending', replies: [] });
  });
});

describe('deadlines and overdue', () => {
  it('marks an open complaint overdue once its deadline passes, counts it, and filters by it', async () => {
    const late = await file({ content: '逾期的投诉' });
    await passHours(49);
    const onTime = await file({ content: '准时的投诉' });
    const page = (await call('GET', `${complaintPaths.list}?overdue=1&pageSize=100`, admin)).json();
    expect(page.code, page.msg).toBe(200);
    const ids = page.data.list.map((c: { id: string }) => c.id);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(onTime.id);
    expect(page.data.overdueOpen).toBeGreaterThanOrEqual(1);
    const onTimeIds = (await call('GET', `${complaintPaths.list}?overdue=0&pageSize=100`, admin)).json().data.list.map((c: { id: string }) => c.id);
    expect(onTimeIds).toContain(onTime.id);
    expect(onTimeIds).not.toContain(late.id);
    // completed after its deadline it stays overdue, but no longer counts as open
    const openBefore = page.data.overdueOpen as number;
    const done = (await call('POST', withId(complaintPaths.complete, late.id), admin, { result: '已处理' })).json();
    expect(done.data).toMatchObject({ status: 'done', overdue: true });
    expect((await call('GET', complaintPaths.list, admin)).json().data.overdueOpen).toBe(openBefore - 1);
  });

  it('a new 处理时限 applies to complaints received afterwards; those already taken keep theirs', async () => {
    expect((await call('GET', complaintPaths.settings, admin)).json().data).toEqual({ deadlineHours: 48 });
    const earlier = await file();
    const saved = (await call('PUT', complaintPaths.settings, admin, { deadlineHours: 24 })).json();
    expect(saved).toMatchObject({ code: 200, data: { deadlineHours: 24 } });
    const later = await file();
    expect(new Date(later.deadlineAt).getTime() - new Date(later.receivedAt).getTime()).toBe(24 * HOUR);
    expect((await detail(earlier.id)).data.deadlineAt).toBe(earlier.deadlineAt);
    // tenant mw keeps its own
    expect((await call('GET', complaintPaths.settings, mwAdmin)).json().data).toEqual({ deadlineHours: 48 });
    expect((await call('PUT', complaintPaths.settings, admin, { deadlineHours: 0 })).json()).toMatchObject({ code: 400, msg: expect.stringContaining('处理时限最少1小时') });
    expect((await call('PUT', complaintPaths.settings, admin, { deadlineHours: 1.5 })).json()).toMatchObject({ code: 400, msg: expect.stringContaining('处理时限必须是整数小时') });
    await call('PUT', complaintPaths.settings, admin, { deadlineHours: 48 });
  });
});

describe('the list and its export', () => {
  it('filters by status, category, channel, phone and plate; refuses a reversed day range', async () => {
    const phone = nextPhone();
    const mine = await file({ category: 'barrier', channel: 'wechat_pay', contactPhone: phone, plateNumber: '粤B0L777' });
    const query = `?status=pending&category=barrier&channel=wechat_pay&phone=${phone.slice(3)}&plateNumber=0L777`;
    const page = (await call('GET', `${complaintPaths.list}${query}`, admin)).json();
    expect(page.data.list.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    expect((await call('GET', `${complaintPaths.list}?receivedFrom=2026-03-12&receivedTo=2026-03-11`, admin)).json()).toMatchObject({
      code: 400,
      msg: expect.stringContaining('受理结束日期不能早于开始日期'),
    });
    expect((await call('GET', `${complaintPaths.list}?overdue=2`, admin)).json()).toMatchObject({ code: 400 });
  });

  it('exports the filtered complaints with phones masked and Chinese names', async () => {
    const phone = nextPhone();
    await file({ category: 'invoice', contactPhone: phone, content: '发票开不出来' });
    const response = await call('GET', `${complaintPaths.export}?phone=${phone}`, admin);
    expect(response.statusCode).toBe(200);
    const rows = await xlsxRows(response);
    expect(rows[0]).toEqual(['受理时间', '投诉类型', '投诉渠道', '联系人', '联系电话', '车牌号', '投诉内容', '处理状态', '处理时限', '是否逾期', '回复数', '办结时间', '办结人', '处理结果']);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 8)).toEqual(['发票', '电话', '', `${phone.slice(0, 3)}****${phone.slice(7)}`, '', '发票开不出来', '待处理']);
  });
});

describe("the owner's own complaints", () => {
  it('an owner files about a stay of a plate bound to them, sees the staff reply without names, and adds to it until 已完成', async () => {
    const phone = nextPhone();
    const owner = await signInOwner(phone);
    const bound = (await asOwner('POST', ownerPaths.vehicles, owner, { plateNumber: '粤B0W321' })).json();
    expect(bound.code, bound.msg).toBe(200);
    const recordId = await stayOf('粤B0W321');
    const filed = (await asOwner('POST', complaintPaths.owner, owner, { category: 'billing', content: '停了2小时收了15元', recordId })).json();
    expect(filed.code, filed.msg).toBe(200);
    expect(filed.data).toMatchObject({ status: 'pending', plateNumber: '粤B0W321', recordId, replies: [] });
    const staffView = (await detail(filed.data.id)).data;
    expect(staffView).toMatchObject({ channel: 'owner_page', contactPhone: phone, createdByName: null });
    expect(staffView.customerId).not.toBeNull();

    await call('POST', withId(complaintPaths.reply, filed.data.id), admin, { content: '已核实计费正确' });
    clock.advance(60_000);
    const added = (await asOwner('POST', withId(complaintPaths.ownerReply, filed.data.id), owner, { content: '可是我只停了1小时' })).json();
    expect(added.code, added.msg).toBe(200);
    const mine = (await asOwner('GET', complaintPaths.owner, owner)).json().data;
    expect(mine).toHaveLength(1);
    expect(mine[0].status).toBe('processing');
    expect(mine[0].replies).toEqual([
      { id: expect.any(String), author: 'staff', content: '已核实计费正确', createdAt: expect.any(String) },
      { id: expect.any(String), author: 'owner', content: '可是我只停了1小时', createdAt: expect.any(String) },
    ]);
    await call('POST', withId(complaintPaths.complete, filed.data.id), admin, { result: '核对入场照片后退款' });
    expect((await asOwner('GET', complaintPaths.owner, owner)).json().data[0]).toMatchObject({ status: 'done', result: '核对入场照片后退款' });
    expect((await asOwner('POST', withId(complaintPaths.ownerReply, filed.data.id), owner, { content: '再补充' })).json()).toMatchObject({ code: 409, msg: '该投诉已完成，不能再补充' });
  });

  it("refuses a stay that is not of the owner's plates, and another owner's complaint, as if absent", async () => {
    const owner = await signInOwner(nextPhone());
    const stranger = await stayOf('粤B0Z999');
    expect((await asOwner('POST', complaintPaths.owner, owner, { category: 'billing', content: '多收费', recordId: stranger })).json()).toMatchObject({ code: 400, msg: '停车记录不存在' });
    const someoneElse = await file();
    expect((await asOwner('POST', withId(complaintPaths.ownerReply, someoneElse.id), owner, { content: '越权补充' })).json()).toMatchObject({ code: 404 });
    expect((await asOwner('GET', complaintPaths.owner, owner)).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: complaintPaths.owner })).statusCode).toBe(401);
  });
});

describe("the driver's order page", () => {
  const fileFromPage = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: complaintPaths.record, payload: body }).then((r) => r.json());

  it('files a complaint about the stay its record token names, once while it is open, and staff see it with the stay', async () => {
    const secret = await appSecret(t.database.db, 'qr');
    const recordId = await stayOf('粤B0Q555');
    const o = signRecordToken(secret, { id: recordId, tenant: demoId, lane: null }, clock.now(), 600_000);
    const phone = nextPhone();
    const before = await reviewCount();
    const filed = await fileFromPage({ o, category: 'billing', content: '出口显示金额与公示标准不符', contactPhone: phone });
    expect(filed.code, filed.msg).toBe(200);
    expect(filed).toMatchObject({ msg: '投诉已提交，客服将尽快与您联系', data: { receivedAt: clock.now().toISOString() } });
    expect(await reviewCount()).toBe(before + 1);
    const listed = (await call('GET', `${complaintPaths.list}?phone=${phone}`, admin)).json().data.list;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ channel: 'owner_page', recordId, plateNumber: '粤B0Q555', createdByName: null });
    expect(await fileFromPage({ o, category: 'billing', content: '再投诉一次', contactPhone: phone })).toMatchObject({ code: 409, msg: '您对该订单的投诉正在处理中，请耐心等待客服联系' });
  });

  it('refuses a forged or expired token and bad fields in Chinese, writing nothing', async () => {
    const secret = await appSecret(t.database.db, 'qr');
    const recordId = await stayOf('粤B0Q556');
    const count = (await t.database.db.select().from(complaints)).length;
    const body = { category: 'billing', content: '多收费', contactPhone: nextPhone() };
    expect(await fileFromPage({ ...body, o: 'forged.token' })).toMatchObject({ code: 400, msg: '二维码无效或已被篡改，请重新扫码' });
    const old = signRecordToken(secret, { id: recordId, tenant: demoId, lane: null }, new Date(clock.now().getTime() - 3_600_000), 600_000);
    expect(await fileFromPage({ ...body, o: old })).toMatchObject({ code: 400, msg: '订单二维码已过期，请重新扫码后再投诉' });
    const o = signRecordToken(secret, { id: recordId, tenant: demoId, lane: null }, clock.now(), 600_000);
    expect(await fileFromPage({ ...body, o, contactPhone: '110' })).toMatchObject({ code: 400, msg: expect.stringContaining('请输入正确的电话号码') });
    expect(await fileFromPage({ ...body, o, category: undefined })).toMatchObject({ code: 400, msg: expect.stringContaining('请选择投诉类型') });
    expect((await t.database.db.select().from(complaints)).length).toBe(count);
  });
});
