import { authPaths, devicePublicPaths } from '@parking/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from './modules/auth/passwords.js';
import { deviceBody, signatureOf } from './modules/devices/device-signing.js';
import { loggedError, loggedUrl } from './server-options.js';
import { buildLoggingTestApp, demoPasswordMd5, postLogin } from './test/test-app.js';

describe('loggedUrl', () => {
  it('keeps the path and the names of the query, never its values', () => {
    expect(loggedUrl('/api/system/Users?phone=13800138000&token=abc')).toBe('/api/system/Users?phone=…&token=…');
    expect(loggedUrl('/api/system/Users')).toBe('/api/system/Users');
  });
});

describe('loggedError', () => {
  it('drops the parameters drizzle writes into a failed query’s message, and the driver’s detail of its cause', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_phone"'), { code: '23505', detail: 'Key (phone)=(13800138000) already exists.' });
    const failed = new Error('Failed query: insert into users (phone) values ($1)\nparams: 13800138000', { cause });
    const logged = JSON.stringify(loggedError(failed));
    expect(logged).not.toContain('13800138000');
    expect(logged).toContain('insert into users');
    expect(logged).toContain('23505');
    expect(logged).toContain('users_phone');
  });

  it('masks the value PostgreSQL quotes in its own message', () => {
    const syntax = loggedError(new Error('invalid input syntax for type uuid: "13800138000"'));
    expect(syntax.message).toBe('invalid input syntax for type uuid: "…"');
    const range = loggedError(new Error('value "13800138000" is out of range for type integer'));
    expect(range.message).toBe('value "…" is out of range for type integer');
    expect(range.stack).not.toContain('13800138000');
  });
});

/** Each line of the server's log at info, the level a production server runs at. */
let logged: Awaited<ReturnType<typeof buildLoggingTestApp>>;
let server: FastifyInstance;

beforeAll(async () => {
  // a failure carrying a parameter, as any failed statement does: what reaches the log of a 500
  logged = await buildLoggingTestApp((routes, database) => {
    routes.get('/api/test/failing-statement', { config: { public: true } }, async () => database.db.execute(sql`select ${'13900139000-parameter'}::int`));
  });
  server = logged.server;
});
afterAll(() => logged.close());

describe('what a run leaves in the log at info', () => {
  it('holds no password, token, phone number, SQL parameter or device signature', async () => {
    const failedSignIn = await postLogin(server, { account: 'admin', password: md5Hex('wrong-password-1'), tenant: 'demo' });
    expect(failedSignIn.json().code).not.toBe(200);
    const signedIn = await postLogin(server, { account: 'admin', password: demoPasswordMd5, tenant: 'demo' });
    expect(signedIn.json().code).toBe(200);
    const token = signedIn.json().data.token as string;
    const listed = await server.inject({ method: 'GET', url: '/api/system/Permission/Users?keyword=13700137000', headers: { authorization: token } });
    expect(listed.statusCode).toBe(200);
    await server.inject({ method: 'POST', url: authPaths.smsCode.replace(':account', 'demo'), payload: { username: '13600136000' } });
    const device = { tenant: 'demo', sn: 'NO-SUCH-DEVICE' };
    const body = deviceBody(device.tenant, device.sn);
    const signature = signatureOf(devicePublicPaths.heartbeat, 'device-secret', body);
    await server.inject({ method: 'POST', url: devicePublicPaths.heartbeat, headers: { 'content-type': 'application/json', 'x-signature': signature }, payload: JSON.stringify(body) });
    // an address no route answers, its query holding a phone: Fastify's own "not found" line would keep it
    expect((await server.inject({ method: 'GET', url: '/api/no-such-route?phone=13500135000' })).statusCode).toBe(404);
    const failing = await server.inject({ method: 'GET', url: '/api/test/failing-statement' });
    expect(failing.statusCode).toBe(500);
    expect(failing.json().msg).toBe('服务器内部错误，请稍后再试');

    const log = logged.lines.join('');
    // the run did log: requests and the failure, so an empty log cannot pass
    expect(log).toContain('/api/oauth/Login');
    expect(log).toContain('request failed');
    // one line per request, request-log's: not Fastify's own pair beside it
    expect(log).toContain('request answered');
    expect(log).not.toContain('incoming request');
    expect(log).not.toContain('request completed');
    for (const secret of ['admin123', demoPasswordMd5, md5Hex('wrong-password-1'), token, '13700137000', '13600136000', '13900139000', '13500135000', signature]) {
      expect(log, `the log holds ${secret}`).not.toContain(secret);
    }
  });
});
