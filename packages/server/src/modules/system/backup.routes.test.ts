import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app);
});
afterAll(() => t.close());

const overview = async (token = admin) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/system/Backup', headers: { authorization: token } });
  return {
    status: response.statusCode,
    body: response.json<{
      code: number;
      data: { running: boolean; list: { name: string; bytes: number; createdAt: string }[]; nightly: { enabled: boolean; keep: number; hour: number } };
    }>(),
  };
};

describe('系统管理 > 备份', () => {
  it('shows no backup at first, then the one 立即备份 took, and streams it to the platform administrator', async () => {
    const first = await overview();
    expect(first.status).toBe(200);
    expect(first.body.data.list).toEqual([]);
    expect(first.body.data.nightly).toMatchObject({ keep: 7, hour: 3 });

    const started = await t.app.inject({ method: 'POST', url: '/api/system/Backup', headers: { authorization: admin } });
    expect(started.json()).toMatchObject({ code: 200, msg: '已开始备份', data: { running: true } });
    let list = first.body.data.list;
    for (let tries = 0; list.length === 0 && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await overview();
      if (!now.body.data.running) list = now.body.data.list;
    }
    expect(list).toHaveLength(1);
    const [backup] = list;
    expect(backup!.name).toMatch(/^backup-\d{8}-\d{6}Z\.tar\.gz$/);

    const download = await t.app.inject({ method: 'GET', url: `/api/system/Backup/${backup!.name}/Download`, headers: { authorization: admin } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toContain(encodeURIComponent(backup!.name));
    expect(download.rawPayload.length).toBe(backup!.bytes);
    // a tar whose first entry is the database dump
    const tar = gunzipSync(download.rawPayload);
    expect(tar.subarray(0, 100).toString('utf8')).toMatch(/^database\/(pglite\.tar|postgres\.dump)/);

    // both are in the operation log: who took a backup, and who took every tenant's data away
    const log = await t.app.inject({ method: 'GET', url: '/api/system/log?module=system', headers: { authorization: admin } });
    const summaries = log.json<{ data: { list: { summary: string; action: string }[] } }>().data.list.map((entry) => `${entry.action} ${entry.summary}`);
    expect(summaries).toContain('create 立即备份');
    expect(summaries).toContain(`export 下载备份「${backup!.name}」`);
  });

  it("is the platform's alone: another tenant's administrator is refused every part, and nobody signed out gets in", async () => {
    const mwadmin = await signIn(t.app, 'mwadmin', 'mw');
    const { body } = await overview();
    const name = body.data.list[0]?.name ?? 'backup-20260101-000000Z.tar.gz';
    for (const [method, url] of [
      ['GET', '/api/system/Backup'],
      ['POST', '/api/system/Backup'],
      ['GET', `/api/system/Backup/${name}/Download`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: { authorization: mwadmin } })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('downloads nothing but a backup of its own name', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '.backup-control.json', 'backup-20260101-000000Z.tar.gz%2F..']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/system/Backup/${name}/Download`, headers: { authorization: admin } });
      expect(response.statusCode).toBe(400);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/system/Backup/backup-20200101-000000Z.tar.gz/Download', headers: { authorization: admin } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, msg: '备份文件不存在' });
  });
});
