import { operationViewPaths, type OperationViewSnapshot, type Paged } from '@parking/contract';
import { freshBody, postSigned } from '../devices/device.page.js';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { DataViewScreen } from './data-view.page.js';

// 运营大屏 on the operations room's wall. Tenant demo's 智慧大屏 opens 数据大屏, so the wall is visited
// directly. Other specs may move devices and cars while this runs, so figures are compared with the
// API's snapshot as the page shows it.
const kpiLabels = ['设备在线率', '离线设备', '待处理预警', '待处理投诉', '待审核申诉', '待审核订单修改', '今日新增欠费', '今日追缴'];
const panels = ['设备状态', '车道等待', '离线任务', '订单预警', '异常放行'];

test("运营大屏 shows the snapshot's figures and a filled panel each, and fits 1920×1080 and 1366×768 without scrolling", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/operationView');
  const wall = new DataViewScreen(page);
  await wall.waitForFigures();

  const api = await apiAs(page);
  const first = await api.get<OperationViewSnapshot>(operationViewPaths.snapshot);
  expect(first.body.code, first.body.msg).toBe(200);
  await expect(wall.title).toContainText(first.body.data.tenantTitle);
  await expect(wall.title).toContainText('运营大屏');

  // every card has a figure (设备在线率 says — when no device was ever heard from)
  for (const label of kpiLabels) {
    await expect(wall.kpi(label).locator('.data-view-kpi__value')).toHaveText(/^(-?[\d,]+(\.\d{1,2})?万?|—)$/);
  }
  await expect(wall.kpi('待处理投诉')).toContainText('超时');
  await expect(wall.kpi('今日追缴')).toContainText('元');
  await expect(wall.kpi('今日追缴')).toContainText('笔');

  // 离线设备 is the snapshot's offline devices of every type; a refresh in between may move both, so they are read together until they agree
  await expect
    .poll(
      async () => {
        const snapshot = (await api.get<OperationViewSnapshot>(operationViewPaths.snapshot)).body.data;
        const offline = snapshot.devices.reduce((sum, d) => sum + d.offline, 0);
        return (await wall.kpiFigure('离线设备')) === offline.toLocaleString('zh-CN');
      },
      { timeout: 30_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(true);

  // no panel is blank: each shows its rows or its word for nothing
  for (const title of panels) {
    await expect(wall.panel(title)).toBeVisible();
    await expect(wall.filling(title).first()).toBeVisible();
  }

  const at1920 = await wall.scrollSize();
  expect(at1920.width).toBeLessThanOrEqual(1920);
  expect(at1920.height).toBeLessThanOrEqual(1080);
  await page.screenshot({ path: testInfo.outputPath('operation-view-1920.png') });

  // a laptop: the same wall scaled down, still without scrolling
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(wall.title).toBeVisible();
  await expect.poll(async () => Math.abs(((await page.locator('.data-view-stage').boundingBox())?.width ?? 0) - 1366)).toBeLessThan(2);
  const at1366 = await wall.scrollSize();
  expect(at1366.width).toBeLessThanOrEqual(1366);
  expect(at1366.height).toBeLessThanOrEqual(768);
  const box = await page.locator('.data-view-stage').boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(768.5);
  for (const label of kpiLabels) await expect(wall.kpi(label)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('operation-view-1366.png') });
});

// A busy day, served in place of the snapshot: ten rows in every list still fit their panels, the
// lists longer than their panel roll, and a car waiting over five minutes stands out.
test('运营大屏 with every list full still fits the wall, and marks the cars waiting over five minutes', async ({ page }, testInfo) => {
  const api = await apiAs(page);
  const real = (await api.get<OperationViewSnapshot>(operationViewPaths.snapshot)).body.data;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const busy: OperationViewSnapshot = {
    ...real,
    devices: real.devices.map((d, i) => ({ ...d, online: 120 + i, offline: 7 * i, never: i })),
    offlineTasks: Array.from({ length: 10 }, (_, i) => ({
      deviceSn: `CAM-2026-${1000 + i}`,
      content: `车牌识别相机 CAM-2026-${1000 + i}（东门停车场 北出口）离线`,
      at: minutesAgo(3 * i + 1),
    })),
    warnings: real.warnings.map((w, i) => ({ ...w, open: i % 3 === 0 ? 0 : 15 * i })),
    service: { complaintsOpen: 23, complaintsOverdue: 4, appealsPending: 9, editAuditsPending: 6 },
    pursuit: { arrearsOpenedToday: 1234, recoveredToday: 88, recoveredAmountToday: 987_654_32 },
    waiting: Array.from({ length: 10 }, (_, i) => ({
      plateNumber: `粤B${10000 + i}`,
      lotName: '东门地下停车场',
      laneName: `${i + 1}号出口`,
      since: minutesAgo(20 - 2 * i),
      amountToPay: 1250 * (i + 1),
    })),
    abnormalReleases: Array.from({ length: 10 }, (_, i) => ({
      plateNumber: `粤C${20000 + i}`,
      lotName: '人民路路内停车场',
      reasons: i % 2 === 0 ? (['exit_without_entry', 'no_tariff', 'abnormal_release'] as const) : (['abnormal_release'] as const),
      at: minutesAgo(i + 1),
    })).map((release) => ({ ...release, reasons: [...release.reasons] })),
  };
  await page.route(`**${operationViewPaths.snapshot}`, (route) => route.fulfill({ json: { code: 200, msg: '', data: busy } }));
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/operationView');
  const wall = new DataViewScreen(page);
  await wall.waitForFigures();

  await expect(wall.kpi('待处理投诉').locator('.data-view-kpi__note--alert')).toHaveText('超时 4');
  await expect(wall.kpi('今日追缴').locator('.data-view-kpi__value')).toHaveText('987,654.32');
  const waiting = page.getByRole('list', { name: '车道等待' }).getByRole('listitem');
  await expect(waiting).toHaveCount(10);
  await expect(waiting.first()).toHaveClass(/operation-waiting--long/);
  await expect(waiting.first()).toContainText('等待 20 分钟');
  await expect(waiting.last()).not.toHaveClass(/operation-waiting--long/);
  await expect(page.getByRole('list', { name: '异常放行' }).getByRole('listitem').first()).toContainText('无入场记录出场、入场时无生效的计费规则、异常放行');

  const size = await wall.scrollSize();
  expect(size.width).toBeLessThanOrEqual(1920);
  expect(size.height).toBeLessThanOrEqual(1080);
  // every panel ends inside the stage
  for (const title of panels) {
    const box = await wall.panel(title).boundingBox();
    expect(box!.y + box!.height, title).toBeLessThanOrEqual(1080);
  }
  await page.screenshot({ path: testInfo.outputPath('operation-view-busy.png') });
});

// The wall stays open while a new camera of tenant demo sends its first heartbeat: the database tells
// every screen the device came online, and 设备状态 counts it with no reload. The camera is deleted
// before its third missed heartbeat could raise an outage.
test('运营大屏 counts a camera that comes online without a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/operationView');
  const wall = new DataViewScreen(page);
  await wall.waitForFigures();
  await expect(wall.live).toHaveText('实时');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const onlineCameras = async () => Number((await page.getByRole('listitem', { name: '车牌识别相机' }).locator('.operation-devices__count--online').textContent())?.replace(/,/g, '') || 0);
  const before = await onlineCameras();

  const api = await apiAs(page);
  const [lot] = (await api.get<Paged<{ id: string }>>('/api/system/Parking?type=1&pageSize=1')).body.data.list;
  const sn = `E2E-OPS-${Date.now().toString(36)}`.toUpperCase();
  const device = await api.post<{ id: string; secret: string }>('/api/system/Device', { sn, name: '运营大屏测试相机', type: 'camera', lotId: lot!.id });
  expect(device.body.code, device.body.msg).toBe(200);
  try {
    expect((await postSigned(page, '/api/device/heartbeat', device.body.data.secret, freshBody('demo', sn))).status()).toBe(200);
    await expect.poll(onlineCameras, { timeout: 20_000 }).toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  } finally {
    expect((await api.delete(`/api/system/Device/${device.body.data.id}`)).body.code).toBe(200);
  }
});
