import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerEndpoints, ownerPaths, ownerTokenHeader } from '@parking/contract';
import { customers, customerVehicles, ownerSessions } from '../../db/schema/index.js';
import { buildTestApp, fixedClock, multipartFile, sampleImages, signIn, type TestApp } from '../../test/test-app.js';
import type { SmsSender } from '../auth/index.js';

// the app's clock, fixed: codes expire and sessions start by it
const clock = fixedClock('2026-03-10T02:00:00Z');
const sent: { mobile: string; code: string; tenantCode: string }[] = [];
const capturingSender: SmsSender = { name: 'test', send: async (message) => void sent.push(message) };
let t: TestApp;
let admin: string;

type Answer<T = unknown> = { code: number; msg: string; data: T };
const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { owner?: string; staff?: string; payload?: object; account?: string } = {}) => {
  const response = await t.app.inject({
    method,
    url,
    // a page's tenant reaches the API as the account cookie
    ...(options.account ? { cookies: { account: options.account } } : {}),
    headers: { ...(options.owner ? { [ownerTokenHeader]: options.owner } : {}), ...(options.staff ? { authorization: options.staff } : {}) },
    ...(options.payload ? { payload: options.payload } : {}),
  });
  return { status: response.statusCode, body: response.json<Answer<T>>() };
};
const lastCode = (mobile: string) => [...sent].reverse().find((m) => m.mobile === mobile)!.code;
/** 获取验证码 then 登录, a minute after the last code so the interval never refuses */
const signInOwner = async (phone: string, account?: string) => {
  clock.advance(61_000);
  const asked = await call('POST', ownerPaths.smsCode, { payload: { phone }, ...(account ? { account } : {}) });
  expect(asked.body.code, asked.body.msg).toBe(200);
  const signedIn = await call<{ token: string }>('POST', ownerPaths.signIn, { payload: { phone, code: lastCode(phone) }, ...(account ? { account } : {}) });
  expect(signedIn.body.code, signedIn.body.msg).toBe(200);
  return signedIn.body.data.token;
};
const ownerRow = async (phone: string) => (await t.database.db.select().from(customers).where(eq(customers.phone, phone)))[0];

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, smsSender: capturingSender });
  admin = await signIn(t.app);
});
afterAll(() => t.close());

describe('车主登录 with phone and SMS code', () => {
  it('sends a code through the SMS sender staff sign-in uses, and says nothing of a demo with a real gateway', async () => {
    const asked = await call('POST', ownerPaths.smsCode, { payload: { phone: '13700000001' } });
    expect(asked.body).toMatchObject({ code: 200, msg: '验证码已发送', data: { sentTo: '137****0001', expiresIn: 300, resendIn: 60, demoHint: null, demoCode: null } });
    expect(sent.at(-1)).toMatchObject({ mobile: '13700000001', tenantCode: 'demo' });
    expect(lastCode('13700000001')).toMatch(/^\d{6}$/);
    // once a minute per phone
    expect((await call('POST', ownerPaths.smsCode, { payload: { phone: '13700000001' } })).body).toMatchObject({ code: 429, msg: '短信发送过于频繁，请60秒后再试' });
    expect((await call('POST', ownerPaths.smsCode, { payload: { phone: '1370000' } })).body).toMatchObject({ code: 400, msg: '请求体 phone：请输入正确的电话号码' });
  });

  it('refuses a wrong code and registers nobody; the right code registers the unknown phone as an H5 owner', async () => {
    const code = lastCode('13700000001');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await call('POST', ownerPaths.signIn, { payload: { phone: '13700000001', code: wrong } })).body).toMatchObject({ code: 400, msg: '验证码错误或已过期' });
    expect(await ownerRow('13700000001')).toBeUndefined();
    expect((await call('POST', ownerPaths.signIn, { payload: { phone: '13700000001', code: '12a' } })).body).toMatchObject({ code: 400, msg: '请求体 code：验证码为6位数字' });
    const signedIn = await call<{ token: string; expiresIn: number }>('POST', ownerPaths.signIn, { payload: { phone: '13700000001', code } });
    expect(signedIn.body).toMatchObject({ code: 200, msg: '登录成功', data: { expiresIn: 30 * 24 * 3600 } });
    expect(await ownerRow('13700000001')).toMatchObject({ source: 'h5', enabled: true, registeredAt: clock.now() });
    // the token is kept only as its hash, and a code is good once
    const [session] = await t.database.db.select().from(ownerSessions);
    expect(session!.tokenHash).not.toBe(signedIn.body.data.token);
    expect((await call('POST', ownerPaths.signIn, { payload: { phone: '13700000001', code } })).body).toMatchObject({ code: 400, msg: '验证码错误或已过期' });
    const me = await call('GET', ownerPaths.me, { owner: signedIn.body.data.token });
    expect(me.body).toMatchObject({ code: 200, data: { phone: '13700000001', nickname: '' } });
    const log = (await call<{ list: { summary: string }[] }>('GET', `/api/system/log?targetId=${(await ownerRow('13700000001'))!.id}`, { staff: admin })).body.data.list;
    expect(log.map((l) => l.summary)).toEqual(['车主 137****0001 通过H5注册']);
  });

  it('refuses a code past its five minutes', async () => {
    clock.advance(61_000);
    await call('POST', ownerPaths.smsCode, { payload: { phone: '13700000002' } });
    clock.advance(5 * 60_000 + 1000);
    expect((await call('POST', ownerPaths.signIn, { payload: { phone: '13700000002', code: lastCode('13700000002') } })).body).toMatchObject({ code: 400, msg: '验证码错误或已过期' });
  });

  it('makes a phone wait after repeated wrong codes, as staff sign-in does', async () => {
    clock.advance(61_000);
    await call('POST', ownerPaths.smsCode, { payload: { phone: '13700000003' } });
    const code = lastCode('13700000003');
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i++) await call('POST', ownerPaths.signIn, { payload: { phone: '13700000003', code: wrong } });
    expect((await call('POST', ownerPaths.signIn, { payload: { phone: '13700000003', code: wrong } })).body).toMatchObject({ code: 400, msg: '验证码错误或已过期，请1秒后再试' });
    // even the right code waits
    expect((await call('POST', ownerPaths.signIn, { payload: { phone: '13700000003', code } })).body).toMatchObject({ code: 429, msg: '登录失败次数过多，请1秒后再试' });
    clock.advance(2000);
    expect((await call('POST', ownerPaths.signIn, { payload: { phone: '13700000003', code } })).body.code).toBe(200);
  });

  it('is per tenant: the same phone is another owner at mw', async () => {
    const mwToken = await signInOwner('13700000001', 'mw');
    const owners = await t.database.db.select().from(customers).where(eq(customers.phone, '13700000001'));
    expect(owners).toHaveLength(2);
    // an mw owner's token does not work on a demo page
    expect((await call('GET', ownerPaths.me, { owner: mwToken })).body).toMatchObject({ code: 602, msg: '请先登录' });
    expect((await call('GET', ownerPaths.me, { owner: mwToken, account: 'mw' })).body.code).toBe(200);
  });
});

describe('owner and staff sessions are apart', () => {
  it('refuses a staff token on owner routes and an owner token on staff routes', async () => {
    const owner = await signInOwner('13700000004');
    expect((await call('GET', ownerPaths.me, { staff: admin })).body).toMatchObject({ code: 602, msg: '请先登录' });
    expect((await call('GET', ownerPaths.me, { owner: admin })).status).toBe(401);
    expect((await call('GET', '/api/system/Customer', { staff: owner })).body).toMatchObject({ code: 602 });
    expect((await call('GET', '/api/oauth/CurrentUser', { staff: owner })).status).toBe(401);
    expect((await call('GET', ownerPaths.vehicles, {})).status).toBe(401);
  });

  it('keeps every owner route but 获取验证码, 登录 and 退出 closed to a staff token and to no token', async () => {
    const open = new Set<string>([ownerEndpoints.smsCode.path, ownerEndpoints.signIn.path, ownerEndpoints.signOut.path]);
    const guarded = Object.values(ownerEndpoints).filter((e) => !open.has(e.path));
    expect(guarded.length).toBeGreaterThanOrEqual(7);
    for (const e of guarded) {
      const url = e.path.replace(':id', '00000000-0000-4000-8000-000000000000');
      // a valid body, so the refusal is the token's, not the body's
      const bodies: Record<string, object> = {
        [ownerEndpoints.bind.path]: { plateNumber: '粤B0S001', plateColour: 0 },
        [ownerEndpoints.phoneCodes.path]: { phone: '13700009999' },
        [ownerEndpoints.changePhone.path]: { phone: '13700009999', oldCode: '123456', newCode: '123456' },
      };
      const payload = e.method === 'POST' ? bodies[e.path] : undefined;
      for (const headers of [{ staff: admin }, {}]) {
        const answer = await call(e.method, url, { ...headers, ...(payload ? { payload } : {}) });
        expect(answer.status, `${e.method} ${e.path}`).toBe(401);
      }
    }
  });

  it('signs out: the token stops working', async () => {
    const owner = await signInOwner('13700000005');
    expect((await call('POST', ownerPaths.signOut, { owner })).body).toMatchObject({ code: 200, msg: '已退出登录' });
    expect((await call('GET', ownerPaths.me, { owner })).body).toMatchObject({ code: 601, msg: '已退出登录，请重新登录' });
  });

  it('expires after thirty days', async () => {
    const owner = await signInOwner('13700000006');
    clock.advance(30 * 24 * 3600_000);
    expect((await call('GET', ownerPaths.me, { owner })).body).toMatchObject({ code: 600, msg: '登录已过期，请重新登录' });
    // staff sessions do not last a month
    admin = await signIn(t.app);
  });
});

describe('停用 an owner', () => {
  it('ends their sessions at once and refuses their codes and sign-in in Chinese; 启用 lets them in again', async () => {
    const owner = await signInOwner('13700000007');
    const id = (await ownerRow('13700000007'))!.id;
    clock.advance(61_000);
    await call('POST', ownerPaths.smsCode, { payload: { phone: '13700000007' } });
    const pendingCode = lastCode('13700000007');
    expect((await call('PUT', `/api/system/Customer/${id}/Actions/State`, { staff: admin, payload: { enabled: false } })).body.code).toBe(200);
    expect((await call('GET', ownerPaths.vehicles, { owner })).body).toMatchObject({ code: 601, msg: '该车主账号已停用，请联系停车场客服' });
    expect((await call('POST', ownerPaths.signIn, { payload: { phone: '13700000007', code: pendingCode } })).body).toMatchObject({ code: 403, msg: '该车主账号已停用，请联系停车场客服' });
    clock.advance(61_000);
    expect((await call('POST', ownerPaths.smsCode, { payload: { phone: '13700000007' } })).body).toMatchObject({ code: 403, msg: '该车主账号已停用，请联系停车场客服' });
    await call('PUT', `/api/system/Customer/${id}/Actions/State`, { staff: admin, payload: { enabled: true } });
    // the old session stays ended
    expect((await call('GET', ownerPaths.me, { owner })).status).toBe(401);
    await signInOwner('13700000007');
  });
});

describe('我的车辆', () => {
  it('binds with the staff rules, lists only the owner’s own, and unbinds only the owner’s own', async () => {
    const owner = await signInOwner('13700000008');
    const other = await signInOwner('13700000009');
    const bound = await call<{ id: string }>('POST', ownerPaths.vehicles, { owner, payload: { plateNumber: '粤b12345', plateColour: 0 } });
    expect(bound.body).toMatchObject({ code: 200, msg: '绑定成功', data: { plateNumber: '粤B12345', plateColour: 0, state: 'unverified', boundAt: clock.now().toISOString() } });
    expect(Object.keys(bound.body.data).sort()).toEqual(['boundAt', 'id', 'plateColour', 'plateNumber', 'state']);
    expect((await call('POST', ownerPaths.vehicles, { owner, payload: { plateNumber: '粤B12345', plateColour: 0 } })).body).toMatchObject({ code: 409, msg: '车辆「粤B12345」已绑定该车主' });
    expect((await call('POST', ownerPaths.vehicles, { owner, payload: { plateNumber: 'ABC' } })).body).toMatchObject({ code: 400 });
    expect((await call('POST', ownerPaths.vehicles, { owner, payload: { plateNumber: '粤B12345', plateColour: 0, customerId: bound.body.data.id } })).body.code).toBe(400);
    // the same plate 未认证 may be bound by another; once another owner has it 已认证 it may not
    await t.database.db.update(customerVehicles).set({ state: 'verified' }).where(eq(customerVehicles.id, bound.body.data.id));
    expect((await call('POST', ownerPaths.vehicles, { owner: other, payload: { plateNumber: '粤B12345', plateColour: 0 } })).body).toMatchObject({
      code: 409,
      msg: '车辆「粤B12345」已被其他车主认证',
    });
    for (const n of [1, 2, 3, 4]) expect((await call('POST', ownerPaths.vehicles, { owner, payload: { plateNumber: `粤B5000${n}`, plateColour: 3 } })).body.code).toBe(200);
    expect((await call('POST', ownerPaths.vehicles, { owner, payload: { plateNumber: '粤B50005' } })).body).toMatchObject({ code: 409, msg: '每位车主最多绑定5辆车，请先解绑其他车辆' });

    const mine = await call<{ plateNumber: string }[]>('GET', ownerPaths.vehicles, { owner });
    expect(mine.body.data.map((v) => v.plateNumber)).toHaveLength(5);
    expect((await call<unknown[]>('GET', ownerPaths.vehicles, { owner: other })).body.data).toEqual([]);

    // another owner's vehicle id is not found, and nothing changes
    expect((await call('POST', ownerPaths.unbind.replace(':id', bound.body.data.id), { owner: other })).body).toMatchObject({ code: 404, msg: '车辆不存在' });
    expect((await call('POST', ownerPaths.unbind.replace(':id', '00000000-0000-4000-8000-000000000000'), { owner })).body).toMatchObject({ code: 404, msg: '车辆不存在' });
    expect((await call('POST', ownerPaths.unbind.replace(':id', 'nope'), { owner })).body).toMatchObject({ code: 400, msg: '路径参数 id：车辆编号格式不正确' });
    const unbound = await call('POST', ownerPaths.unbind.replace(':id', bound.body.data.id), { owner });
    expect(unbound.body).toMatchObject({ code: 200, msg: '解绑成功', data: { state: 'unbound' } });
    expect((await call<unknown[]>('GET', ownerPaths.vehicles, { owner })).body.data).toHaveLength(4);
    expect((await call('POST', ownerPaths.unbind.replace(':id', bound.body.data.id), { owner })).body).toMatchObject({ code: 404 });
    const log = (await call<{ list: { summary: string; account: string }[] }>('GET', `/api/system/log?targetId=${bound.body.data.id}`, { staff: admin })).body.data.list;
    expect(log.map((l) => [l.account, l.summary])).toEqual([
      ['车主 137****0008', '车主 137****0008 解绑车辆「粤B12345」'],
      ['车主 137****0008', '车主 137****0008 绑定车辆「粤B12345」'],
    ]);
  });
});

describe('行驶证 认证 from the phone', () => {
  const upload = (owner: string, vehicleId: string, bytes: Buffer) => {
    const body = multipartFile(bytes, { contentType: 'image/png', filename: '行驶证.png' });
    return t.app
      .inject({ method: 'POST', url: ownerPaths.authenticate.replace(':id', vehicleId), headers: { [ownerTokenHeader]: owner, ...body.headers }, payload: body.payload })
      .then((r) => ({ status: r.statusCode, body: r.json<Answer<{ state: string }>>() }));
  };

  it('sends an own vehicle’s photo to review (认证中); refuses another owner’s vehicle, a photo that is not an image and a staff token', async () => {
    const owner = await signInOwner('13700000010');
    const other = await signInOwner('13700000011');
    const vehicle = (await call<{ id: string }>('POST', ownerPaths.vehicles, { owner, payload: { plateNumber: '粤B7R010', plateColour: 0 } })).body.data;
    expect((await upload(other, vehicle.id, sampleImages.png)).body).toMatchObject({ code: 404, msg: '车辆不存在' });
    expect((await upload(owner, vehicle.id, Buffer.from('not an image'))).body).toMatchObject({ code: 400, msg: '行驶证照片只能是 JPG、PNG 或 WebP 格式的图片' });
    const body = multipartFile(sampleImages.png);
    const asStaff = await t.app.inject({
      method: 'POST',
      url: ownerPaths.authenticate.replace(':id', vehicle.id),
      headers: { authorization: admin, ...body.headers },
      payload: body.payload,
    });
    expect(asStaff.statusCode).toBe(401);
    expect((await call<{ state: string }[]>('GET', ownerPaths.vehicles, { owner })).body.data[0]!.state).toBe('unverified');
    const sent = await upload(owner, vehicle.id, sampleImages.png);
    expect(sent.body).toMatchObject({ code: 200, msg: '已提交认证，请等待审核', data: { id: vehicle.id, state: 'verifying' } });
    expect((await upload(owner, vehicle.id, sampleImages.png)).body.code).toBe(409);
    expect((await call('GET', ownerPaths.notices, { owner })).body).toMatchObject({ code: 200, data: [] });
  });
});

describe('更换手机号 with the old number still at hand', () => {
  it('sends a code to each number, changes the number with both, keeps the vehicles and ends the other sessions', async () => {
    const here = await signInOwner('13700000020');
    const elsewhere = await signInOwner('13700000020');
    const other = await signInOwner('13700000021');
    await call('POST', ownerPaths.vehicles, { owner: here, payload: { plateNumber: '粤B7P020', plateColour: 0 } });
    const id = (await ownerRow('13700000020'))!.id;

    expect((await call('POST', ownerPaths.phoneCodes, { owner: here, payload: { phone: '13700000020' } })).body).toMatchObject({ code: 400, msg: '新手机号不能与原手机号相同' });
    expect((await call('POST', ownerPaths.phoneCodes, { owner: here, payload: { phone: '13700000021' } })).body).toMatchObject({
      code: 409,
      msg: '手机号 137****0021 已注册为车主，不能更换为该号码',
    });
    clock.advance(61_000);
    const sentCodes = await call('POST', ownerPaths.phoneCodes, { owner: here, payload: { phone: '13700000022' } });
    expect(sentCodes.body).toMatchObject({ code: 200, data: { oldSentTo: '137****0020', newSentTo: '137****0022', demoCodes: null } });
    const oldCode = lastCode('13700000020');
    const newCode = lastCode('13700000022');

    // the codes swapped, or one wrong: refused, nothing changes
    expect((await call('POST', ownerPaths.phone, { owner: here, payload: { phone: '13700000022', oldCode: newCode, newCode: oldCode } })).body).toMatchObject({
      code: 400,
      msg: '验证码错误或已过期',
    });
    expect((await ownerRow('13700000020'))?.id).toBe(id);
    // another owner cannot use them
    expect((await call('POST', ownerPaths.phone, { owner: other, payload: { phone: '13700000022', oldCode, newCode } })).body).toMatchObject({ code: 400 });

    clock.advance(61_000);
    await call('POST', ownerPaths.phoneCodes, { owner: here, payload: { phone: '13700000022' } });
    const changed = await call('POST', ownerPaths.phone, { owner: here, payload: { phone: '13700000022', oldCode: lastCode('13700000020'), newCode: lastCode('13700000022') } });
    expect(changed.body).toMatchObject({ code: 200, msg: '手机号已更换', data: { phone: '13700000022' } });
    expect(await ownerRow('13700000020')).toBeUndefined();
    expect((await ownerRow('13700000022'))?.id).toBe(id);
    expect((await call<{ plateNumber: string }[]>('GET', ownerPaths.vehicles, { owner: here })).body.data.map((v) => v.plateNumber)).toEqual(['粤B7P020']);
    expect((await call('GET', ownerPaths.me, { owner: elsewhere })).status).toBe(401);
    const log = (await call<{ list: { summary: string }[] }>('GET', `/api/system/log?targetId=${id}`, { staff: admin })).body.data.list;
    expect(log[0]!.summary).toBe('车主 137****0020 更换手机号为 137****0022（原手机号与新手机号验证码验证）');
    // the new number signs in as the same owner
    const again = await signInOwner('13700000022');
    expect((await call('GET', ownerPaths.me, { owner: again })).body.data).toMatchObject({ phone: '13700000022' });
  });
});
