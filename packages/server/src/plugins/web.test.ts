import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingLots, tenants } from '../db/schema/index.js';
import { buildTestApp, fixedClock, signIn, type TestApp } from '../test/test-app.js';

// a built console as `vite build` leaves it: index.html and a hashed script, each with its .br and .gz copies
const indexHtml = '<!doctype html><html><head><script type="module" src="./assets/index-Ab12_-yZ.js"></script></head><body><div id="root"></div></body></html>';
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'行${i}'`).join(', ')}];\n`;
const scriptUrl = '/assets/index-Ab12_-yZ.js';

const writeBuilt = (dir: string, name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
  writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
};

let t: TestApp;
let admin: string;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'parking-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeBuilt(webDist, 'index.html', indexHtml);
  writeBuilt(join(webDist, 'assets'), 'index-Ab12_-yZ.js', script);
  t = await buildTestApp({ config: { webDist }, now: fixedClock('2026-05-01T10:00:00+08:00').now });
  admin = await signIn(t.app);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const immutable = 'public, max-age=31536000, immutable';

describe('the built console', () => {
  it('sends a hashed script as brotli when the browser accepts it, kept for a year', async () => {
    const response = await get(scriptUrl, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(immutable);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip when the browser accepts only gzip', async () => {
    const response = await get(scriptUrl, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(immutable);
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is to a browser that accepts no compression', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await get(scriptUrl, headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe(immutable);
      expect(response.body).toBe(script);
    }
  });

  it('has index.html checked with the server at every use, compressed or not', async () => {
    for (const url of ['/', '/index.html']) {
      const compressed = await get(url, { 'accept-encoding': 'br' });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers['content-type']).toMatch(/^text\/html/);
      expect(compressed.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(indexHtml);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.body).toBe(indexHtml);
    }
  });
});

describe('API answers', () => {
  it('compresses a JSON answer over 1 KB, br before gzip', async () => {
    const plain = await get('/api/oauth/CurrentUser', { authorization: admin });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/api/oauth/CurrentUser', { authorization: admin, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/oauth/CurrentUser', { authorization: admin, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a JSON answer under 1 KB as it is', async () => {
    const response = await get('/config.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ apiBaseUrl: '' });
  });

  it('sends PNG and xlsx files as they are: they are compressed already', async () => {
    const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
    const [lot] = await t.database.db.insert(parkingLots).values({ tenantId: demo!.id, name: '海岸城停车场', type: 1, kind: 'lane' }).returning();
    const png = await get(`/api/system/Parking/BuildGateParkingQRCode/${lot!.id}`, { authorization: admin, 'accept-encoding': 'gzip, deflate, br' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    const xlsx = await get('/api/system/log/Actions/Export?action=login', { authorization: admin, 'accept-encoding': 'gzip, deflate, br' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    // an xlsx file is a zip archive: it starts with PK
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
