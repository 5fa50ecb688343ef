import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { apiAs } from '../support/api.js';
import { openFromSidebar } from '../support/sidebar.js';
import { expect, mwAdmin, signedOut, signIn, test } from '../support/signed-in.fixtures.js';

test.describe.configure({ mode: 'serial' });

test('系统管理 > 备份: the platform administrator sees no backup, takes one, and downloads the file', async ({ page }) => {
  await page.goto('/');
  await openFromSidebar(page, '系统管理', '备份', /#\/system\/backup/);
  const view = page.locator('.backup-page');
  // no other spec takes a backup, and the browser tests' server has no nightly one (BACKUP_KEEP=0)
  await expect(view.getByText('暂无备份').first()).toBeVisible();

  await view.getByRole('button', { name: '立即备份' }).click();
  const confirm = page.locator('.ant-modal-confirm', { hasText: '立即备份' });
  await expect(confirm).toContainText('backups');
  await confirm.getByRole('button', { name: '备份' }).click();
  await expect(page.locator('.ant-message').getByText('已开始备份')).toBeVisible();

  const row = view.locator('.backup-list .ant-table-row').first();
  await expect(row).toContainText(/backup-\d{8}-\d{6}Z\.tar\.gz/, { timeout: 30_000 });
  await expect(row).toContainText(/\d+(\.\d)? (KB|MB)/);
  await expect(view.getByText('最近一次备份')).toBeVisible();
  await expect(view.getByRole('button', { name: '立即备份' })).toBeEnabled();

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: '下载' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^backup-\d{8}-\d{6}Z\.tar\.gz$/);
  const bytes = readFileSync(await download.path());
  // a gzipped tar whose first entry is the embedded database's dump
  expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  expect(gunzipSync(bytes).subarray(0, 19).toString('utf8')).toBe('database/pglite.tar');
});

test("another tenant's administrator has no 备份 menu, and the server refuses the list, the backup and the download", async ({ browser }, testInfo) => {
  const context = await browser.newContext(signedOut(testInfo));
  const page = await context.newPage();
  await signIn(page, mwAdmin);
  await page.getByRole('menuitem', { name: /系统管理/ }).click();
  await expect(page.getByRole('menuitem', { name: /用户/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /备份/ })).toHaveCount(0);
  await page.goto('/#/system/backup');
  await expect(page).toHaveURL(/#\/404/);
  const api = await apiAs(page);
  expect((await api.get('/api/system/Backup')).status).toBe(403);
  expect((await api.post('/api/system/Backup')).status).toBe(403);
  const download = await page.request.get('/api/system/Backup/backup-20260101-000000Z.tar.gz/Download', {
    headers: { authorization: (await context.cookies()).find((c) => c.name === 'SMART-TOKEN')!.value },
  });
  expect(download.status()).toBe(403);
  await context.close();
});
