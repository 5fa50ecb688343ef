import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants, users } from '../../db/schema/index.js';
import { buildTestApp, demoPasswordMd5, fixedClock, postLogin, type TestApp } from '../../test/test-app.js';
import type { SmsSender } from './sms-sender.js';

const sent: { mobile: string; code: string }[] = [];
const capturingSender: SmsSender = { name: 'capture', send: async ({ mobile, code }) => void sent.push({ mobile, code }) };

// the app's clock stands still: a code's 60 s and 5 minutes are counted from it, not from how fast the test runs
const clock = fixedClock('2026-03-10T02:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now, smsSender: capturingSender, config: { loginRateLimit: 8 } });
  await t.database.db.update(tenants).set({ smsCaptchaOpen: true }).where(eq(tenants.code, 'mw'));
  await t.database.db.update(users).set({ mobile: '13812345678' }).where(eq(users.account, 'mwadmin'));
});
afterAll(() => t.close());

const sendCode = (username: string) => t.app.inject({ method: 'POST', url: '/api/oauth/sentSmscode/mw', payload: { username } });

describe('SMS codes when a tenant turns them on', () => {
  it('requires the code at sign-in, sends one at most every 60 s, and accepts it once', async () => {
    const withoutCode = await postLogin(t.app, { account: 'mwadmin', password: demoPasswordMd5, tenant: 'mw' });
    expect(withoutCode.json()).toMatchObject({ code: 400, msg: '请输入短信验证码' });

    const first = await sendCode('mwadmin');
    expect(first.json()).toMatchObject({ code: 200, data: { sentTo: '138****5678', expiresIn: 300 } });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.code).toMatch(/^\d{6}$/);

    const second = await sendCode('mwadmin');
    expect(second.statusCode).toBe(429);
    expect(second.json().msg).toMatch(/^短信发送过于频繁，请\d+秒后再试$/);
    expect(sent).toHaveLength(1);

    const wrongCode = sent[0]!.code === '000000' ? '111111' : '000000';
    const wrong = await postLogin(t.app, { account: 'mwadmin', password: demoPasswordMd5, tenant: 'mw', smsCode: wrongCode });
    expect(wrong.json().msg).toContain('短信验证码错误或已过期');

    const right = await postLogin(t.app, { account: 'mwadmin', password: demoPasswordMd5, tenant: 'mw', smsCode: sent[0]!.code });
    expect(right.json().code).toBe(200);
    const reused = await postLogin(t.app, { account: 'mwadmin', password: demoPasswordMd5, tenant: 'mw', smsCode: sent[0]!.code });
    expect(reused.json().msg).toContain('短信验证码错误或已过期');
  });

  it('refuses an account with no phone without sending anything', async () => {
    const response = await sendCode('mwfinance');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('账号不存在或未绑定手机号');
    expect(sent).toHaveLength(1);
  });
});

describe('per-IP rate limit on sign-in', () => {
  it('answers 429 with a Chinese msg once an address passes the limit', async () => {
    const statuses: number[] = [];
    let last = { code: 0, msg: '' };
    for (let i = 0; i < 10; i++) {
      const r = await postLogin(t.app, { account: 'nobody', password: demoPasswordMd5, tenant: 'demo' }, {});
      statuses.push(r.statusCode);
      last = r.json();
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(last.code).toBe(429);
    expect(last.msg).toMatch(/^请求过于频繁，请\d+秒后再试$/);
  });
});
