import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('/api/docs', () => {
  it('describes every auth route from the same schemas that validate them', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.info.title).toBe('智慧停车管理平台 API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/oauth/Login',
        '/api/oauth/CurrentUser',
        '/api/oauth/Logout',
        '/api/oauth/captcha',
        '/api/oauth/getAconfig/{account}',
        '/api/oauth/sentSmscode/{account}',
        '/api/oauth/branding',
      ]),
    );
    const login = doc.paths['/api/oauth/Login'].post;
    expect(Object.keys(login.requestBody.content)).toContain('application/x-www-form-urlencoded');
    expect(login.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual(expect.arrayContaining(['account', 'password']));
  });

  it('serves the docs page without signing in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('serves the runtime config the console reads first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(response.json()).toEqual({ apiBaseUrl: '', amapKey: '', amapSecurityCode: '', weatherEnabled: false });
  });
});
