import type { OrderWarning, Paged } from '@parking/contract';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { freshBody, postSigned } from '../devices/device.page.js';
import { OrderWarningPage } from '../orders/order-warning.page.js';
import { BlackWhiteListPage } from './black-white-list.page.js';

// An operator puts a plate on 黑白名单 as black; the plate then drives up to a lane of a lot of this
// spec's own (its entry camera set up through the API and signing as the camera does): the barrier
// stays shut, the LED says why, and 订单预警 shows 黑名单车辆入场. Then the entry is taken off with a reason.
const stamp = Date.now().toString(36).toUpperCase();
// digits only: a plate's letters leave out I and O, which a base-36 stamp may hold
const digits = String(Date.now() % 100_000).padStart(5, '0');
const lotName = `名单测试场${stamp}`;
const plate = `粤Z${digits}`;
const made = { lotId: '', laneId: '', deviceId: '', sn: `E2E-BW-${stamp}`, secret: '' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  made.lotId = (await api.post<{ id: string }>('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 20 })).body.data.id;
  made.laneId = (await api.post<{ id: string }>('/api/system/ParkingLane', { lotId: made.lotId, name: '北入口', direction: 'in' })).body.data.id;
  const device = await api.post<{ id: string; secret: string }>('/api/system/Device', { sn: made.sn, name: '北入口相机', type: 'camera', lotId: made.lotId, laneId: made.laneId });
  made.deviceId = device.body.data.id;
  made.secret = device.body.data.secret;
  await page.close();
});

test('黑白名单: add a black entry for a plate; the same plate cannot be white at the same time', async ({ page }, testInfo) => {
  const list = new BlackWhiteListPage(page);
  await page.goto('/');
  await list.open();
  await list.current.getByRole('button', { name: /新\s*增/ }).click();
  await expect(list.dialog).toBeVisible();
  await list.field('车牌号').fill(plate.toLowerCase());
  await list.dialog.getByRole('button', { name: '保存' }).click();
  await expect(list.dialog.getByText('请填写原因', { exact: true })).toBeVisible();
  await list.field('原因').fill('多次冲卡逃费');
  await page.screenshot({ path: testInfo.outputPath('black-white-list-form.png') });
  await list.save('新增成功');

  await list.search({ plate });
  await expect(list.rows).toHaveCount(1);
  const row = list.row(plate);
  expect(await list.cell(row, '名单类型')).toBe('黑名单');
  expect(await list.cell(row, '适用车场')).toBe('全部车场');
  expect(await list.cell(row, '有效期')).toBe('长期');
  expect(await list.cell(row, '状态')).toBe('生效中');

  await list.current.getByRole('button', { name: /新\s*增/ }).click();
  await list.dialog.getByLabel('白名单').check();
  await list.field('车牌号').fill(plate);
  await list.field('原因').fill('员工车辆');
  await list.dialog.getByRole('button', { name: '保存' }).click();
  await expect(list.dialog.getByText(/同一车辆不能同时在黑名单和白名单中/).first()).toBeVisible();
  await expect(list.dialog).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('black-white-list-clash.png') });
});

test('the black-listed plate is refused at the lane, the LED says why, and 订单预警 shows the warning', async ({ page }, testInfo) => {
  const warnings = new OrderWarningPage(page);
  await warnings.visit('?type=2');
  const event = { ...freshBody('demo', made.sn), kind: 'lane_entry', deviceEventId: `bw-in-${stamp}`, plate, plateColour: 0, confidence: 0.99, occurredAt: new Date().toISOString() };
  const response = await postSigned(page, '/api/device/events', made.secret, event);
  expect(response.status(), await response.text()).toBe(200);
  const answer = ((await response.json()) as { data: { release: boolean; recordId: string | null; display?: string } }).data;
  expect(answer).toMatchObject({ release: false, recordId: null, display: '黑名单车辆 禁止通行' });
  const api = await apiAs(page);
  expect((await api.get<Paged<unknown>>(`/api/system/ParkingRecord?plateNumber=${encodeURIComponent(plate)}`)).body.data.list).toEqual([]);

  await warnings.searchPlate(plate);
  await expect(warnings.rows).toHaveCount(1);
  const row = warnings.row(plate);
  expect(await warnings.cell(row, '预警类型')).toBe('黑名单车辆入场');
  expect(await warnings.cell(row, '预警说明')).toBe('拉黑原因：多次冲卡逃费；已拒绝入场');
  expect(await warnings.cell(row, '停车场')).toBe(lotName);
  await page.screenshot({ path: testInfo.outputPath('black-white-list-warning.png'), fullPage: true });
  const listed = await api.get<Paged<OrderWarning>>(`/api/system/OrderWarning?category=2&plateNumber=${encodeURIComponent(plate)}`);
  expect(listed.body.data.list.map((w) => w.kind)).toEqual(['blacklist_entry']);
});

test('移除 needs a reason and keeps the entry as 已移除 history', async ({ page }, testInfo) => {
  const list = new BlackWhiteListPage(page);
  await page.goto('/');
  await list.open();
  await list.search({ plate });
  const row = list.row(plate);
  await row.getByRole('button', { name: '移除' }).click();
  const confirm = page.locator('.ant-modal:visible').filter({ hasText: `确定将车牌「${plate}」移出黑名单吗？` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /移\s*除/ }).click();
  await expect(confirm.getByText('请填写移除原因', { exact: true })).toBeVisible();
  await confirm.getByLabel('移除原因').fill('车主已缴清欠费');
  await confirm.getByRole('button', { name: /移\s*除/ }).click();
  await expect(confirm).toBeHidden();
  await list.expectMessage('移除成功');
  await expect.poll(() => list.cell(row, '状态')).toBe('已移除');
  await expect(row.getByRole('button', { name: '移除' })).toHaveCount(0);
  await list.search({ state: '已移除' });
  await expect(list.row(plate)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('black-white-list-removed.png'), fullPage: true });
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  // the warning raised here is handled and its message deleted, so the seeded messages other specs
  // count, in the bell and on 系统管理 > 系统消息 (which lists handled ones too), are as they were
  const raised = (await api.get<Paged<OrderWarning>>(`/api/system/OrderWarning?category=2&plateNumber=${encodeURIComponent(plate)}`)).body.data.list;
  for (const warning of raised.filter((w) => w.state === 'open'))
    expect((await api.post(`/api/system/OrderWarning/${warning.id}/Actions/Handle`, { remark: '测试结束' })).body.code).toBe(200);
  const ids = new Set(raised.map((w) => w.id));
  const messages = await api.get<Paged<{ id: string; businessId: string }>>('/api/system/systemMessage?currentPage=1&pageSize=100');
  for (const message of messages.body.data.list.filter((m) => ids.has(m.businessId))) expect((await api.delete(`/api/system/systemMessage/${message.id}`)).body.code).toBe(200);
  expect((await api.delete(`/api/system/Device/${made.deviceId}`)).body.code).toBe(200);
  expect((await api.delete(`/api/system/ParkingLane/${made.laneId}`)).body.code).toBe(200);
  await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 1, kind: 'lane', totalSpaces: 20, enabled: false });
  await page.close();
});
