import { readFile } from 'node:fs/promises';
import { decodeQrPng, readZip } from '../../packages/server/src/test/qr-zip.js';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { ParkingAdminPage } from './parking-admin.page.js';

const stamp = Date.now().toString(36);
const lotName = `二维码测试停车场${stamp}`;

test("停车场: 二维码 shows the lot's code and downloads it; 泊位二维码 downloads every space's code in a zip", async ({ page }, testInfo) => {
  const api = await apiAs(page);
  const lot = await api.post<{ id: string }>('/api/system/Parking', { name: lotName, type: 0, kind: 'space' });
  expect(lot.body.msg).toBe('新增成功');
  const batch = await api.post('/api/system/ParkingSpace/Actions/Batch', { lotId: lot.body.data.id, prefix: 'Q', start: 1, end: 3, digits: 3 });
  expect(batch.body.msg).toBe('已生成3个泊位');

  const admin = new ParkingAdminPage(page);
  await admin.visit('停车场');
  await admin.searchByName('停车场名称', lotName);
  const row = admin.row(lotName);
  await row.getByRole('button', { name: '二维码', exact: true }).click();
  const image = admin.dialog.getByRole('img', { name: `${lotName}二维码` });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await page.screenshot({ path: testInfo.outputPath('lot-qrcode.png') });
  const png = page.waitForEvent('download');
  await admin.dialog.getByRole('button', { name: '下载' }).click();
  const saved = await png;
  expect(saved.suggestedFilename()).toBe(`${lotName}.png`);
  const url = decodeQrPng(await readFile(await saved.path()));
  expect(url).toMatch(/\/m\/scan\?t=[\w-]+\.[\w-]+$/);
  // the code a driver scans names this lot, without signing in
  const resolved = await page.request.get(`/api/public/scan/resolve?t=${new URL(url).searchParams.get('t')}`, { headers: { cookie: '' } });
  expect((await resolved.json()).data).toMatchObject({ kind: 'lot', lotName, tenantCode: 'demo' });
  await admin.dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  await expect(admin.dialog).toBeHidden();

  const zip = page.waitForEvent('download');
  await row.getByRole('button', { name: '泊位二维码' }).click();
  const zipped = await zip;
  expect(zipped.suggestedFilename()).toBe(`${lotName}-泊位二维码.zip`);
  const files = await readZip(await readFile(await zipped.path()));
  expect([...files.keys()]).toEqual(['Q001.png', 'Q002.png', 'Q003.png']);
  expect(decodeQrPng(files.get('Q002.png')!)).toMatch(/\/m\/scan\?t=/);
});
