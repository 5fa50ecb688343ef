import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerPaths, ownerTokenHeader, phoneChangePaths } from '@parking/contract';
import { customerNotices, customers, operationLogs, parkingLots, parkingRecords, phoneChangeRequests, systemMessages, tenants } from '../../db/schema/index.js';
import { md5Hex } from '../auth/passwords.js';
import type { SmsSender } from '../auth/index.js';
import { buildTestApp, fixedClock, multipartFile, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';
import { removeDecidedPhoneChangePhotos } from './phone-change.service.js';

// the app's clock, fixed: codes expire and requests are filed and decided at known moments
const clock = fixedClock('2026-03-10T02:00:00Z');
const sent: { mobile: string; code: string }[] = [];
const capturingSender: SmsSender = { name: 'test', send: async (message) => void sent.push(message) };
let t: TestApp;
let demoId: string;
let lotId: string;
let tokens: { admin: string; reviewer: string; carsOnly: string; mwAdmin: string };
let sequence = 0;

/** a 1×1 PNG: an image by its bytes */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
const open = (url: string, payload: object, owner?: string) => t.app.inject({ method: 'POST', url, payload, headers: owner ? { [ownerTokenHeader]: owner } : {} });
const withId = (path: string, id: string) => path.replace(':id', id);
const lastCode = (mobile: string) => [...sent].reverse().find((m) => m.mobile === mobile)!.code;
const nextPhone = (prefix = '1350000') => {
  sequence += 1;
  return `${prefix}${String(sequence).padStart(4, '0')}`;
};
const newOwner = async (plates: string[] = []) => {
  const phone = nextPhone();
  const owner = (await call('POST', '/api/system/Customer', tokens.admin, { phone })).json().data as { id: string; phone: string };
  for (const plateNumber of plates) await call('POST', '/api/system/CustomerVehicle', tokens.admin, { customerId: owner.id, plateNumber });
  return owner;
};
/** a stay of the plate in a lot of tenant demo: its id is the order number the owner gives */
const stayOf = async (plateNumber: string) =>
  (
    await t.database.db
      .insert(parkingRecords)
      .values({ tenantId: demoId, lotId, plateNumber, enteredAt: new Date('2026-03-08T01:00:00Z'), exitedAt: new Date('2026-03-08T03:00:00Z') })
      .returning()
  )[0]!.id;
const askCode = async (oldPhone: string, newPhone: string) => {
  clock.advance(61_000);
  return open(phoneChangePaths.code, { oldPhone, newPhone });
};
const submit = (query: Record<string, string>, bytes = png) => {
  const body = multipartFile(bytes, { filename: '行驶证.png' });
  return t.app.inject({ method: 'POST', url: `${phoneChangePaths.submit}?${new URLSearchParams(query).toString()}`, headers: body.headers, payload: body.payload });
};
/** 申请人工变更 as the phone page files it: a code to the new number, then the request with it */
const file = async (oldPhone: string, newPhone: string, orderNo: string) => {
  const asked = await askCode(oldPhone, newPhone);
  expect(asked.json().code, asked.json().msg).toBe(200);
  const filed = await submit({ oldPhone, newPhone, code: lastCode(newPhone), orderNo });
  expect(filed.json().code, filed.json().msg).toBe(200);
  return filed.json().data.id as string;
};
const signInOwner = async (phone: string) => {
  clock.advance(61_000);
  await open(ownerPaths.smsCode, { phone });
  const signedIn = (await open(ownerPaths.signIn, { phone, code: lastCode(phone) })).json();
  expect(signedIn.code, signedIn.msg).toBe(200);
  return signedIn.data.token as string;
};
const reviewCount = async (token = tokens.admin) => (await call('GET', '/api/system/systemMessage/getCount?status=0', token)).json().data.reviewAppealcount as number;
const messagesOf = (businessId: string) =>
  t.database.db
    .select()
    .from(systemMessages)
    .where(and(eq(systemMessages.businessId, businessId), eq(systemMessages.messageType, 3)));
const rowOf = async (id: string) => (await t.database.db.select().from(phoneChangeRequests).where(eq(phoneChangeRequests.id, id)))[0]!;
const phoneOf = async (customerId: string) => (await t.database.db.select().from(customers).where(eq(customers.id, customerId)))[0]!.phone;

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, smsSender: capturingSender });
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  demoId = demo!.id;
  lotId = (await t.database.db.insert(parkingLots).values({ tenantId: demoId, name: '海岸城停车场', type: 1, kind: 'lane' }).returning())[0]!.id;
  const admin = await signIn(t.app);
  const menus = (await call('GET', '/api/system/Permission/Menu', admin)).json().data as { enCode: string; id: string; children: { enCode: string; id: string }[] }[];
  const page = (enCode: string) => menus.flatMap((m) => m.children).find((m) => m.enCode === enCode)!.id;
  const userWith = async (account: string, enCode: string) => {
    const role = (await call('POST', '/api/system/Permission/Role', admin, { name: account, code: account })).json().data;
    await call('PUT', `/api/system/Permission/Role/${role.id}/Menus`, admin, { menuIds: [page(enCode)] });
    await call('POST', '/api/system/Permission/Users', admin, { account, realName: account, password: md5Hex('x1y2z3'), roleIds: [role.id] });
    return signIn(t.app, account, 'demo', md5Hex('x1y2z3'));
  };
  tokens = {
    admin,
    reviewer: await userWith('phonereviewer', 'carPhoneAudit'),
    carsOnly: await userWith('phonecars', 'CarAuthenticationAudit'),
    mwAdmin: await signIn(t.app, 'mwadmin', 'mw'),
  };
});
afterAll(() => t.close());

describe('申请人工变更 from the phone page', () => {
  it('sends the new number a code for this pair of numbers only, after checking the old number is an enabled owner and the new one free', async () => {
    const owner = await newOwner(['粤B5P001']);
    const other = await newOwner();
    expect((await askCode('13599990000', nextPhone())).json()).toMatchObject({ code: 404, msg: '原手机号未注册为车主，请直接用新手机号登录' });
    expect((await askCode(owner.phone, other.phone)).json()).toMatchObject({
      code: 409,
      msg: `手机号 ${other.phone.slice(0, 3)}****${other.phone.slice(7)} 已注册为其他车主，不能变更为该号码`,
    });
    expect((await askCode(owner.phone, owner.phone)).json()).toMatchObject({ code: 400, msg: '请求体 newPhone：新手机号不能与原手机号相同' });
    const newPhone = nextPhone();
    const asked = await askCode(owner.phone, newPhone);
    expect(asked.json()).toMatchObject({ code: 200, msg: '验证码已发送', data: { sentTo: `${newPhone.slice(0, 3)}****${newPhone.slice(7)}`, expiresIn: 300, resendIn: 60, demoCode: null } });
    expect(sent.at(-1)!.mobile).toBe(newPhone);
    // the old number is lost: nothing is sent to it
    expect(sent.some((m) => m.mobile === owner.phone)).toBe(false);
    await call('PUT', `/api/system/Customer/${other.id}/Actions/State`, tokens.admin, { enabled: false });
    expect((await askCode(other.phone, nextPhone())).json()).toMatchObject({ code: 403, msg: '该车主账号已停用，请联系停车场客服' });
  });

  it('files the request with the new number’s code: a type 3 message counts in reviewAppealcount, the owner is unchanged, the filing is logged', async () => {
    const owner = await newOwner(['粤B5P002']);
    const orderNo = await stayOf('粤B5P002');
    const newPhone = nextPhone();
    await askCode(owner.phone, newPhone);
    const code = lastCode(newPhone);
    const query = { oldPhone: owner.phone, newPhone, code, orderNo };
    // not an image: refused before the code is taken
    expect((await submit(query, Buffer.from('not an image'))).json()).toMatchObject({ code: 400, msg: '行驶证照片只能是 JPG、PNG 或 WebP 格式的图片' });
    // a code of another pair, or a sign-in code of the new number, is not this one
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await submit({ ...query, code: wrong })).json()).toMatchObject({ code: 400, msg: '验证码错误或已过期' });
    clock.advance(61_000);
    await open(ownerPaths.smsCode, { phone: newPhone });
    expect((await submit({ ...query, code: lastCode(newPhone) })).json()).toMatchObject({ code: 400, msg: '验证码错误或已过期' });
    expect(await t.database.db.select().from(phoneChangeRequests).where(eq(phoneChangeRequests.customerId, owner.id))).toEqual([]);

    const before = await reviewCount();
    const filed = await submit(query);
    expect(filed.json()).toMatchObject({ code: 200, msg: '申请已提交，请等待人工审核', data: { newPhone, createdAt: clock.now().toISOString() } });
    const id = filed.json().data.id as string;
    expect(await rowOf(id)).toMatchObject({ status: 'pending', customerId: owner.id, oldPhone: owner.phone, newPhone, orderNo });
    expect(await phoneOf(owner.id)).toBe(owner.phone);
    const [message] = await messagesOf(id);
    expect(message).toMatchObject({ messageName: '手机号变更审核', status: 0 });
    expect(message!.messageText).toContain('申请变更为');
    expect(await reviewCount()).toBe(before + 1);
    // a user without the page does not count it
    expect(await reviewCount(tokens.carsOnly)).toBe(0);
    const [logged] = await t.database.db.select().from(operationLogs).where(eq(operationLogs.targetId, id));
    expect(logged).toMatchObject({ target: 'phoneChange', action: 'create' });
    // the code was good once; a second request of the owner waits for the first
    expect((await submit(query)).json().code).toBe(409);
    expect((await askCode(owner.phone, nextPhone())).json()).toMatchObject({ code: 409, msg: '该车主已有待审核的手机号变更申请，请等待审核结果' });
  });
});

describe('手机号变更审核', () => {
  it('shows the evidence: the order’s stay and whether its plate is the owner’s, the owner’s vehicles, the photo', async () => {
    const owner = await newOwner(['粤B5P003', '粤B5P004']);
    const mine = await file(owner.phone, nextPhone(), await stayOf('粤B5P003'));
    const detail = (await call('GET', withId(phoneChangePaths.item, mine), tokens.reviewer)).json();
    expect(detail).toMatchObject({
      code: 200,
      data: {
        status: 'pending',
        oldPhone: owner.phone,
        customerPhone: owner.phone,
        hasPhoto: true,
        evidence: {
          order: { plateNumber: '粤B5P003', ownersPlate: true, enteredAt: '2026-03-08T01:00:00.000Z' },
          vehicles: [{ plateNumber: expect.any(String) }, { plateNumber: expect.any(String) }],
        },
      },
    });
    const photo = await call('GET', withId(phoneChangePaths.photo, mine), tokens.reviewer);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(png)).toBe(true);

    const stranger = await newOwner(['粤B5P005']);
    const theirs = await file(stranger.phone, nextPhone(), await stayOf('粤B5P099'));
    expect((await call('GET', withId(phoneChangePaths.item, theirs), tokens.reviewer)).json().data.evidence.order).toMatchObject({ plateNumber: '粤B5P099', ownersPlate: false });
    const nobody = await newOwner(['粤B5P006']);
    const unknown = await file(nobody.phone, nextPhone(), 'NO-SUCH-ORDER');
    expect((await call('GET', withId(phoneChangePaths.item, unknown), tokens.reviewer)).json().data.evidence).toMatchObject({
      order: null,
      vehicles: [{ plateNumber: '粤B5P006', state: 'unverified' }],
    });
  });

  it('approves: the number changes, every session of the owner ends, vehicles stay, the message leaves the count, the owner is told, and the new number signs in as the same owner', async () => {
    const owner = await newOwner(['粤B5P010']);
    const session = await signInOwner(owner.phone);
    const newPhone = nextPhone();
    const id = await file(owner.phone, newPhone, await stayOf('粤B5P010'));
    const before = await reviewCount();
    const approved = (await call('POST', withId(phoneChangePaths.approve, id), tokens.reviewer)).json();
    expect(approved).toMatchObject({
      code: 200,
      msg: '审核通过',
      data: { status: 'approved', customerPhone: newPhone, decidedByName: 'phonereviewer', decidedAt: clock.now().toISOString() },
    });
    expect(await phoneOf(owner.id)).toBe(newPhone);
    expect(await reviewCount()).toBe(before - 1);
    expect((await messagesOf(id))[0]!.status).toBe(1);
    const me = await t.app.inject({ method: 'GET', url: ownerPaths.me, headers: { [ownerTokenHeader]: session } });
    expect(me.statusCode).toBe(401);
    const again = await signInOwner(newPhone);
    const vehicles = (await t.app.inject({ method: 'GET', url: ownerPaths.vehicles, headers: { [ownerTokenHeader]: again } })).json().data as { plateNumber: string }[];
    expect(vehicles.map((v) => v.plateNumber)).toEqual(['粤B5P010']);
    const notices = (await t.database.db.select().from(customerNotices).where(eq(customerNotices.businessId, id))).map((n) => n.title);
    expect(notices).toEqual(['手机号变更通过']);
    const logs = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, id), eq(operationLogs.action, 'update')));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.summary).toContain('通过车主');
    // decided: neither decision again
    expect((await call('POST', withId(phoneChangePaths.approve, id), tokens.admin)).json()).toMatchObject({ code: 409, msg: '该手机号变更申请已通过，不能重复审核' });
    expect((await call('POST', withId(phoneChangePaths.reject, id), tokens.admin, { reason: '再驳回' })).json()).toMatchObject({ code: 409, msg: '该手机号变更申请已通过，不能重复审核' });
  });

  it('rejects only with a reason; the number stays, the message leaves the count', async () => {
    const owner = await newOwner(['粤B5P011']);
    const id = await file(owner.phone, nextPhone(), 'A-1');
    expect((await call('POST', withId(phoneChangePaths.reject, id), tokens.reviewer, { reason: ' ' })).json()).toMatchObject({ code: 400, msg: '请求体 reason：请填写驳回原因' });
    const before = await reviewCount();
    const rejected = (await call('POST', withId(phoneChangePaths.reject, id), tokens.reviewer, { reason: '订单号与车辆不符' })).json();
    expect(rejected).toMatchObject({ code: 200, msg: '已驳回', data: { status: 'rejected', rejectReason: '订单号与车辆不符', customerPhone: owner.phone } });
    expect(await phoneOf(owner.id)).toBe(owner.phone);
    expect(await reviewCount()).toBe(before - 1);
    expect((await call('POST', withId(phoneChangePaths.approve, id), tokens.reviewer)).json()).toMatchObject({ code: 409, msg: '该手机号变更申请已驳回，不能重复审核' });
    // the owner may file again
    expect((await askCode(owner.phone, nextPhone())).json().code).toBe(200);
  });

  it('refuses to approve a number another owner took meanwhile, changing nothing', async () => {
    const owner = await newOwner(['粤B5P012']);
    const newPhone = nextPhone();
    const id = await file(owner.phone, newPhone, 'B-1');
    await call('POST', '/api/system/Customer', tokens.admin, { phone: newPhone });
    const refused = (await call('POST', withId(phoneChangePaths.approve, id), tokens.reviewer)).json();
    expect(refused).toMatchObject({ code: 409, msg: `手机号 ${newPhone.slice(0, 3)}****${newPhone.slice(7)} 已注册为其他车主，无法通过，请驳回` });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', decidedBy: null });
    expect(await phoneOf(owner.id)).toBe(owner.phone);
    expect((await messagesOf(id))[0]!.status).toBe(0);
  });

  it('gives the second of two reviewers deciding at once a clear refusal, and decides once', async () => {
    const owner = await newOwner(['粤B5P013']);
    const id = await file(owner.phone, nextPhone(), 'C-1');
    const answers = (
      await Promise.all([call('POST', withId(phoneChangePaths.approve, id), tokens.reviewer), call('POST', withId(phoneChangePaths.reject, id), tokens.admin, { reason: '同时驳回' })])
    )
      .map((r) => r.json())
      .sort((a, b) => a.code - b.code);
    expect(answers[0]).toMatchObject({ code: 200 });
    expect(answers[1].code).toBe(409);
    expect(answers[1].msg).toMatch(/^该手机号变更申请已(通过|驳回)，不能重复审核$/);
    const logs = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, id), eq(operationLogs.action, 'update')));
    expect(logs).toHaveLength(1);
  });

  it('lists with masked filters and exports masked; unknown and foreign ids are not found; only holders of the page reach it', async () => {
    const owner = await newOwner(['粤B5P014']);
    const newPhone = nextPhone('1360000');
    const id = await file(owner.phone, newPhone, 'D-1');
    const listed = (await call('GET', `${phoneChangePaths.list}?phone=${newPhone.slice(7)}&status=pending`, tokens.reviewer)).json().data;
    expect(listed.list.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await call('GET', `${phoneChangePaths.list}?createdFrom=2026-03-09&createdTo=2026-03-09`, tokens.reviewer)).json().data.list).toEqual([]);
    const exported = await call('GET', `${phoneChangePaths.export}?phone=${newPhone}`, tokens.reviewer);
    const rows = await xlsxRows(exported);
    expect(rows[0]).toContain('新手机号');
    expect(rows[1]).toContain(`${newPhone.slice(0, 3)}****${newPhone.slice(7)}`);
    expect(JSON.stringify(rows)).not.toContain(newPhone);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', withId(phoneChangePaths.item, unknown), tokens.reviewer)).json()).toMatchObject({ code: 404, msg: '手机号变更申请不存在' });
    expect((await call('POST', withId(phoneChangePaths.approve, unknown), tokens.reviewer)).json()).toMatchObject({ code: 404, msg: '手机号变更申请不存在' });
    for (const path of [phoneChangePaths.item, phoneChangePaths.photo]) expect((await call('GET', withId(path, id), tokens.mwAdmin)).json()).toMatchObject({ code: 404 });
    expect((await call('POST', withId(phoneChangePaths.approve, id), tokens.mwAdmin)).json()).toMatchObject({ code: 404 });
    expect((await call('POST', withId(phoneChangePaths.reject, id), tokens.mwAdmin, { reason: '越权' })).json()).toMatchObject({ code: 404 });
    expect((await call('GET', phoneChangePaths.list, tokens.mwAdmin)).json().data.list).toEqual([]);
    expect((await call('GET', phoneChangePaths.list, tokens.carsOnly)).statusCode).toBe(403);
    expect((await call('POST', withId(phoneChangePaths.approve, id), tokens.carsOnly)).statusCode).toBe(403);
    expect((await call('GET', phoneChangePaths.list, null)).statusCode).toBe(401);
    // the owner's token opens none of it
    const session = await signInOwner(owner.phone);
    expect((await t.app.inject({ method: 'GET', url: phoneChangePaths.list, headers: { [ownerTokenHeader]: session } })).statusCode).toBe(401);
    expect(await rowOf(id)).toMatchObject({ status: 'pending' });
  });
});

describe('the photo after the decision', () => {
  it('is removed the given number of days after the decision, and the request says so', async () => {
    const owner = await newOwner(['粤B5P020']);
    const id = await file(owner.phone, nextPhone(), 'E-1');
    const pendingPath = (await rowOf(id)).photoPath!;
    const decidedAt = clock.now();
    await call('POST', withId(phoneChangePaths.reject, id), tokens.reviewer, { reason: '照片模糊' });
    const dataDir = t.app.config.dataDir;
    expect(existsSync(join(dataDir, pendingPath))).toBe(true);
    const DAY_MS = 24 * 3600_000;
    await removeDecidedPhoneChangePhotos(t.database.db, dataDir, new Date(decidedAt.getTime() + 30 * DAY_MS - 1000), 30);
    expect(existsSync(join(dataDir, pendingPath))).toBe(true);
    await removeDecidedPhoneChangePhotos(t.database.db, dataDir, new Date(decidedAt.getTime() + 30 * DAY_MS), 30);
    expect(existsSync(join(dataDir, pendingPath))).toBe(false);
    expect(await rowOf(id)).toMatchObject({ photoPath: null, photoRemovedAt: new Date(decidedAt.getTime() + 30 * DAY_MS) });
    expect((await call('GET', withId(phoneChangePaths.item, id), tokens.reviewer)).json().data.hasPhoto).toBe(false);
    expect((await call('GET', withId(phoneChangePaths.photo, id), tokens.reviewer)).json()).toMatchObject({ code: 404, msg: '行驶证照片已删除或不存在' });
  });
});
