import type { ParkingRecordDetail } from '@parking/contract';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { freshBody, postSigned } from '../devices/device.page.js';
import { ParkingRecordPage } from './parking-record.page.js';
import { awaitingForADay, awaitingStayEnd } from '../support/charged-time.js';

// A lane lot of its own priced by a seeded tariff, with an entry and an exit camera (set up through
// the API as tenant demo's admin); the cameras report one car in and out, signed as devices do.
// Then as staff: find the stay by plate, read its amount, export it, open 详情 and go back.
const stamp = Date.now().toString(36).toUpperCase();
const lotName = `记录测试场${stamp}`;
const plate = `粤Z${stamp.slice(-5)}`;
const eventPath = '/api/device/events';
/** a 1×1 PNG, as the entry camera's shot */
const entryPhoto = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const made = { lotId: '', laneIds: [] as string[], deviceIds: [] as string[], recordId: '' };
let record: ParkingRecordDetail;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  const lot = await api.post<{ id: string }>('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 50 });
  expect(lot.body.msg).toBe('新增成功');
  made.lotId = lot.body.data.id;
  const tariffs = await api.get<{ list: { id: string; name: string }[] }>('/api/system/Tariff?pageSize=100');
  const tariffId = tariffs.body.data.list.find((t) => t.name === '北京一类地区占道停车')!.id;
  expect((await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 1, kind: 'lane', totalSpaces: 50, tariffId })).body.code).toBe(200);
  // the stay is looked at awaiting payment: the arrears check (every minute) must not move it to 欠费 meanwhile
  expect((await api.put(`/api/system/Parking/${made.lotId}/EventRules`, awaitingForADay)).body.code).toBe(200);

  const secrets: Record<'in' | 'out', string> = { in: '', out: '' };
  for (const direction of ['in', 'out'] as const) {
    const lane = await api.post<{ id: string }>('/api/system/ParkingLane', { lotId: made.lotId, name: direction === 'in' ? '北入口' : '北出口', direction });
    expect(lane.body.code).toBe(200);
    made.laneIds.push(lane.body.data.id);
    const sn = `E2E-REC-${direction}-${stamp}`;
    const device = await api.post<{ id: string; secret: string }>('/api/system/Device', {
      sn,
      name: `北${direction === 'in' ? '入' : '出'}口相机`,
      type: 'camera',
      lotId: made.lotId,
      laneId: lane.body.data.id,
    });
    expect(device.body.code).toBe(200);
    made.deviceIds.push(device.body.data.id);
    secrets[direction] = device.body.data.secret;
  }
  // in the tariff's charged daytime hours, whenever the suite runs
  const exitAt = awaitingStayEnd();
  const enterAt = new Date(exitAt.getTime() - 100 * 60_000);
  const report = async (direction: 'in' | 'out', at: Date) => {
    const event = {
      ...freshBody('demo', `E2E-REC-${direction}-${stamp}`),
      kind: direction === 'in' ? 'lane_entry' : 'lane_exit',
      deviceEventId: `${direction}-${stamp}`,
      plate,
      plateColour: 0,
      confidence: 0.99,
      occurredAt: at.toISOString(),
      ...(direction === 'in' ? { photo: entryPhoto } : {}),
    };
    const response = await postSigned(page, eventPath, secrets[direction], event);
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: { recordId: string } }).data.recordId;
  };
  made.recordId = await report('in', enterAt);
  expect(await report('out', exitAt)).toBe(made.recordId);
  record = (await api.get<ParkingRecordDetail>(`/api/system/ParkingRecord/${made.recordId}`)).body.data;
  expect(record.state).toBe('awaiting_payment');
  await page.close();
});

test('停车记录: find the stay by plate, copy the plate, see the amount, export it, open 详情 and go back to the filtered list', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const yuan = (record.amountDue / 100).toFixed(2);
  const records = new ParkingRecordPage(page);
  await records.visit();
  await records.searchPlate(plate);
  await expect(page).toHaveURL(/plateMatch=exact/);
  await expect(records.rows).toHaveCount(1);
  const row = records.row(plate);
  expect(await records.cell(row, '停车场')).toBe(lotName);
  expect(await records.cell(row, '入场车道/泊位')).toBe('北入口');
  expect(await records.cell(row, '停车时长')).toBe('1时40分');
  expect(await records.cell(row, '应收(元)')).toBe(yuan);
  expect(await records.cell(row, '欠费(元)')).toBe(yuan);
  expect(await records.cell(row, '状态')).toBe('待支付');
  await row.getByRole('button', { name: new RegExp(plate) }).click();
  await records.expectMessage(`复制成功,车牌:${plate}`);

  const exported = await records.exportRows();
  expect(exported[0]).toEqual(['车牌号', '车牌颜色', '停车场', '入场车道/泊位', '入场时间', '出场时间', '停车时长', '应收(元)', '优惠(元)', '已付(元)', '欠费(元)', '状态', '异常']);
  expect(exported.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[6], r[7], r[10], r[11]])).toEqual([[plate, '蓝色', lotName, '北入口', '1时40分', yuan, yuan, '待支付']]);

  const listAddress = new URL(page.url()).hash;
  await records.openDetail(row);
  await expect(records.detail.getByText('待支付').first()).toBeVisible();
  await expect(records.timelineStep('入场')).toContainText('北入口');
  await expect(records.timelineStep('出场')).toContainText('北出口');
  await expect(records.timelineStep('计费')).toContainText(`北京一类地区占道停车（第1版）应收 ${yuan} 元`);
  const fee = records.detail.locator('.record-detail__fee');
  await expect(fee.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(fee.locator('.ant-table-summary')).toContainText(yuan);
  await expect(records.detail.getByAltText('入场照片')).toHaveAttribute('src', /^blob:/);
  await expect(records.detail.getByText('暂无图片')).toHaveCount(1);
  await page.screenshot({ path: '/tmp/records-detail.png', fullPage: true });

  await records.detail.getByRole('button', { name: /返\s*回/ }).click();
  await expect(page).toHaveURL((url) => url.hash === listAddress);
  await expectListFiltered(records, plate);
  await page.screenshot({ path: '/tmp/records-list.png', fullPage: true });
});

async function expectListFiltered(records: ParkingRecordPage, plateNumber: string) {
  await expect(records.current).toBeVisible();
  await expect(records.search.getByLabel('车牌号', { exact: true })).toHaveValue(plateNumber);
  await expect(records.rows).toHaveCount(1);
  await expect(records.current.locator('.ant-spin-spinning')).toHaveCount(0);
}

test.afterAll(async ({ browser }) => {
  // records stay (there is no way to delete one), so the lot they belong to may have to stay too
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  for (const id of made.deviceIds) expect((await api.delete(`/api/system/Device/${id}`)).body.code).toBe(200);
  for (const id of made.laneIds) expect((await api.delete(`/api/system/ParkingLane/${id}`)).body.code).toBe(200);
  await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 1, kind: 'lane', totalSpaces: 50, tariffId: null, enabled: false });
  await page.close();
});
