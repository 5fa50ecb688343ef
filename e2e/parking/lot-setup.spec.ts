import { readFile } from 'node:fs/promises';
import { decodeQrPng, readZip } from '../../packages/server/src/test/qr-zip.js';
import { DevicePage, freshBody, postSigned } from '../devices/device.page.js';
import { apiAs } from '../support/api.js';
import { expect, mwAdmin, signIn, signedOut, test } from '../support/signed-in.fixtures.js';
import { ParkingAdminPage } from './parking-admin.page.js';

// The setup of a new gated lot from start to finish, as tenant mw's administrator (so tenant demo's
// message counts, read by other specs, stay as seeded): an area; a lane-based lot in it; its two
// lanes; 120 spaces by pattern; the lot's QR code opened on a phone; the space codes; the lot
// export; then a camera that reports, falls silent and turns up in the bell. Everything made here
// is removed at the end.
const stamp = Date.now().toString(36);
const areaName = `开场片区${stamp}`;
const lotName = `开场停车场${stamp}`;
const sn = `SETUP-CAM-${stamp}`.toUpperCase();

test('a new lane-based lot: area, lot, two lanes, A001–A120, QR codes, export, and a camera that goes offline', async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  await page.context().clearCookies();
  await signIn(page, mwAdmin);
  const admin = new ParkingAdminPage(page);

  await admin.visit('片区');
  await admin.create();
  await admin.fill('片区名称', areaName);
  await admin.save('新增成功');

  await admin.visit('停车场');
  await admin.create();
  await admin.fill('停车场名称', lotName);
  await admin.pickOption(admin.field('片区'), areaName);
  await admin.pickOption(admin.field('停车场类型'), '商业');
  await expect(admin.dialog.getByRole('radio', { name: '车道型' })).toBeChecked();
  await admin.save('新增成功');

  await admin.visit('车道');
  for (const [name, direction] of [
    ['北门入口', '入口'],
    ['北门出口', '出口'],
  ] as const) {
    await admin.create();
    await admin.pickOption(admin.field('停车场'), lotName);
    await admin.fill('车道名称', name);
    await admin.dialog.locator('.ant-radio-button-wrapper', { hasText: direction }).click();
    await admin.save('新增成功');
  }

  await admin.visit('泊位');
  await admin.current.getByRole('button', { name: /批量新增/ }).click();
  await admin.pickOption(admin.field('停车场'), lotName);
  await admin.dialog.getByRole('button', { name: '下一步' }).click();
  const batch = page.locator('.space-batch-page').filter({ visible: true });
  await expect(batch.getByRole('status')).toHaveText('将生成 120 个泊位：A001、A002、A003 … A120');
  await batch.getByRole('button', { name: '生成泊位' }).click();
  await expect(batch.getByText('已生成120个泊位', { exact: true })).toBeVisible();

  // the lot's code, downloaded, decoded and opened on a phone that is signed in nowhere
  await admin.visit('停车场');
  await admin.searchByName('停车场名称', lotName);
  const row = admin.row(lotName);
  // the counts follow the batch once the list reloads
  await expect.poll(() => admin.cell(row, '空闲/总车位')).toBe('120 / 120');
  await row.getByRole('button', { name: '二维码', exact: true }).click();
  const png = page.waitForEvent('download');
  await admin.dialog.getByRole('button', { name: '下载' }).click();
  const url = decodeQrPng(await readFile(await (await png).path()));
  await admin.dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  const phone = await browser.newContext({ ...signedOut(testInfo), viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  await phonePage.goto(url);
  await expect(phonePage.locator('.scan-landing')).toContainText(lotName);
  await expect(phonePage.locator('.scan-landing')).toContainText('停车场入口');
  await phonePage.screenshot({ path: testInfo.outputPath('scan-landing.png') });
  await phone.close();

  const zip = page.waitForEvent('download');
  await row.getByRole('button', { name: '泊位二维码' }).click();
  const files = await readZip(await readFile(await (await zip).path()));
  expect(files.size).toBe(120);
  expect(decodeQrPng(files.get('A120.png')!)).toMatch(/\/m\/scan\?t=[\w-]+\.[\w-]+$/);

  const exported = await admin.exportRows();
  expect(exported).toHaveLength(2);
  expect(exported[1]!.slice(0, 2)).toEqual([lotName, areaName]);

  // a camera of the lot: it reports, then stays silent past 3 cycles of 10 s
  const devices = new DevicePage(page);
  await devices.visit('outRoad');
  await devices.create();
  await devices.field('设备编号').fill(sn);
  await devices.field('设备名称').fill('北门出口相机');
  await devices.pickOption(devices.field('设备类型'), '车牌识别相机');
  await devices.pickOption(devices.field('停车场'), lotName);
  await devices.field('心跳周期').fill('10');
  await devices.dialog.getByRole('button', { name: '保存' }).click();
  const secret = await devices.takeSecret();
  for (let beat = 0; beat < 2; beat++) expect((await postSigned(page, '/api/device/heartbeat', secret, freshBody('mw', sn))).status()).toBe(200);
  await devices.reload();
  await expect.poll(() => devices.cell(devices.row(sn), '在线状态')).toBe('在线');
  await expect
    .poll(
      async () => {
        await devices.reload();
        return devices.cell(devices.row(sn), '在线状态');
      },
      { timeout: 50_000, intervals: [2_000] },
    )
    .toBe('离线');
  // tenant mw starts with no messages: the bell opens its dialog once its 10 s poll has counted the outage
  const bellButton = page.getByRole('button', { name: '系统消息' });
  await expect(bellButton.locator('.ant-badge-count')).toBeVisible({ timeout: 15_000 });
  await bellButton.click();
  const bell = page.locator('.message-dialog');
  await bell.getByRole('tab', { name: /^路外设备离线/ }).click();
  await expect(bell.locator('.message-list__item:visible', { hasText: sn })).toBeVisible();
  await page.keyboard.press('Escape');

  // leave tenant mw as it was
  const api = await apiAs(page);
  const device = await api.get<{ list: { id: string }[] }>(`/api/system/Device?parkingType=1&deviceNo=${sn}`);
  for (const d of device.body.data.list) expect((await api.delete(`/api/system/Device/${d.id}`)).body.code).toBe(200);
  const raised = await api.get<{ list: { id: string; businessId: string }[] }>('/api/system/systemMessage?messageTypeList=6');
  for (const message of raised.body.data.list.filter((m) => m.businessId === sn)) await api.delete(`/api/system/systemMessage/${message.id}`);
  const lot = await api.get<{ list: { id: string }[] }>(`/api/system/Parking?name=${encodeURIComponent(lotName)}`);
  const lotId = lot.body.data.list[0]!.id;
  for (const path of ['/api/system/ParkingSpace', '/api/system/ParkingLane']) {
    const listed = await api.get<{ list: { id: string }[] }>(`${path}?lotId=${lotId}&pageSize=1000`);
    for (const item of listed.body.data.list) await api.delete(`${path}/${item.id}`);
  }
  expect((await api.delete(`/api/system/Parking/${lotId}`)).body.msg).toBe('删除成功');
  const area = await api.get<{ list: { id: string }[] }>(`/api/system/ParkingArea?name=${encodeURIComponent(areaName)}`);
  expect((await api.delete(`/api/system/ParkingArea/${area.body.data.list[0]!.id}`)).body.msg).toBe('删除成功');
});
