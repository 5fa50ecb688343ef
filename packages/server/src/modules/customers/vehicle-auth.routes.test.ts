import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleAuthPaths } from '@parking/contract';
import { customerNotices as noticesTable, customerVehicles, operationLogs, systemMessages, tenants, vehicleAuthRequests } from '../../db/schema/index.js';
import { md5Hex } from '../auth/passwords.js';
import { buildTestApp, fixedClock, multipartFile, signIn, type TestApp } from '../../test/test-app.js';
import { xlsxRows } from '../../test/xlsx-rows.js';
import { customerNotices, removeDecidedPhotos, submitVehicleAuthentication } from './vehicle-auth.service.js';

// the app's clock, fixed: requests are submitted and decided at known moments
const clock = fixedClock('2026-03-10T02:00:00Z');
const DAY_MS = 24 * 3600_000;
let t: TestApp;
let dataDir: string;
let demoId: string;
let tokens: { admin: string; reviewer: string; vehiclesOnly: string; mwAdmin: string };
let mwVehicleId: string;
let sequence = 0;

/** a 1×1 PNG: an image by its bytes */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload ? { payload } : {}) });
const withId = (path: string, id: string) => path.replace(':id', id);
const upload = (query: string, bytes: Buffer, token = tokens.admin, contentType = 'image/png') => {
  const body = multipartFile(bytes, { contentType, filename: '行驶证.png' });
  return t.app.inject({ method: 'POST', url: `${vehicleAuthPaths.list}?${query}`, headers: { authorization: token, ...body.headers }, payload: body.payload });
};
const newOwner = async (token = tokens.admin) => {
  sequence += 1;
  const phone = `1380000${String(sequence).padStart(4, '0')}`;
  return (await call('POST', '/api/system/Customer', token, { phone })).json().data as { id: string; phone: string };
};
const bind = async (customerId: string, plateNumber: string, token = tokens.admin) => call('POST', '/api/system/CustomerVehicle', token, { customerId, plateNumber });
const newVehicle = async (plateNumber: string) => {
  const owner = await newOwner();
  const bound = (await bind(owner.id, plateNumber)).json();
  if (bound.code !== 200) throw new Error(`bind ${plateNumber}: ${bound.msg}`);
  const vehicle = bound.data as { id: string };
  return { owner, vehicleId: vehicle.id };
};
const submitVerify = (vehicleId: string, bytes = png, token = tokens.admin) => upload(`kind=verify&vehicleId=${vehicleId}`, bytes, token);
const stateOf = async (vehicleId: string) => (await t.database.db.select().from(customerVehicles).where(eq(customerVehicles.id, vehicleId)))[0]?.state;
const messagesOf = (businessId: string) =>
  t.database.db
    .select()
    .from(systemMessages)
    .where(and(eq(systemMessages.businessId, businessId), eq(systemMessages.messageType, 2)));
const reviewCount = async (token = tokens.admin) => (await call('GET', '/api/system/systemMessage/getCount?status=0', token)).json().data.reviewAppealcount as number;
const requestCount = async () => Number((await t.database.db.select({ n: count() }).from(vehicleAuthRequests))[0]!.n);
const storedPhotos = () => {
  const dir = join(dataDir, 'photos', demoId, 'vehicle-auth');
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  dataDir = t.app.config.dataDir;
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  demoId = demo!.id;
  const admin = await signIn(t.app);
  const menus = (await call('GET', '/api/system/Permission/Menu', admin)).json().data as { enCode: string; id: string; children: { enCode: string; id: string }[] }[];
  const page = (enCode: string) => menus.flatMap((m) => m.children).find((m) => m.enCode === enCode)!.id;
  const roleWith = async (code: string, menuIds: string[]) => {
    const role = (await call('POST', '/api/system/Permission/Role', admin, { name: code, code })).json().data;
    await call('PUT', `/api/system/Permission/Role/${role.id}/Menus`, admin, { menuIds });
    return role.id as string;
  };
  const userWith = async (account: string, roleIds: string[]) => {
    await call('POST', '/api/system/Permission/Users', admin, { account, realName: account, password: md5Hex('x1y2z3'), roleIds });
    return signIn(t.app, account, 'demo', md5Hex('x1y2z3'));
  };
  tokens = {
    admin,
    reviewer: await userWith('vauthreviewer', [await roleWith('vauthReview', [page('CarAuthenticationAudit')])]),
    vehiclesOnly: await userWith('vauthcars', [await roleWith('vauthCars', [page('carList')])]),
    mwAdmin: await signIn(t.app, 'mwadmin', 'mw'),
  };
  const mwOwner = (await call('POST', '/api/system/Customer', tokens.mwAdmin, { phone: '13911112222' })).json().data;
  mwVehicleId = (await bind(mwOwner.id, '粤B0MW01', tokens.mwAdmin)).json().data.id;
});
afterAll(() => t.close());

describe('后台录入 of a 认证', () => {
  it('moves the vehicle to 认证中, raises a type 2 message that counts in reviewAppealcount, and logs who submitted', async () => {
    const { owner, vehicleId } = await newVehicle('粤B1A001');
    const before = await reviewCount();
    const submitted = await submitVerify(vehicleId);
    expect(submitted.json()).toMatchObject({
      code: 200,
      msg: '提交成功',
      data: {
        kind: 'verify',
        status: 'pending',
        plateNumber: '粤B1A001',
        customerPhone: owner.phone,
        vehicleState: 'verifying',
        hasPhoto: true,
        submittedByName: expect.any(String),
        createdAt: '2026-03-10T02:00:00.000Z',
      },
    });
    const id = submitted.json().data.id as string;
    expect(await stateOf(vehicleId)).toBe('verifying');
    expect(await reviewCount()).toBe(before + 1);
    const [message] = await messagesOf(id);
    expect(message).toMatchObject({
      messageName: '车辆认证审核',
      status: 0,
      messageText: `车主 ${owner.phone.slice(0, 3)}****${owner.phone.slice(7)} 提交车辆「粤B1A001」认证申请，请审核行驶证`,
    });
    // the bell's list shows it in the 审核申诉 tab
    const listed = (await call('GET', '/api/system/systemMessage?currentPage=1&pageSize=50&status=0&messageTypeList=2', tokens.admin)).json().data.list;
    expect(listed.map((m: { businessId: string }) => m.businessId)).toContain(id);
    const [log] = (await call('GET', `/api/system/log?targetId=${id}`, tokens.admin)).json().data.list;
    expect(log).toMatchObject({ module: 'customers', action: 'create', target: 'vehicleAuth', account: 'admin' });
  });

  it('refuses a file that is not an image by its bytes (whatever it is called), an empty or an oversized one, writing nothing', async () => {
    const { vehicleId } = await newVehicle('粤B1A002');
    const requests = await requestCount();
    const photos = storedPhotos();
    const fake = await submitVerify(vehicleId, Buffer.from('%PDF-1.4 not a photo'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().msg).toBe('行驶证照片只能是 JPG、PNG 或 WebP 格式的图片');
    const gif = await submitVerify(vehicleId, Buffer.from('GIF89a......'));
    expect(gif.json()).toMatchObject({ code: 400, msg: '行驶证照片只能是 JPG、PNG 或 WebP 格式的图片' });
    expect((await submitVerify(vehicleId, Buffer.alloc(0))).json()).toMatchObject({ code: 400, msg: '请上传行驶证照片' });
    const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await submitVerify(vehicleId, huge)).json()).toMatchObject({ code: 400, msg: '行驶证照片不能超过5MB' });
    const noFile = await call('POST', `${vehicleAuthPaths.list}?kind=verify&vehicleId=${vehicleId}`, tokens.admin, {});
    expect(noFile.statusCode).toBe(400);
    expect(await stateOf(vehicleId)).toBe('unverified');
    expect(await requestCount()).toBe(requests);
    expect(storedPhotos()).toBe(photos);
  });

  it('takes a JPEG too, and refuses a vehicle already 认证中, 已认证 or 已解绑 with a clear reason, leaving no photo behind', async () => {
    const { vehicleId } = await newVehicle('粤B1A003');
    expect((await submitVerify(vehicleId, jpeg)).json()).toMatchObject({ code: 200 });
    const photos = storedPhotos();
    expect((await submitVerify(vehicleId)).json()).toMatchObject({ code: 409, msg: '车辆「粤B1A003」已有待审核的认证申请，请等待审核结果' });
    const other = await newVehicle('粤B1A004');
    await call('POST', `/api/system/CustomerVehicle/${other.vehicleId}/Actions/Unbind`, tokens.admin);
    expect((await submitVerify(other.vehicleId)).json()).toMatchObject({ code: 409, msg: '车辆「粤B1A004」已解绑，请重新绑定后再认证' });
    expect(storedPhotos()).toBe(photos);
  });

  it('answers 404 for an unknown vehicle and for another tenant’s, and refuses a bad query in Chinese', async () => {
    expect((await submitVerify('00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: 404, msg: '车辆不存在' });
    expect((await submitVerify(mwVehicleId)).json()).toMatchObject({ code: 404, msg: '车辆不存在' });
    expect(await stateOf(mwVehicleId)).toBe('unverified');
    expect((await upload('kind=other', png)).statusCode).toBe(400);
    expect((await upload('kind=verify&vehicleId=nope', png)).json()).toMatchObject({ code: 400 });
  });
});

describe('通过 and 驳回', () => {
  it('approves: the vehicle is 已认证, the message leaves the count, the owner is told, and the log says who; a second decision is refused', async () => {
    const { owner, vehicleId } = await newVehicle('粤B2A001');
    const id = (await submitVerify(vehicleId)).json().data.id as string;
    const before = await reviewCount();
    clock.advance(60_000);
    const approved = await call('POST', withId(vehicleAuthPaths.approve, id), tokens.reviewer);
    expect(approved.json()).toMatchObject({
      code: 200,
      msg: '审核通过',
      data: { status: 'approved', vehicleState: 'verified', decidedByName: 'vauthreviewer', decidedAt: '2026-03-10T02:01:00.000Z' },
    });
    expect(await stateOf(vehicleId)).toBe('verified');
    expect(await reviewCount()).toBe(before - 1);
    expect((await messagesOf(id))[0]).toMatchObject({ status: 1 });
    expect(await customerNotices(t.database.db, demoId, owner.id)).toEqual([expect.objectContaining({ title: '车辆认证通过', businessId: id })]);
    const [log] = (await call('GET', `/api/system/log?targetId=${id}`, tokens.admin)).json().data.list;
    expect(log).toMatchObject({ action: 'update', account: 'vauthreviewer', target: 'vehicleAuth' });
    expect(log.summary).toContain('通过车辆「粤B2A001」认证申请');
    const again = await call('POST', withId(vehicleAuthPaths.reject, id), tokens.admin, { reason: '重复' });
    expect(again.json()).toMatchObject({ code: 409, msg: '该认证申请已通过，不能重复审核' });
    expect(await stateOf(vehicleId)).toBe('verified');
  });

  it('rejects only with a reason: the vehicle is 认证失败 and may be submitted again', async () => {
    const { vehicleId } = await newVehicle('粤B2A002');
    const id = (await submitVerify(vehicleId)).json().data.id as string;
    expect((await call('POST', withId(vehicleAuthPaths.reject, id), tokens.reviewer, {})).json()).toMatchObject({ code: 400, msg: '请求体 reason：请填写驳回原因' });
    expect((await call('POST', withId(vehicleAuthPaths.reject, id), tokens.reviewer, { reason: '   ' })).json()).toMatchObject({ code: 400 });
    expect(await stateOf(vehicleId)).toBe('verifying');
    const rejected = await call('POST', withId(vehicleAuthPaths.reject, id), tokens.reviewer, { reason: '照片模糊，请重新拍摄' });
    expect(rejected.json()).toMatchObject({ code: 200, data: { status: 'rejected', rejectReason: '照片模糊，请重新拍摄', vehicleState: 'failed' } });
    expect((await messagesOf(id))[0]).toMatchObject({ status: 1 });
    expect((await call('POST', withId(vehicleAuthPaths.approve, id), tokens.reviewer)).json()).toMatchObject({ code: 409, msg: '该认证申请已驳回，不能重复审核' });
    expect((await submitVerify(vehicleId)).json()).toMatchObject({ code: 200, data: { status: 'pending', vehicleState: 'verifying' } });
  });

  it('gives the second of two reviewers deciding at once a clear refusal, and decides once', async () => {
    const { vehicleId } = await newVehicle('粤B2A003');
    const id = (await submitVerify(vehicleId)).json().data.id as string;
    const [first, second] = await Promise.all([
      call('POST', withId(vehicleAuthPaths.approve, id), tokens.reviewer),
      call('POST', withId(vehicleAuthPaths.reject, id), tokens.admin, { reason: '同时驳回' }),
    ]);
    const answers = [first.json(), second.json()].sort((a, b) => a.code - b.code);
    expect(answers[0]).toMatchObject({ code: 200 });
    expect(answers[1].code).toBe(409);
    expect(answers[1].msg).toMatch(/^该认证申请已(通过|驳回)，不能重复审核$/);
    const [row] = await t.database.db.select().from(vehicleAuthRequests).where(eq(vehicleAuthRequests.id, id));
    expect(['approved', 'rejected']).toContain(row!.status);
    expect(await stateOf(vehicleId)).toBe(row!.status === 'approved' ? 'verified' : 'failed');
    const logs = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, id), eq(operationLogs.action, 'update')));
    expect(logs).toHaveLength(1);
  });

  it('refuses a batch whole when one chosen request is not pending, changing nothing; approves a pending batch', async () => {
    const a = await newVehicle('粤B3A001');
    const b = await newVehicle('粤B3A002');
    const c = await newVehicle('粤B3A003');
    const [ida, idb, idc] = await Promise.all([a, b, c].map(async (v) => (await submitVerify(v.vehicleId)).json().data.id as string));
    await call('POST', withId(vehicleAuthPaths.reject, idc!), tokens.admin, { reason: '不是本人车辆' });
    const counted = await reviewCount();
    const refused = await call('POST', vehicleAuthPaths.batchApprove, tokens.reviewer, { ids: [ida, idb, idc] });
    expect(refused.json()).toMatchObject({ code: 409, msg: '所选申请中车辆「粤B3A003」的申请已审核，本次未通过任何申请，请刷新后重新选择' });
    expect(await stateOf(a.vehicleId)).toBe('verifying');
    expect(await stateOf(b.vehicleId)).toBe('verifying');
    expect(await reviewCount()).toBe(counted);
    const unknown = await call('POST', vehicleAuthPaths.batchApprove, tokens.reviewer, { ids: [ida, '00000000-0000-4000-8000-000000000000'] });
    expect(unknown.statusCode).toBe(404);
    expect(await stateOf(a.vehicleId)).toBe('verifying');
    expect((await call('POST', vehicleAuthPaths.batchApprove, tokens.reviewer, { ids: [] })).json()).toMatchObject({ code: 400, msg: '请求体 ids：请选择要通过的申请' });
    const approved = await call('POST', vehicleAuthPaths.batchApprove, tokens.reviewer, { ids: [ida, idb] });
    expect(approved.json()).toMatchObject({
      code: 200,
      data: [
        { id: ida, status: 'approved' },
        { id: idb, status: 'approved' },
      ],
    });
    expect(await stateOf(a.vehicleId)).toBe('verified');
    expect(await stateOf(b.vehicleId)).toBe('verified');
    expect(await reviewCount()).toBe(counted - 2);
  });
});

describe('过户申诉', () => {
  it('refuses binding a plate another owner has 已认证, takes a claim, and on approval moves the plate in one go and tells both owners', async () => {
    const a = await newVehicle('粤B4A001');
    const aRequest = (await submitVerify(a.vehicleId)).json().data.id as string;
    await call('POST', withId(vehicleAuthPaths.approve, aRequest), tokens.reviewer);
    const b = await newOwner();
    expect((await bind(b.id, '粤B4A001')).json()).toMatchObject({ code: 409, msg: '车辆「粤B4A001」已被其他车主认证' });
    // 认证 of a plate is not the way for B: only a claim is
    const claim = await upload(`kind=claim&customerId=${b.id}&plateNumber=粤b4a001`, png);
    expect(claim.json()).toMatchObject({
      code: 200,
      data: { kind: 'claim', status: 'pending', plateNumber: '粤B4A001', vehicleId: null, holderCustomerId: a.owner.id, holderPhone: a.owner.phone },
    });
    const claimId = claim.json().data.id as string;
    expect((await messagesOf(claimId))[0]!.messageText).toContain('提交过户申诉');
    expect((await upload(`kind=claim&customerId=${b.id}&plateNumber=粤B4A001`, png)).json()).toMatchObject({ code: 409, msg: '车辆「粤B4A001」已有待审核的认证申请，请等待审核结果' });
    expect(await stateOf(a.vehicleId)).toBe('verified');
    const approved = await call('POST', withId(vehicleAuthPaths.approve, claimId), tokens.reviewer);
    expect(approved.json()).toMatchObject({ code: 200, data: { status: 'approved', vehicleState: 'verified', vehicleId: expect.any(String) } });
    expect(await stateOf(a.vehicleId)).toBe('unbound');
    const bVehicles = await t.database.db.select().from(customerVehicles).where(eq(customerVehicles.customerId, b.id));
    expect(bVehicles).toEqual([expect.objectContaining({ plateNumber: '粤B4A001', state: 'verified', boundAt: new Date(clock.now()) })]);
    expect(await customerNotices(t.database.db, demoId, a.owner.id)).toContainEqual(expect.objectContaining({ title: '车辆已解绑', businessId: claimId }));
    expect((await customerNotices(t.database.db, demoId, b.id))[0]).toMatchObject({ title: '过户申诉通过', businessId: claimId });
    const [log] = (await call('GET', `/api/system/log?targetId=${claimId}&action=update`, tokens.admin)).json().data.list;
    expect(log.summary).toContain('过户申诉申请');
  });

  it('leaves the holder untouched when a claim is rejected, and refuses a claim on a plate nobody holds', async () => {
    const a = await newVehicle('粤B4A002');
    await submitVerify(a.vehicleId);
    const b = await newOwner();
    const claimId = (await upload(`kind=claim&customerId=${b.id}&plateNumber=粤B4A002`, png)).json().data.id as string;
    const rejected = await call('POST', withId(vehicleAuthPaths.reject, claimId), tokens.reviewer, { reason: '行驶证车牌与申诉车牌不符' });
    expect(rejected.json()).toMatchObject({ code: 200, data: { status: 'rejected' } });
    expect(await stateOf(a.vehicleId)).toBe('verifying');
    expect(await t.database.db.select().from(customerVehicles).where(eq(customerVehicles.customerId, b.id))).toEqual([]);
    expect((await customerNotices(t.database.db, demoId, b.id))[0]).toMatchObject({ title: '车辆过户申诉未通过' });
    expect(await t.database.db.select().from(noticesTable).where(eq(noticesTable.customerId, a.owner.id))).toEqual([]);
    expect((await upload(`kind=claim&customerId=${b.id}&plateNumber=粤B4A999`, png)).json()).toMatchObject({
      code: 409,
      msg: '车辆「粤B4A999」未被其他车主认证，无需过户申诉，请直接绑定并提交认证',
    });
  });

  it('closes the holder’s own pending 认证 when a claim on that plate is approved', async () => {
    const a = await newVehicle('粤B4A003');
    const aRequest = (await submitVerify(a.vehicleId)).json().data.id as string;
    const b = await newOwner();
    const claimId = (await upload(`kind=claim&customerId=${b.id}&plateNumber=粤B4A003`, png)).json().data.id as string;
    expect((await call('POST', withId(vehicleAuthPaths.approve, claimId), tokens.reviewer)).json()).toMatchObject({ code: 200 });
    const [theirs] = await t.database.db.select().from(vehicleAuthRequests).where(eq(vehicleAuthRequests.id, aRequest));
    expect(theirs).toMatchObject({ status: 'rejected', rejectReason: '该车辆已由其他车主过户申诉认证' });
    expect((await messagesOf(aRequest))[0]).toMatchObject({ status: 1 });
  });
});

describe('what changed while a request waited', () => {
  it('verifies the claimant’s own unverified row of the plate instead of adding one', async () => {
    const b = await newOwner();
    // B bound the plate before A had it verified: B's row stays 未认证 meanwhile
    const bVehicle = (await bind(b.id, '粤B4A004')).json().data.id as string;
    const a = await newVehicle('粤B4A004');
    await submitVerify(a.vehicleId);
    expect((await submitVerify(bVehicle)).json()).toMatchObject({ code: 409, msg: '车辆「粤B4A004」已被其他车主认证，如车辆归您所有，请提交过户申诉' });
    const claim = (await upload(`kind=claim&customerId=${b.id}&plateNumber=粤B4A004`, png)).json();
    expect(claim).toMatchObject({ code: 200, data: { vehicleId: bVehicle, vehicleState: 'unverified' } });
    expect((await call('POST', withId(vehicleAuthPaths.approve, claim.data.id), tokens.reviewer)).json()).toMatchObject({
      code: 200,
      data: { vehicleId: bVehicle, vehicleState: 'verified' },
    });
    expect(await stateOf(a.vehicleId)).toBe('unbound');
    expect(await t.database.db.select().from(customerVehicles).where(eq(customerVehicles.customerId, b.id))).toHaveLength(1);
  });

  it('refuses to approve a 认证 whose vehicle was unbound meanwhile, and still lets it be rejected', async () => {
    const { vehicleId } = await newVehicle('粤B4A005');
    const id = (await submitVerify(vehicleId)).json().data.id as string;
    await call('POST', `/api/system/CustomerVehicle/${vehicleId}/Actions/Unbind`, tokens.admin);
    expect((await call('POST', withId(vehicleAuthPaths.approve, id), tokens.reviewer)).json()).toMatchObject({
      code: 409,
      msg: '车辆「粤B4A005」已不在认证中（当前已解绑），无法通过，请驳回',
    });
    expect(await stateOf(vehicleId)).toBe('unbound');
    expect((await call('POST', withId(vehicleAuthPaths.reject, id), tokens.reviewer, { reason: '车辆已解绑' })).json()).toMatchObject({
      code: 200,
      data: { status: 'rejected', vehicleState: 'unbound' },
    });
  });
});

describe('who may see what', () => {
  it('serves the photo to staff holding the page only, never signed out, to another page or to another tenant', async () => {
    const { vehicleId } = await newVehicle('粤B5A001');
    const id = (await submitVerify(vehicleId)).json().data.id as string;
    const photo = await call('GET', withId(vehicleAuthPaths.photo, id), tokens.reviewer);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    expect(photo.rawPayload.equals(png)).toBe(true);
    expect((await call('GET', withId(vehicleAuthPaths.photo, id), null)).statusCode).toBe(401);
    expect((await call('GET', withId(vehicleAuthPaths.photo, id), tokens.vehiclesOnly)).statusCode).toBe(403);
    expect((await call('GET', vehicleAuthPaths.list, tokens.vehiclesOnly)).statusCode).toBe(403);
    expect((await submitVerify(vehicleId, png, tokens.vehiclesOnly)).statusCode).toBe(403);
    for (const path of [vehicleAuthPaths.photo, vehicleAuthPaths.item])
      expect((await call('GET', withId(path, id), tokens.mwAdmin)).json()).toMatchObject({ code: 404, msg: '认证申请不存在' });
    expect((await call('POST', withId(vehicleAuthPaths.approve, id), tokens.mwAdmin)).json()).toMatchObject({ code: 404 });
    expect((await call('POST', vehicleAuthPaths.batchApprove, tokens.mwAdmin, { ids: [id] })).json()).toMatchObject({ code: 404 });
    expect((await call('GET', vehicleAuthPaths.list, tokens.mwAdmin)).json().data.list).toEqual([]);
    expect(await stateOf(vehicleId)).toBe('verifying');
    // the type 2 message is not counted for a user without the page
    expect(await reviewCount(tokens.vehiclesOnly)).toBe(0);
  });
});

describe('后台录入 pickers', () => {
  it('find bound vehicles by plate and owners by phone for a holder of the page alone, within the tenant', async () => {
    const { owner } = await newVehicle('粤B9A001');
    const vehicles = (await call('GET', `${vehicleAuthPaths.vehicles}?plateNumber=b9a0`, tokens.reviewer)).json();
    expect(vehicles).toMatchObject({ code: 200, data: [{ plateNumber: '粤B9A001', customerPhone: owner.phone, state: 'unverified' }] });
    const owners = (await call('GET', `${vehicleAuthPaths.owners}?phone=${owner.phone}`, tokens.reviewer)).json();
    expect(owners).toMatchObject({ code: 200, data: [{ id: owner.id, phone: owner.phone }] });
    expect((await call('GET', `${vehicleAuthPaths.vehicles}?plateNumber=粤B0MW01`, tokens.reviewer)).json().data).toEqual([]);
    expect((await call('GET', vehicleAuthPaths.vehicles, tokens.vehiclesOnly)).statusCode).toBe(403);
  });
});

describe('the list and its export', () => {
  it('filters by state, kind, plate, phone and Shanghai day, and exports with the phones masked', async () => {
    const { owner, vehicleId } = await newVehicle('粤B6A001');
    const id = (await submitVerify(vehicleId)).json().data.id as string;
    // submitted 2026-03-11 00:30 Shanghai (as if just after midnight): the 11th, not the 10th
    await t.database.db
      .update(vehicleAuthRequests)
      .set({ createdAt: new Date('2026-03-10T16:30:00Z') })
      .where(eq(vehicleAuthRequests.id, id));
    const plates = async (query: string) => {
      const answer = (await call('GET', `${vehicleAuthPaths.list}?pageSize=100&${query}`, tokens.reviewer)).json();
      if (answer.code !== 200) throw new Error(`${query}: ${answer.msg}`);
      return answer.data.list.map((r: { plateNumber: string }) => r.plateNumber);
    };
    expect(await plates('plateNumber=b6a')).toEqual(['粤B6A001']);
    expect(await plates(`phone=${owner.phone.slice(-4)}`)).toEqual(['粤B6A001']);
    expect(await plates('createdFrom=2026-03-11&createdTo=2026-03-11')).toEqual(['粤B6A001']);
    expect(await plates('createdFrom=2026-03-10&createdTo=2026-03-10')).not.toContain('粤B6A001');
    expect(await plates('kind=claim')).toEqual(expect.arrayContaining(['粤B4A001', '粤B4A002']));
    expect(await plates('kind=claim')).not.toContain('粤B6A001');
    expect(await plates('status=rejected')).toEqual(expect.arrayContaining(['粤B2A002', '粤B3A003']));
    expect(await plates('status=pending&plateNumber=粤B6')).toEqual(['粤B6A001']);
    expect((await call('GET', `${vehicleAuthPaths.list}?createdFrom=2026-03-12&createdTo=2026-03-11`, tokens.reviewer)).json()).toMatchObject({
      code: 400,
      msg: '查询参数 createdTo：申请结束日期不能早于开始日期',
    });
    const exported = await call('GET', `${vehicleAuthPaths.export}?plateNumber=粤B6A001`, tokens.reviewer);
    const rows = await xlsxRows(exported);
    expect(rows[0]).toContain('车主手机号');
    expect(rows[1]).toEqual(expect.arrayContaining(['粤B6A001', '认证', `${owner.phone.slice(0, 3)}****${owner.phone.slice(7)}`, '认证中', '待审核']));
    expect(rows[1]).not.toContain(owner.phone);
  });
});

describe('an owner submitting on the phone pages', () => {
  it('submits through the service with the owner as the actor, and refuses another owner’s vehicle as absent', async () => {
    const { owner, vehicleId } = await newVehicle('粤B7A001');
    const other = await newOwner();
    const now = clock.now();
    await expect(submitVehicleAuthentication(t.database.db, { tenantId: demoId, customerId: other.id, vehicleId, photo: png, dataDir, now })).rejects.toMatchObject({
      statusCode: 404,
      message: '车辆不存在',
    });
    const created = await submitVehicleAuthentication(t.database.db, { tenantId: demoId, customerId: owner.id, vehicleId, photo: png, dataDir, now });
    expect(created).toMatchObject({ status: 'pending', submittedByName: null, vehicleState: 'verifying' });
    const [log] = (await call('GET', `/api/system/log?targetId=${created.id}`, tokens.admin)).json().data.list;
    expect(log.account).toBe(`车主 ${owner.phone.slice(0, 3)}****${owner.phone.slice(7)}`);
  });
});

describe('removing photos after the decision', () => {
  it('keeps a decided request’s photo for the configured days, then removes it from disk; a pending one keeps its photo', async () => {
    const decidedVehicle = await newVehicle('粤B8A001');
    const pendingVehicle = await newVehicle('粤B8A002');
    const decidedId = (await submitVerify(decidedVehicle.vehicleId)).json().data.id as string;
    const pendingId = (await submitVerify(pendingVehicle.vehicleId)).json().data.id as string;
    await call('POST', withId(vehicleAuthPaths.approve, decidedId), tokens.reviewer);
    // decided an hour after everything else this file decided, so the passes below are about it alone
    const decidedAt = new Date(clock.now().getTime() + 3600_000);
    await t.database.db.update(vehicleAuthRequests).set({ decidedAt }).where(eq(vehicleAuthRequests.id, decidedId));
    const [row] = await t.database.db.select().from(vehicleAuthRequests).where(eq(vehicleAuthRequests.id, decidedId));
    const file = join(dataDir, row!.photoPath!);
    expect(existsSync(file)).toBe(true);
    // what the rest of this file decided goes first
    await removeDecidedPhotos(t.database.db, dataDir, new Date(decidedAt.getTime() - 1), 0);
    expect((await removeDecidedPhotos(t.database.db, dataDir, new Date(decidedAt.getTime() + 30 * DAY_MS - 1), 30)).removed).toBe(0);
    expect(existsSync(file)).toBe(true);
    const at = new Date(decidedAt.getTime() + 30 * DAY_MS);
    expect((await removeDecidedPhotos(t.database.db, dataDir, at, 30)).removed).toBe(1);
    expect(existsSync(file)).toBe(false);
    expect((await call('GET', withId(vehicleAuthPaths.item, decidedId), tokens.reviewer)).json().data).toMatchObject({ hasPhoto: false, photoRemovedAt: at.toISOString() });
    expect((await call('GET', withId(vehicleAuthPaths.photo, decidedId), tokens.reviewer)).json()).toMatchObject({ code: 404, msg: '行驶证照片已删除或不存在' });
    expect((await call('GET', withId(vehicleAuthPaths.photo, pendingId), tokens.reviewer)).statusCode).toBe(200);
  });
});
