import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoggingTestApp, demoPasswordMd5, postLogin } from '../test/test-app.js';
import { requestIdOf } from './request-log.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string | null;
  status?: number;
  durationMs?: number;
  tenantId?: string;
  userId?: string;
}

let logged: Awaited<ReturnType<typeof buildLoggingTestApp>>;
let server: FastifyInstance;

beforeAll(async () => {
  logged = await buildLoggingTestApp((routes) => {
    routes.get('/api/test/failing', { config: { public: true } }, async () => {
      throw new Error('boom');
    });
  });
  server = logged.server;
});
afterAll(() => logged.close());

/** The one line logged when the request of this id was answered. */
const answeredLine = (requestId: string) => {
  const lines = logged.lines
    .join('')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.reqId === requestId && line.msg === 'request answered');
  expect(lines, `lines answered for ${requestId}`).toHaveLength(1);
  return lines[0]!;
};

const idOf = (response: { headers: Record<string, unknown> }) => String(response.headers['x-request-id']);

describe('requestIdOf', () => {
  it('keeps a caller’s id only when it is 8 to 64 letters, digits and dashes', () => {
    for (const kept of ['abcd1234', 'A-B-C-D-1', randomUUID(), 'x'.repeat(64)]) expect(requestIdOf(kept)).toBe(kept);
    for (const refused of [undefined, '', 'short', 'x'.repeat(65), 'has space 1', 'quote"1234', 'line\nbreak1', 'under_score1', '请求编号12345678', ['abcd1234', 'efgh5678']]) {
      const id = requestIdOf(refused);
      expect(id).not.toBe(refused);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('each request', () => {
  it('gets a random id in x-request-id and one JSON line naming its route’s pattern, never the raw URL or its query', async () => {
    const lotId = randomUUID();
    const response = await server.inject({ method: 'GET', url: `/api/system/Parking/${lotId}/EventRules?phone=13800138000` });
    expect(response.statusCode).toBe(401);
    const id = idOf(response);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = answeredLine(id);
    expect(line).toMatchObject({ level: 30, method: 'GET', route: '/api/system/Parking/:id/EventRules', status: 401 });
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    expect(line).not.toHaveProperty('tenantId');
    const text = JSON.stringify(line);
    expect(text).not.toContain(lotId);
    expect(text).not.toContain('13800138000');
    // two requests, two ids
    expect(idOf(await server.inject({ method: 'GET', url: '/config.json' }))).not.toBe(id);
  });

  it('keeps a safe x-request-id sent by a proxy in front, and replaces an unsafe one', async () => {
    const kept = await server.inject({ method: 'GET', url: '/config.json', headers: { 'x-request-id': 'lb-7f3a9c21' } });
    expect(idOf(kept)).toBe('lb-7f3a9c21');
    expect(answeredLine('lb-7f3a9c21')).toMatchObject({ method: 'GET', route: '/config.json', status: 200 });
    const replaced = await server.inject({ method: 'GET', url: '/config.json', headers: { 'x-request-id': '"}, {"level":60' } });
    expect(idOf(replaced)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the tenant and the user once signed in, and never the password or the token', async () => {
    const signedIn = await postLogin(server, { account: 'admin', password: demoPasswordMd5, tenant: 'demo' });
    const token = signedIn.json<{ data: { token: string } }>().data.token;
    const me = await server.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: token } });
    expect(me.statusCode).toBe(200);
    const line = answeredLine(idOf(me));
    expect(line).toMatchObject({ route: '/api/oauth/CurrentUser', status: 200 });
    expect(line.tenantId).toMatch(/^[0-9a-f-]{36}$/);
    expect(line.userId).toMatch(/^[0-9a-f-]{36}$/);
    const log = logged.lines.join('');
    expect(log).not.toContain(token);
    expect(log).not.toContain(demoPasswordMd5);
  });

  it('answers an unknown path and a failure with the id too; a 5xx line is an error, its body the envelope alone', async () => {
    const unknown = await server.inject({ method: 'GET', url: '/api/no/such/path?phone=13800138000' });
    expect(unknown.statusCode).toBe(404);
    expect(answeredLine(idOf(unknown))).toMatchObject({ route: null, status: 404 });

    const failing = await server.inject({ method: 'GET', url: '/api/test/failing', headers: { 'x-request-id': 'user-report-0001' } });
    expect(failing.statusCode).toBe(500);
    expect(idOf(failing)).toBe('user-report-0001');
    // the body names the same id, for a caller (a device) that keeps only the body
    expect(failing.json()).toEqual({ code: 500, msg: '服务器内部错误，请稍后再试', data: { requestId: 'user-report-0001' } });
    expect(answeredLine('user-report-0001')).toMatchObject({ level: 50, route: '/api/test/failing', status: 500 });
    // the failure's own line carries the same id, so the 请求编号 leads to the cause
    expect(logged.lines.some((line) => line.includes('"reqId":"user-report-0001"') && line.includes('request failed'))).toBe(true);
  });

  it('leaves the health probes out of the log at info, but still gives them an id', async () => {
    const before = logged.lines.length;
    const live = await server.inject({ method: 'GET', url: '/healthz' });
    const ready = await server.inject({ method: 'GET', url: '/readyz' });
    expect([live.statusCode, ready.statusCode]).toEqual([200, 200]);
    expect(idOf(live)).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged.lines.slice(before)).toEqual([]);
  });
});
