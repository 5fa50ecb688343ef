import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { amapTestKeys, routeAMapScript, routeConfigWithAMapKey, shenzhenBay } from './fake-amap.js';
import { ParkingAdminPage } from './parking-admin.page.js';

// The shared server runs without AMAP_KEY; the key path routes /config.json and the AMap script here.

const stamp = Date.now().toString(36);
const mapFailed = '地图加载失败，请检查网络或高德地图 Key 配置，可直接输入经纬度';

test.describe.configure({ mode: 'serial' });

/** Removes this spec's lots, so the shared database keeps only what other specs expect. */
async function removeLots(page: Page) {
  const api = await apiAs(page);
  const lots = (await api.get<{ list: { id: string }[] }>(`/api/system/Parking?pageSize=100&name=${encodeURIComponent(stamp)}`)).body.data.list;
  for (const lot of lots) expect((await api.delete(`/api/system/Parking/${lot.id}`)).body.msg).toBe('删除成功');
}

test('without an AMap key the lot form has coordinates and the cascader, and no map', async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await admin.visit('停车场');
  await admin.create();
  await expect(admin.field('经度')).toBeVisible();
  await expect(admin.dialog.locator('.region-cascader')).toBeVisible();
  await expect(admin.dialog.getByRole('button', { name: /地图选点/ })).toHaveCount(0);
  await admin.field('经度').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/lotmap-lot-form-no-key.png' });
});

test('with a key the operator searches a place, picks it, and the form gets its address and coordinates', async ({ page }) => {
  await routeConfigWithAMapKey(page);
  const asked = await routeAMapScript(page, 'fake');
  const admin = new ParkingAdminPage(page);
  await admin.visit('停车场');
  await admin.create();
  await admin.field('经度').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/lotmap-lot-form-with-key.png' });

  await admin.dialog.getByRole('button', { name: /地图选点/ }).click();
  const picker = page.getByRole('dialog', { name: '地图选点' });
  await expect(picker.locator('.fake-amap')).toBeVisible();
  expect(asked).toEqual([`https://webapi.amap.com/maps?v=2.0&key=${amapTestKeys.amapKey}&plugin=AMap.AutoComplete,AMap.PlaceSearch,AMap.Geocoder`]);
  expect(await page.evaluate(() => (window as { __amapSecurityCodeSeen?: string }).__amapSecurityCodeSeen)).toBe(amapTestKeys.amapSecurityCode);
  await expect(picker.getByRole('button', { name: '确定' })).toBeDisabled();

  await picker.getByLabel('搜索地点').fill('深圳湾');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: shenzhenBay.name }).click();
  const address = `${shenzhenBay.district}${shenzhenBay.address}`;
  await expect(picker.getByLabel('搜索地点')).toHaveValue(shenzhenBay.name);
  await expect(picker.locator('.map-picker-picked')).toContainText(address);
  await expect(picker.locator('.map-picker-picked')).toContainText('经度 113.942616，纬度 22.519882');
  await expect(picker.locator('.fake-amap-marker')).toHaveText('标记 113.942616, 22.519882');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(picker.getByRole('button', { name: '确定' })).toBeEnabled();
  await page.waitForTimeout(300); // the dropdown's and the button's transitions, for a still screenshot
  await page.screenshot({ path: '/tmp/lotmap-map-modal.png' });
  await picker.getByRole('button', { name: '确定' }).click();
  await expect(picker).toBeHidden();

  await expect(admin.field('地址')).toHaveValue(address);
  await expect(admin.field('经度')).toHaveValue('113.942616');
  await expect(admin.field('纬度')).toHaveValue('22.519882');

  // a click on the map moves the marker; 取消 leaves the form as it was
  await admin.dialog.getByRole('button', { name: /地图选点/ }).click();
  await expect(picker.locator('.fake-amap-marker')).toHaveText('标记 113.942616, 22.519882');
  await picker.locator('.fake-amap').click({ position: { x: 300, y: 200 } });
  await expect(picker.locator('.map-picker-picked')).toContainText('经度 113.930000，纬度 22.540000');
  await expect(picker.locator('.map-picker-picked')).toContainText('广东省深圳市南山区粤海街道科技园');
  await picker.getByRole('button', { name: /取\s*消/ }).click();
  await expect(admin.field('经度')).toHaveValue('113.942616');

  await admin.fill('停车场名称', `地图选点停车场${stamp}`);
  await admin.pickOption(admin.field('停车场类型'), '商业');
  await admin.save('新增成功');
  await admin.searchByName('停车场名称', `地图选点停车场${stamp}`);
  expect(await admin.cell(admin.row(`地图选点停车场${stamp}`), '地址')).toBe(address);
  await removeLots(page);
});

test('with a key but no reachable AMap the picker says so, and typed coordinates still save', async ({ page }) => {
  await routeConfigWithAMapKey(page);
  await routeAMapScript(page, 'unreachable');
  const admin = new ParkingAdminPage(page);
  await admin.visit('停车场');
  await admin.create();
  await admin.dialog.getByRole('button', { name: /地图选点/ }).click();
  const picker = page.getByRole('dialog', { name: '地图选点' });
  await expect(picker.getByText(mapFailed)).toBeVisible();
  await expect(picker.locator('.map-picker-map')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/lotmap-map-failed.png' });
  await picker.getByRole('button', { name: /取\s*消/ }).click();

  await admin.fill('停车场名称', `手输坐标停车场${stamp}`);
  await admin.pickOption(admin.field('停车场类型'), '商业');
  await admin.fill('经度', '113.947');
  await admin.fill('纬度', '22.531');
  await admin.save('新增成功');
  const api = await apiAs(page);
  const [lot] = (await api.get<{ list: { lng: number; lat: number }[] }>(`/api/system/Parking?name=${encodeURIComponent(`手输坐标停车场${stamp}`)}`)).body.data.list;
  expect(lot).toMatchObject({ lng: 113.947, lat: 22.531 });
  await removeLots(page);
});
