import type { OrderWarning, Paged } from '@parking/contract';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { freshBody, postSigned } from '../devices/device.page.js';
import { OrderWarningPage } from './order-warning.page.js';

// A lane lot of its own with an entry camera (set up through the API as tenant demo's admin); a
// blacklisted plate drives in, signed as the camera does, and raises 黑名单车辆入场. Then as staff:
// open the warning as its system message links to it, handle it with a remark, and keep the 黑名单.
const stamp = Date.now().toString(36).toUpperCase();
const lotName = `预警测试场${stamp}`;
const plate = `粤Y${stamp.slice(-5)}`;
const listedPlate = `粤X${stamp.slice(-5)}`;
const made = { lotId: '', laneId: '', deviceId: '', blacklistId: '', warningId: '' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  made.lotId = (await api.post<{ id: string }>('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 20 })).body.data.id;
  made.laneId = (await api.post<{ id: string }>('/api/system/ParkingLane', { lotId: made.lotId, name: '南入口', direction: 'in' })).body.data.id;
  const sn = `E2E-WARN-${stamp}`;
  const device = await api.post<{ id: string; secret: string }>('/api/system/Device', { sn, name: '南入口相机', type: 'camera', lotId: made.lotId, laneId: made.laneId });
  made.deviceId = device.body.data.id;
  const listed = await api.post<{ id: string }>('/api/system/OrderWarning/blacklist', { plateNumber: plate, reason: '多次冲卡' });
  expect(listed.body.msg).toBe('已加入黑名单');
  made.blacklistId = listed.body.data.id;

  const event = { ...freshBody('demo', sn), kind: 'lane_entry', deviceEventId: `in-${stamp}`, plate, plateColour: 0, confidence: 0.99, occurredAt: new Date().toISOString() };
  const response = await postSigned(page, '/api/device/events', device.body.data.secret, event);
  expect(response.status(), await response.text()).toBe(200);
  const warnings = await api.get<Paged<OrderWarning>>(`/api/system/OrderWarning?category=2&plateNumber=${encodeURIComponent(plate)}`);
  expect(warnings.body.data.list.map((w) => w.kind)).toEqual(['blacklist_entry']);
  made.warningId = warnings.body.data.list[0]!.id;
  await page.close();
});

test('车辆布控: the message link opens the warning on its tab; 处理 needs a remark and closes it', async ({ page }) => {
  const warnings = new OrderWarningPage(page);
  await warnings.visit(`?id=${made.warningId}&type=2`);
  await expect(warnings.tab('车辆布控')).toHaveAttribute('aria-selected', 'true');
  await expect(warnings.dialog).toBeVisible();
  await expect(warnings.dialog).toContainText('处理订单预警');
  await expect(warnings.dialog).toContainText(plate);
  await expect(warnings.dialog).toContainText(lotName);
  await expect(warnings.dialog).toContainText('拉黑原因：多次冲卡');
  await expect(warnings.current.locator('tr.order-warning-row--focused')).toContainText(plate);

  await warnings.dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(warnings.dialog.getByText('请填写处理说明')).toBeVisible();
  await warnings.dialog.getByPlaceholder(/请填写处理结果/).fill('已通知保安到场核实');
  await warnings.dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(warnings.dialog).toBeHidden();
  await warnings.expectMessage('处理成功');
  const row = warnings.row(plate);
  expect(await warnings.cell(row, '处理状态')).toBe('已处理');
  expect(await warnings.cell(row, '处理说明')).toBe('已通知保安到场核实');
  expect(await warnings.cell(row, '预警类型')).toBe('黑名单车辆入场');
  await page.screenshot({ path: '/tmp/order-warning-control.png', fullPage: true });
});

test('黑名单: add a plate, then take it off after confirming', async ({ page }) => {
  const warnings = new OrderWarningPage(page);
  await warnings.visit('?type=1');
  await warnings.tab('黑名单').click();
  await expect(page).toHaveURL(/type=blacklist/);
  await warnings.current.getByRole('button', { name: /新\s*增/ }).click();
  await warnings.dialog.getByLabel('车牌号').fill(listedPlate);
  await warnings.dialog.getByLabel('拉黑原因').fill('套牌嫌疑');
  await warnings.dialog.getByRole('button', { name: '保存' }).click();
  await expect(warnings.dialog).toBeHidden();
  await warnings.expectMessage('已加入黑名单');
  await warnings.searchPlate(listedPlate);
  await expect(warnings.rows).toHaveCount(1);
  expect(await warnings.cell(warnings.row(listedPlate), '拉黑原因')).toBe('套牌嫌疑');
  await page.screenshot({ path: '/tmp/order-warning-blacklist.png', fullPage: true });

  await warnings
    .row(listedPlate)
    .getByRole('button', { name: /移\s*出/ })
    .click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText(`确定将车牌「${listedPlate}」移出黑名单吗？`);
  await confirm.getByRole('button', { name: /移\s*出/ }).click();
  await warnings.expectMessage('已移出黑名单');
  await expect(warnings.rows).toHaveCount(0);
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  expect((await api.delete(`/api/system/OrderWarning/blacklist/${made.blacklistId}`)).body.code).toBe(200);
  expect((await api.delete(`/api/system/Device/${made.deviceId}`)).body.code).toBe(200);
  expect((await api.delete(`/api/system/ParkingLane/${made.laneId}`)).body.code).toBe(200);
  await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 1, kind: 'lane', totalSpaces: 20, enabled: false });
  await page.close();
});
