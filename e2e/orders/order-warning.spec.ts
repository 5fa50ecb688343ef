import type { OrderWarning, Paged } from '@parking/contract';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { freshBody, postSigned } from '../devices/device.page.js';
import { OrderWarningPage } from './order-warning.page.js';

// A lane lot of its own with an entry camera (set up through the API as tenant demo's admin); a
// plate on 黑白名单 as black drives in, signed as the camera does, is refused and raises 黑名单车辆入场.
// Then as staff: open the warning as its system message links to it, handle it with a remark, and
// find the list the plates are kept on from the page.
const stamp = Date.now().toString(36).toUpperCase();
const lotName = `预警测试场${stamp}`;
// digits only: a plate's letters leave out I and O, which a base-36 stamp may hold
const plate = `粤Y${String(Date.now() % 100_000).padStart(5, '0')}`;
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
  const listed = await api.post<{ id: string }>('/api/system/BlackWhiteList', { type: 'black', plateNumber: plate, reason: '多次冲卡' });
  expect(listed.body.msg).toBe('新增成功');
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

test('黑白名单: the plates 车辆布控 watches for are kept on 车主管理 > 黑白名单', async ({ page }) => {
  const warnings = new OrderWarningPage(page);
  await warnings.visit('?type=2');
  await expect(warnings.current.getByRole('tab', { name: '黑名单' })).toHaveCount(0);
  await warnings.current.getByRole('button', { name: '黑白名单' }).click();
  await expect(page).toHaveURL(/#\/customer\/blackWhiteList/);
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  expect((await api.post(`/api/system/BlackWhiteList/${made.blacklistId}/Actions/Remove`, { reason: '测试结束' })).body.code).toBe(200);
  expect((await api.delete(`/api/system/Device/${made.deviceId}`)).body.code).toBe(200);
  expect((await api.delete(`/api/system/ParkingLane/${made.laneId}`)).body.code).toBe(200);
  await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 1, kind: 'lane', totalSpaces: 20, enabled: false });
  await page.close();
});
