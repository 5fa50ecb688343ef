import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, tenants, users } from '../../db/schema/index.js';
import { shanghaiDateTime } from '../../shared/xlsx-export.js';
import { buildTestApp, demoPasswordMd5, fixedClock, signIn, type TestApp } from '../../test/test-app.js';
import { hashPassword, md5Hex } from '../../shared/passwords.js';
import { waitAfterFailures } from '../system/index.js';

// The clock is the test's, given to the app, and moved on only by `advance`.
const clock = fixedClock('2026-03-02T01:00:00Z');
const { advance } = clock;

let t: TestApp;
const captchaAnswer = 'k7Pq';
const wrong = md5Hex('not-it-1');
const stranger = '203.0.113.7';
const owner = '198.51.100.20';

beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, drawCaptcha: () => ({ text: captchaAnswer, svg: '<svg><path d="M0 0"/></svg>' }) });
  const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
  const passwordHash = await hashPassword(demoPasswordMd5);
  for (const account of ['victim', 'slowpoke', 'limited', 'changer']) {
    await t.database.db.insert(users).values({ tenantId: demo!.id, account, realName: `测试${account}`, passwordHash });
  }
});
afterAll(() => t.close());

interface LoginAnswer {
  status: number;
  code: number;
  msg: string;
  data: { token?: string; notice?: string; captchaRequired?: boolean; retryAfterSeconds?: number } | null;
}

const issueCaptcha = async (from: string) => (await t.app.inject({ method: 'POST', url: '/api/oauth/captcha', remoteAddress: from })).json().data.key as string;

/** The login form from one address; `captcha` answers a freshly issued captcha. */
const login = async (account: string, password: string, from: string, captcha = false): Promise<LoginAnswer> => {
  const fields: Record<string, string> = { account, password };
  if (captcha) Object.assign(fields, { code: captchaAnswer, timestamp: await issueCaptcha(from) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/Login',
    remoteAddress: from,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: response.statusCode, ...response.json() };
};

const failuresRecorded = async (account: string) => (await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.account, account))).filter((a) => !a.succeeded).length;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) => t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

const userRow = async (admin: string, account: string) =>
  (await call('GET', `/api/system/Permission/Users?account=${account}`, admin)).json().data.list.find((u: { account: string }) => u.account === account);

describe('the wait after each failure', () => {
  it('is nothing up to the 4th failure, then 1 s doubling, at most 15 minutes', () => {
    expect([1, 2, 3, 4].map(waitAfterFailures)).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 14, 15, 16, 200].map(waitAfterFailures)).toEqual([1000, 2000, 4000, 8000, 512_000, 900_000, 900_000, 900_000]);
  });
});

describe('sign-in throttling per account and address', () => {
  it("a stranger's 20 failures from one address never stop the owner signing in from theirs, with the captcha", async () => {
    for (let n = 1; n <= 20; n++) {
      // each try comes after the previous wait has passed, so every one is counted
      advance(16 * 60_000);
      const answer = await login('victim', wrong, stranger, n > 3);
      expect(answer.status, `failure ${n}`).toBe(400);
      expect(answer.data?.captchaRequired, `failure ${n}`).toBe(n >= 3);
    }
    expect(await failuresRecorded('victim')).toBe(20);
    const twentieth = clock.now();

    // the stranger now waits the longest wait, whatever they send, and the wait is not a new failure
    const waiting = await login('victim', demoPasswordMd5, stranger, true);
    expect(waiting).toMatchObject({ status: 429, code: 429, msg: '登录失败次数过多，请15分钟后再试', data: { captchaRequired: true, retryAfterSeconds: 900 } });
    expect(await failuresRecorded('victim')).toBe(20);

    // the owner, from their own address, is never made to wait: 20 failures ask them for the captcha
    advance(1000);
    const noCaptcha = await login('victim', demoPasswordMd5, owner);
    expect(noCaptcha).toMatchObject({ status: 400, msg: '请输入验证码', data: { captchaRequired: true } });
    const ownerIn = await login('victim', demoPasswordMd5, owner, true);
    expect(ownerIn.status).toBe(200);
    expect(ownerIn.data?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ownerIn.data?.notice).toBe(`上次登录后有20次失败的登录尝试，最近一次来自 IP ${stranger} 于 ${shanghaiDateTime(twentieth)}`);

    // the owner's success clears nothing for the stranger's address
    expect((await login('victim', demoPasswordMd5, stranger, true)).status).toBe(429);
  });

  it('makes one address wait 1 s, 2 s, 4 s … after each failure from the 5th, at most 15 minutes, answered 429 in Chinese', async () => {
    const from = '192.0.2.55';
    for (let n = 1; n <= 4; n++) {
      const answer = await login('slowpoke', wrong, from, n > 3);
      expect(answer).toMatchObject({ status: 400, msg: '账号或密码错误' });
    }
    const waits: number[] = [];
    for (let n = 5; n <= 16; n++) {
      const answer = await login('slowpoke', wrong, from, true);
      expect(answer.status, `failure ${n}`).toBe(400);
      const wait = answer.data!.retryAfterSeconds!;
      waits.push(wait);
      expect(answer.msg).toBe(`账号或密码错误，请${wait < 60 ? `${wait}秒` : `${Math.ceil(wait / 60)}分钟`}后再试`);
      // one millisecond before the wait ends, even the right password is not checked
      advance(wait * 1000 - 1);
      const early = await login('slowpoke', demoPasswordMd5, from, true);
      expect(early).toMatchObject({ status: 429, msg: '登录失败次数过多，请1秒后再试', data: { retryAfterSeconds: 1 } });
      advance(1);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(await failuresRecorded('slowpoke')).toBe(16);

    // once the wait is over the right password (with the captcha) signs in and the count starts again
    expect((await login('slowpoke', demoPasswordMd5, from, true)).status).toBe(200);
    expect(await login('slowpoke', wrong, from)).toMatchObject({ status: 400, msg: '账号或密码错误', data: { captchaRequired: false } });
  });

  it('forgets failures after 24 hours', async () => {
    const from = '192.0.2.56';
    for (let n = 1; n <= 3; n++) await login('changer', wrong, from, n > 3);
    expect((await login('changer', demoPasswordMd5, from)).msg).toBe('请输入验证码');
    advance(24 * 3_600_000 + 1);
    const answer = await login('changer', demoPasswordMd5, from);
    expect(answer.status).toBe(200);
    // the lapsed failures are still told of once
    expect(answer.data?.notice).toMatch(/^上次登录后有3次失败的登录尝试，最近一次来自 IP 192\.0\.2\.56 于 /);
  });

  it('spends a captcha on one answer, right or wrong', async () => {
    const from = '192.0.2.57';
    for (let n = 1; n <= 3; n++) await login('changer', wrong, from);
    const key = await issueCaptcha(from);
    const form = (code: string) => ({ account: 'changer', password: demoPasswordMd5, code, timestamp: key });
    const send = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        remoteAddress: from,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    expect((await send(form('zzzz'))).json().msg).toBe('验证码错误或已过期');
    expect((await send(form(captchaAnswer))).json().msg).toBe('验证码错误或已过期，请1秒后再试');
  });

  it('tells of failures once: the next sign-in after a clean one carries no notice', async () => {
    const from = '192.0.2.58';
    advance(60_000);
    await login('admin', wrong, from);
    const first = await login('admin', demoPasswordMd5, from);
    expect(first.data?.notice).toBe(`上次登录后有1次失败的登录尝试，最近一次来自 IP ${from} 于 ${shanghaiDateTime(clock.now())}`);
    const second = await login('admin', demoPasswordMd5, from);
    expect(second.status).toBe(200);
    expect(second.data).not.toHaveProperty('notice');
  });
});

describe('已限制登录 on the 用户 page', () => {
  it('shows an administrator the limit and when it lifts; 解除限制 lifts it and is logged', async () => {
    const from = '192.0.2.77';
    for (let n = 1; n <= 6; n++) {
      advance(16 * 60_000);
      await login('limited', wrong, from, n > 3);
    }
    const lastFailure = clock.now().getTime();
    const admin = await signIn(t.app);

    const row = await userRow(admin, 'limited');
    expect(row.loginLimit).toEqual({
      failures: 6,
      captchaRequired: true,
      // the 6th failure's 2 s
      limitedUntil: new Date(lastFailure + 2000).toISOString(),
      lastFailureAt: new Date(lastFailure).toISOString(),
      lastFailureIp: from,
    });
    expect((await userRow(admin, 'admin')).loginLimit).toBeNull();

    const id = row.id as string;
    const released = await call('POST', `/api/system/Permission/Users/${id}/Actions/ReleaseLoginLimit`, admin);
    expect(released.json()).toEqual({ code: 200, msg: '已解除限制', data: { releasedFailures: 6 } });
    expect((await userRow(admin, 'limited')).loginLimit).toBeNull();

    // the address may try at once, without the captcha, and the user is still told of the failures
    const answer = await login('limited', demoPasswordMd5, from);
    expect(answer.status).toBe(200);
    expect(answer.data?.notice).toMatch(/^上次登录后有6次失败的登录尝试/);

    const log = (await call('GET', `/api/system/log?target=user&targetId=${id}`, admin)).json().data.list[0];
    expect(log).toMatchObject({ account: 'admin', action: 'update', summary: '解除用户「limited」的登录限制', after: { releasedFailures: 6 } });
    expect(log.before.loginLimit).toMatchObject({ failures: 6, lastFailureIp: from });
  });

  it('is refused without the 用户 page, and another tenant cannot reach the user', async () => {
    const from = '192.0.2.78';
    for (let n = 1; n <= 3; n++) await login('victim', wrong, from);
    const admin = await signIn(t.app);
    const id = (await userRow(admin, 'victim')).id as string;
    const url = `/api/system/Permission/Users/${id}/Actions/ReleaseLoginLimit`;

    const finance = await signIn(t.app, 'mwfinance', 'mw');
    const refused = await call('POST', url, finance);
    expect(refused.statusCode).toBe(403);
    const otherTenant = await call('POST', url, await signIn(t.app, 'mwadmin', 'mw'));
    expect(otherTenant.statusCode).toBe(404);
    expect(otherTenant.json().msg).toBe('用户不存在');

    // nothing was released: the address still needs the captcha
    expect((await userRow(admin, 'victim')).loginLimit).toMatchObject({ failures: 3, captchaRequired: true, limitedUntil: null, lastFailureIp: from });
    expect((await login('victim', demoPasswordMd5, from)).msg).toBe('请输入验证码');
  });
});
