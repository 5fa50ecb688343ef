import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { freshBody, postSigned } from '../devices/device.page.js';
import { expectViewShown } from '../support/sidebar.js';
import { ArrearsPage } from './arrears.page.js';
import { awaitingForADay, awaitingStayEnd, lastNoonInShanghai } from '../support/charged-time.js';

// An on-road (space-based) lot of its own, priced by a seeded tariff, with a video pole on one
// space. The pole reports a car parking for two hours and leaving: it left without paying, so the
// stay is in arrears at once. Then as staff: find the plate in 欠费订单, open it, register a
// reminder, take the money, and see the recovery in 追缴记录.
const stamp = Date.now().toString(36).toUpperCase();
const lotName = `追缴测试路段${stamp}`;
const plate = `粤Y${stamp.slice(-5)}`;
const sn = `E2E-POLE-${stamp}`;
const made = { lotId: '', deviceId: '', owed: 0, gatedLotId: '', laneIds: [] as string[], cameraIds: [] as string[], gatedRecordId: '' };
const gatedLotName = `追缴测试停车场${stamp}`;
const gatedPlate = `粤X${stamp.slice(-5)}`;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  const tariffs = await api.get<{ list: { id: string; name: string }[] }>('/api/system/Tariff?pageSize=100');
  const tariffId = tariffs.body.data.list.find((t) => t.name === '北京一类地区占道停车')!.id;
  const lot = await api.post<{ id: string }>('/api/system/Parking', { name: lotName, type: 0, kind: 'space', tariffId });
  expect(lot.body.msg).toBe('新增成功');
  made.lotId = lot.body.data.id;
  expect((await api.post('/api/system/ParkingSpace', { lotId: made.lotId, number: 'Y001' })).body.code).toBe(200);
  const device = await api.post<{ id: string; secret: string }>('/api/system/Device', { sn, name: '追缴测试视频桩', type: 'video_pole', lotId: made.lotId });
  expect(device.body.code).toBe(200);
  made.deviceId = device.body.data.id;

  // 10:00–12:00 Shanghai: charged whenever the suite runs
  const leftAt = lastNoonInShanghai();
  const parkedAt = new Date(leftAt.getTime() - 120 * 60_000);
  const report = async (kind: 'space_occupied' | 'space_freed', at: Date) => {
    const event = { ...freshBody('demo', sn), kind, deviceEventId: `${kind}-${stamp}`, plate, plateColour: 0, confidence: 0.99, spaceNumber: 'Y001', occurredAt: at.toISOString() };
    const response = await postSigned(page, '/api/device/events', device.body.data.secret, event);
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: { state: string; amountToPay: number } }).data;
  };
  await report('space_occupied', parkedAt);
  const left = await report('space_freed', leftAt);
  expect(left.state).toBe('unpaid');
  expect(left.amountToPay).toBeGreaterThan(0);
  made.owed = left.amountToPay;

  // a gated lot whose exit camera holds the car at the barrier until it pays
  const gated = await api.post<{ id: string }>('/api/system/Parking', { name: gatedLotName, type: 1, kind: 'lane', totalSpaces: 20, tariffId });
  expect(gated.body.msg).toBe('新增成功');
  made.gatedLotId = gated.body.data.id;
  // the held car is looked at awaiting payment: the arrears check (every minute) must not move it to 欠费 first
  expect((await api.put(`/api/system/Parking/${made.gatedLotId}/EventRules`, awaitingForADay)).body.code).toBe(200);
  const secrets: Record<'in' | 'out', string> = { in: '', out: '' };
  for (const direction of ['in', 'out'] as const) {
    const lane = await api.post<{ id: string }>('/api/system/ParkingLane', { lotId: made.gatedLotId, name: direction === 'in' ? '西入口' : '西出口', direction });
    made.laneIds.push(lane.body.data.id);
    const camera = await api.post<{ id: string; secret: string }>('/api/system/Device', {
      sn: `${sn}-${direction}`,
      name: `西${direction}相机`,
      type: 'camera',
      lotId: made.gatedLotId,
      laneId: lane.body.data.id,
    });
    expect(camera.body.code).toBe(200);
    made.cameraIds.push(camera.body.data.id);
    secrets[direction] = camera.body.data.secret;
  }
  const heldAt = awaitingStayEnd();
  for (const [direction, at] of [
    ['in', new Date(heldAt.getTime() - 120 * 60_000)],
    ['out', heldAt],
  ] as const) {
    const event = {
      ...freshBody('demo', `${sn}-${direction}`),
      kind: direction === 'in' ? 'lane_entry' : 'lane_exit',
      deviceEventId: `${direction}-${stamp}`,
      plate: gatedPlate,
      plateColour: 0,
      confidence: 0.99,
      occurredAt: at.toISOString(),
    };
    const response = await postSigned(page, '/api/device/events', secrets[direction], event);
    expect(response.status(), await response.text()).toBe(200);
    made.gatedRecordId = ((await response.json()) as { data: { recordId: string } }).data.recordId;
  }
  await page.close();
});

test('手动放行: a car held at the barrier is let out with a reason, and its arrears go to pursuit', async ({ page }) => {
  await page.goto(`/#/OrderManagement/parkingRecordOrderInfo/${made.gatedRecordId}`);
  await expectViewShown(page);
  const detail = page.locator('.record-detail').filter({ visible: true });
  await expect(detail.locator('.record-detail__header').getByText('待支付', { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: /手动放行/ }).click();
  const dialog = page.locator('.ant-modal:visible');
  await expect(dialog.getByText(/确定手动放行车辆「.+」吗？/)).toBeVisible();
  await dialog.getByRole('button', { name: /确定放行/ }).click();
  await expect(dialog.getByText('请输入放行原因')).toBeVisible();
  await dialog.getByLabel('放行原因').fill('道闸故障，人工抬杆');
  await dialog.getByRole('button', { name: /确定放行/ }).click();
  await expect(page.locator('.ant-message').getByText('已放行').last()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(detail.locator('.record-detail__header').getByText('欠费', { exact: true })).toBeVisible();
  await expect(detail.getByText('异常放行')).toBeVisible();
  await expect(detail.getByRole('button', { name: /手动放行/ })).toHaveCount(0);

  const pursuit = new ArrearsPage(page);
  await pursuit.openFromMenu('欠费订单');
  await pursuit.searchPlate(gatedPlate);
  await expect(pursuit.rows).toHaveCount(1);
  expect(await pursuit.cell(pursuit.row(gatedPlate), '欠费停车场')).toBe(gatedLotName);
});

test('欠费订单: find the plate, register a reminder, take the money, and find it in 追缴记录', async ({ page }) => {
  const yuan = (made.owed / 100).toFixed(2);
  const pursuit = new ArrearsPage(page);
  await pursuit.openFromMenu('欠费订单');
  await pursuit.searchPlate(plate);
  await expect(pursuit.rows).toHaveCount(1);
  const row = pursuit.row(plate);
  expect(await pursuit.cell(row, '欠费笔数')).toBe('1');
  expect(await pursuit.cell(row, '欠费金额(元)')).toBe(yuan);
  expect(await pursuit.cell(row, '欠费停车场')).toBe(lotName);

  await pursuit.openDetail(row);
  await expect(pursuit.figure('欠费合计(元)')).toHaveText(yuan);
  const records = pursuit.card('欠费记录');
  await expect(records.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(records.locator('tr.ant-table-row')).toContainText(lotName);
  await expect(records.locator('tr.ant-table-row')).toContainText('Y001');

  const form = pursuit.card('登记催缴');
  await pursuit.pickOption(form.getByLabel('催缴方式'), '电话');
  await form.getByLabel('催缴内容').fill('电话联系车主，答应当天补缴');
  await form.getByRole('button', { name: /登记催缴/ }).click();
  await pursuit.expectMessage('催缴已登记');
  await expect(pursuit.card('催缴记录').locator('tr.ant-table-row').filter({ hasText: '电话联系车主，答应当天补缴' })).toContainText('电话');

  await records.getByRole('button', { name: /收\s*款/ }).click();
  await expect(pursuit.dialog).toBeVisible();
  await expect(pursuit.dialog.getByLabel('收款金额(元)')).toHaveValue(yuan);
  await pursuit.dialog.getByRole('button', { name: /确定收款/ }).click();
  await pursuit.expectMessage(`收款成功：${yuan} 元`);
  await expect(pursuit.dialog).toBeHidden();
  await expect(pursuit.figure('欠费合计(元)')).toHaveText('0.00');
  await expect(pursuit.figure('已追缴(元)')).toHaveText(yuan);
  await expect(pursuit.detail.getByText('已缴清')).toBeVisible();
  await expect(pursuit.detail.getByText('该车牌已无欠费，无需催缴')).toBeVisible();
  await page.screenshot({ path: '/tmp/unpaid-detail.png', fullPage: true });

  await pursuit.openFromMenu('追缴记录');
  await pursuit.search.getByLabel('车牌号', { exact: true }).fill(plate);
  await pursuit.search.getByRole('button', { name: /查\s*询/ }).click();
  await expect(pursuit.rows).toHaveCount(1);
  const recovered = pursuit.row(plate);
  expect(await pursuit.cell(recovered, '停车场')).toBe(lotName);
  expect(await pursuit.cell(recovered, '追缴金额(元)')).toBe(yuan);
  expect(await pursuit.cell(recovered, '已退款(元)')).toBe('0.00');
  expect(await pursuit.cell(recovered, '支付渠道')).toBe('现金');
  const exported = await pursuit.exportRows();
  expect(exported[0]).toEqual(['车牌号', '停车场', '出场时间', '追缴金额（元）', '已退款（元）', '支付渠道', '追缴时间', '收款人']);
  expect(exported.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[5]])).toEqual([[plate, lotName, yuan, '0.00', '现金']]);
});

test.afterAll(async ({ browser }) => {
  // records stay (there is no way to delete one), so the lot they belong to stays too, switched off
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  for (const id of [made.deviceId, ...made.cameraIds]) expect((await api.delete(`/api/system/Device/${id}`)).body.code).toBe(200);
  for (const id of made.laneIds) expect((await api.delete(`/api/system/ParkingLane/${id}`)).body.code).toBe(200);
  await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 0, kind: 'space', tariffId: null, enabled: false });
  await api.put(`/api/system/Parking/${made.gatedLotId}`, { name: gatedLotName, type: 1, kind: 'lane', totalSpaces: 20, tariffId: null, enabled: false });
  await page.close();
});
