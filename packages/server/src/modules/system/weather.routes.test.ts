import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { qweatherProvider } from './weather.provider.js';

/** A stand-in for the provider on this machine: counts its calls and answers like QWeather. */
let calls: string[] = [];
let failNext = false;
const fake: Server = createServer((request, response) => {
  calls.push(request.url ?? '');
  const url = new URL(request.url ?? '/', 'http://x');
  if (failNext) {
    failNext = false;
    response.writeHead(500).end();
    return;
  }
  const body = url.searchParams.get('key') === 'k1' ? { code: '200', now: { text: '多云', temp: '18' } } : { code: '401' };
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
});

let baseUrl = '';
let withProvider: TestApp;
let without: TestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  withProvider = await buildTestApp({ config: { weatherProviderUrl: baseUrl, weatherProviderKey: 'k1' } });
  without = await buildTestApp();
});
afterAll(async () => {
  await withProvider.close();
  await without.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe('qweatherProvider', () => {
  it('reads text and temperature, and reports a refused key as an error', async () => {
    expect(await qweatherProvider(baseUrl, 'k1').now('101010100')).toEqual({ info: '多云', temperature: '18' });
    await expect(qweatherProvider(baseUrl, 'wrong').now('101010100')).rejects.toThrow('code 401');
  });
});

describe('GET /weather/real/{locationCode}', () => {
  it("fetches the tenant's weather once a day and serves the cache after", async () => {
    calls = [];
    const token = await signIn(withProvider.app);
    const ask = () => withProvider.app.inject({ method: 'GET', url: '/weather/real/101010100?timestamp=1', headers: { authorization: token } });
    const first = await ask();
    expect(first.json().data).toMatchObject({ info: '多云', temperature: '18' });
    expect(first.json().data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await ask();
    await ask();
    expect(calls.filter((c) => c.includes('location=101010100'))).toHaveLength(1);
  });

  it('says clearly when no provider is configured, and invents nothing', async () => {
    const token = await signIn(without.app);
    const response = await without.app.inject({ method: 'GET', url: '/weather/real/101010100', headers: { authorization: token } });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: 503, msg: '未配置天气服务（WEATHER_PROVIDER_URL），不显示天气', data: null });
    expect((await without.app.inject({ method: 'GET', url: '/config.json' })).json().weatherEnabled).toBe(false);
  });

  it("refuses a location other than the tenant's own, and a signed-out caller", async () => {
    const token = await signIn(withProvider.app);
    const other = await withProvider.app.inject({ method: 'GET', url: '/weather/real/101280601', headers: { authorization: token } });
    expect(other.statusCode).toBe(403);
    const signedOut = await withProvider.app.inject({ method: 'GET', url: '/weather/real/101010100' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('answers 502 when the provider fails, without caching the failure', async () => {
    const token = await signIn(withProvider.app, 'mwadmin', 'mw');
    failNext = true;
    const failed = await withProvider.app.inject({ method: 'GET', url: '/weather/real/101280601', headers: { authorization: token } });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().msg).toBe('天气服务暂时不可用');
    const retried = await withProvider.app.inject({ method: 'GET', url: '/weather/real/101280601', headers: { authorization: token } });
    expect(retried.json().data.info).toBe('多云');
  });
});
