import { readFile } from 'node:fs/promises';
import { decodeQrPng } from '../../packages/server/src/test/qr-zip.js';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { ParkingAdminPage } from './parking-admin.page.js';

// A gated lot of its own with an entry, an exit and three spaces (set up through the API), then as
// an operator on 车道: the exit's 二维码, its PNG, and the sheet of every code of the lot to print.
const stamp = Date.now().toString(36);
const lotName = `车道二维码场${stamp}`;
const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

test('车道: 二维码 shows the exit lane’s code, downloads it as a PNG and prints every lane and space code of the lot', async ({ page }, testInfo) => {
  const api = await apiAs(page);
  const lot = await api.post<{ id: string }>('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 3 });
  expect(lot.body.msg).toBe('新增成功');
  const lotId = lot.body.data.id;
  for (const [name, direction, sortCode] of [
    ['南门入口', 'in', 0],
    ['南门出口', 'out', 1],
  ] as const) {
    expect((await api.post('/api/system/ParkingLane', { lotId, name, direction, releaseAfterPayment: true, enabled: true, sortCode })).body.msg).toBe('新增成功');
  }
  expect((await api.post('/api/system/ParkingSpace/Actions/Batch', { lotId, prefix: 'S', start: 1, end: 3, digits: 3 })).body.msg).toBe('已生成3个泊位');

  const admin = new ParkingAdminPage(page);
  await admin.visit('车道');
  await admin.searchOption(admin.current.locator('.resource-search').getByLabel('停车场', { exact: true }), lotName);
  await admin.current.locator('.resource-search').getByRole('button', { name: /查询/ }).click();
  await expect(admin.rows).toHaveCount(2);

  await admin.row('南门出口').getByRole('button', { name: '二维码', exact: true }).click();
  await expect(admin.dialog.getByText(`车道二维码 - ${lotName} 南门出口（出口）`)).toBeVisible();
  await expect(admin.dialog.getByText('贴在出口车道：车主扫码缴费后出场')).toBeVisible();
  const image = admin.dialog.getByRole('img', { name: `${lotName} 南门出口（出口）二维码` });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await page.screenshot({ path: testInfo.outputPath('lane-qrcode.png') });

  const download = page.waitForEvent('download');
  await admin.dialog.getByRole('button', { name: '下载' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`${lotName}-南门出口.png`);
  const png = await readFile(await saved.path());
  // a real PNG: its signature, then the IHDR chunk with the image's width and height
  expect([...png.subarray(0, 8)]).toEqual(pngSignature);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  expect(width).toBe(height);
  expect(width).toBeGreaterThanOrEqual(200);
  const url = decodeQrPng(png);
  expect(url).toMatch(/\/m\/exit\?t=[\w-]+\.[\w-]+$/);
  // what a driver's phone reads from that code, signed out: this lot's exit
  const resolved = await page.request.get(`/api/public/scan/resolve?t=${new URL(url).searchParams.get('t')}`, { headers: { cookie: '' } });
  expect((await resolved.json()).data).toMatchObject({ kind: 'lane', action: 'exit', lotName, laneName: '南门出口', tenantCode: 'demo' });

  await admin.dialog.getByRole('button', { name: '打印全场二维码' }).click();
  const sheet = page.locator('.qrcode-sheet');
  await expect(page.getByText(`打印全场二维码 - ${lotName}`)).toBeVisible();
  await expect(sheet.getByRole('heading', { name: `${lotName} 二维码` })).toBeVisible();
  await expect(sheet.getByRole('heading', { name: '车道（2）' })).toBeVisible();
  await expect(sheet.getByRole('heading', { name: '泊位（3）' })).toBeVisible();
  await expect(sheet.locator('figcaption strong')).toHaveText(['南门入口', '南门出口', 'S001', 'S002', 'S003']);
  await expect(sheet.locator('figure svg')).toHaveCount(5);
  await page.screenshot({ path: testInfo.outputPath('lane-qrcode-sheet.png') });

  // on paper only the sheet: the console behind the dialog is not printed
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#root')).toBeHidden();
  await expect(sheet.locator('figcaption strong')).toHaveText(['南门入口', '南门出口', 'S001', 'S002', 'S003']);
  await expect(page.getByRole('button', { name: /打\s*印$/ })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await page.evaluate(() => {
    const printed = window as unknown as { printed: number; print: () => void };
    printed.printed = 0;
    printed.print = () => (printed.printed += 1);
  });
  await page.getByRole('button', { name: /打\s*印$/ }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
});
