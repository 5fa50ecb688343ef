import { dataViewPaths, vehicleEventPath, type DataViewSnapshot } from '@parking/contract';
import { postDeviceCall, type DeviceCredentials } from '../../packages/server/src/modules/devices/device-client.js';
import { ShellPage } from '../shell/shell.page.js';
import { apiAs } from '../support/api.js';
import { retireSimulatedLots, runSimulator } from '../support/simulator.js';
import { routeAMapScript, routeConfigWithAMapKey } from '../parking/fake-amap.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { DataViewScreen } from './data-view.page.js';

// 数据大屏 on a control-room wall: tenant demo's 智慧大屏 (bigScreenType 1) opens it in a new window.
// Other specs may move cars and money while this runs, so figures are compared with the API's snapshot
// as the page shows it, and nothing asserted depends on the hour the test runs.
const kpiLabels = ['停车场', '泊位总数', '空闲泊位', '占用率', '今日出场', '今日入场', '今日实收', '今日应收', '今日追缴'];
const panels = ['停车场分布', '今日进出场（按小时）', '今日收款渠道', '营收排行 TOP10', '占用率排行 TOP10', '实时进出'];
const twoDecimals = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** How a KPI card says an amount in fen: 元 to the fen, in 万 from a million 元 on. */
const kpiYuan = (fen: number) => (Math.abs(fen) >= 100_000_000 ? `${twoDecimals(fen / 1_000_000)}万` : twoDecimals(fen / 100));

test("数据大屏: 智慧大屏 opens the wall, whose figures are the snapshot's and which fits the window without scrolling", async ({ page, context }, testInfo) => {
  const shell = new ShellPage(page);
  await shell.open();
  const [popup] = await Promise.all([context.waitForEvent('page'), shell.navbar.getByRole('button', { name: '智慧大屏' }).click()]);
  await expect(popup).toHaveURL(/#\/dataView$/);
  await popup.setViewportSize({ width: 1920, height: 1080 });
  const wall = new DataViewScreen(popup);
  await wall.waitForFigures();

  const api = await apiAs(popup);
  const first = await api.get<DataViewSnapshot>(dataViewPaths.snapshot);
  expect(first.body.code, first.body.msg).toBe(200);
  await expect(wall.title).toContainText(first.body.data.tenantTitle);
  await expect(wall.title).toContainText('数据大屏');

  for (const label of kpiLabels) {
    await expect(wall.kpi(label).locator('.data-view-kpi__value')).toHaveText(/^-?[\d,]+(\.\d{2})?万?$/);
  }
  await expect(wall.kpi('今日实收')).toContainText('元');
  await expect(wall.kpi('今日实收')).toContainText('较昨日');

  // 今日实收 is the snapshot's receivedToday in 元; a refresh in between may move both, so they are read together until they agree
  await expect
    .poll(
      async () => {
        const snapshot = (await api.get<DataViewSnapshot>(dataViewPaths.snapshot)).body.data;
        return (await wall.kpiFigure('今日实收')) === kpiYuan(snapshot.kpis.receivedToday);
      },
      { timeout: 30_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(true);

  // no panel is empty: each shows its chart, its rows or its word for nothing
  for (const title of panels) {
    await expect(wall.panel(title)).toBeVisible();
    await expect(wall.filling(title).first()).toBeVisible();
  }
  const snapshot = (await api.get<DataViewSnapshot>(dataViewPaths.snapshot)).body.data;
  if (snapshot.lots.length > 0) await expect(wall.panel('停车场分布').locator('canvas').first()).toBeVisible();
  else await expect(wall.panel('停车场分布')).toContainText('暂无停车场');
  await expect(wall.panel('今日进出场（按小时）').locator('canvas').first()).toBeVisible();
  if (snapshot.channels.some((entry) => entry.amount > 0)) await expect(wall.panel('今日收款渠道').locator('canvas').first()).toBeVisible();
  else await expect(wall.panel('今日收款渠道')).toContainText('今日暂无收款');

  const at1920 = await wall.scrollSize();
  expect(at1920.width).toBeLessThanOrEqual(1920);
  expect(at1920.height).toBeLessThanOrEqual(1080);
  await popup.screenshot({ path: testInfo.outputPath('data-view-1920.png') });

  // a laptop: the same wall scaled down, still without scrolling
  await popup.setViewportSize({ width: 1366, height: 768 });
  await expect(wall.title).toBeVisible();
  // the stage scales on the window's resize event: wait for it before measuring
  await expect.poll(async () => Math.abs(((await popup.locator('.data-view-stage').boundingBox())?.width ?? 0) - 1366)).toBeLessThan(2);
  const at1366 = await wall.scrollSize();
  expect(at1366.width).toBeLessThanOrEqual(1366);
  expect(at1366.height).toBeLessThanOrEqual(768);
  const box = await popup.locator('.data-view-stage').boundingBox();
  expect(box).not.toBeNull();
  // scaled by min(1366/1920, 768/1080) and centred
  expect(Math.abs(box!.width - 1366)).toBeLessThan(2);
  expect(Math.abs(box!.x)).toBeLessThan(1);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(768.5);
  await popup.screenshot({ path: testInfo.outputPath('data-view-1366.png') });
  await popup.close();
});

// The wall stays open while a camera reports a car: the car shows in 实时进出 as it is recorded and
// 今日入场 rises with the next snapshot, with no reload. The camera is deleted and its lot switched off at the end.
test('数据大屏 shows a car a camera reports in 实时进出 and in 今日入场 without a reload', async ({ page }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const stamp = ((Date.now() + 41 + testInfo.repeatEachIndex) % 100_000_000).toString().padStart(8, '0');
  const plate = `粤D${stamp.slice(-5)}`;
  const lotName = `大屏实时测试场${stamp}`;
  const api = await apiAs(page);
  const made = { lotId: '', deviceId: '' };
  try {
    const created = async (path: string, body: object) => {
      const answer = await api.post<{ id: string; secret?: string }>(path, body);
      expect(answer.body.code, answer.body.msg).toBe(200);
      return answer.body.data;
    };
    made.lotId = (await created('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 50 })).id;
    const lane = await created('/api/system/ParkingLane', { lotId: made.lotId, name: '南入口', direction: 'in' });
    const device = await created('/api/system/Device', { sn: `E2E-SCREEN-${stamp}`, name: '南入口相机', type: 'camera', lotId: made.lotId, laneId: lane.id });
    made.deviceId = device.id;
    const camera: DeviceCredentials = { tenant: 'demo', sn: `E2E-SCREEN-${stamp}`, secret: device.secret! };

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/#/dataView');
    const wall = new DataViewScreen(page);
    await wall.waitForFigures();
    await expect(wall.live).toHaveText('实时');
    // the new lot is in a snapshot, so the car's lot has its name on the wall
    await expect.poll(async () => (await api.get<DataViewSnapshot>(dataViewPaths.snapshot)).body.data.lots.some((lot) => lot.id === made.lotId)).toBe(true);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    const entered = await postDeviceCall<{ state: string }>(baseURL, vehicleEventPath, camera, {
      kind: 'lane_entry',
      plate,
      occurredAt: new Date().toISOString(),
      deviceEventId: `screen-${stamp}`,
      confidence: 0.98,
    });
    expect(entered.data).toMatchObject({ state: 'parked' });
    const row = wall.movements.filter({ hasText: plate });
    await expect(row.first()).toContainText('进场');
    await expect(row.first()).toContainText(lotName);
    // the next snapshot, the one that holds the car, is on the wall: its 今日入场 whatever the hour (a count
    // before and after could straddle midnight in Shanghai and start again from 0)
    await expect
      .poll(
        async () => {
          const held = (await api.get<DataViewSnapshot>(dataViewPaths.snapshot)).body.data;
          return held.latest.some((m) => m.plateNumber === plate) && (await wall.kpiFigure('今日入场')) === held.kpis.entriesToday.toLocaleString('zh-CN');
        },
        { timeout: 30_000, intervals: [1_000, 2_000, 5_000] },
      )
      .toBe(true);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('data-view-live.png') });
  } finally {
    if (made.deviceId) await api.delete(`/api/system/Device/${made.deviceId}`);
    if (made.lotId) await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 1, kind: 'lane', tariffId: null, enabled: false });
  }
});

// The simulator, run as its operator would, sends a few minutes of traffic through a barrier lot and a
// street while the wall is open: their cars come into 实时进出 as they are recorded, and the figures
// follow with the next snapshot, with no reload. What the traffic leaves ringing (warnings, devices)
// is retired at the end, as the orders story does, so the bell of the specs after is as seeded.
test('数据大屏 follows the simulator’s traffic without a reload', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const api = await apiAs(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/dataView');
  const wall = new DataViewScreen(page);
  await wall.waitForFigures();
  await expect(wall.live).toHaveText('实时');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const before = new Set(await wall.movements.allInnerTexts());
  try {
    const summary = await runSimulator(testInfo, ['--lots', '2', '--streets', '1', '--cars', '12', '--minutes', '5', '--seed', '22']);
    expect(summary).toMatchObject({ seed: 22, refused: 0 });
    expect(summary.entries).toBeGreaterThan(0);

    // the simulator's cars, not on the wall before it ran (one spec at a time: no other cars move now). Their
    // lots are not asked to be named: the orders story, run before, leaves them switched off, off the wall
    const arrived = async () => (await wall.movements.allInnerTexts()).filter((text) => !before.has(text));
    await expect.poll(async () => (await arrived()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(Math.min(summary.entries, 5));
    await expect
      .poll(
        async () => {
          const held = (await api.get<DataViewSnapshot>(dataViewPaths.snapshot)).body.data;
          return (await wall.kpiFigure('今日入场')) === held.kpis.entriesToday.toLocaleString('zh-CN') && (await wall.kpiFigure('停车场')) === held.kpis.lots.toLocaleString('zh-CN');
        },
        { timeout: 30_000, intervals: [1_000, 2_000, 5_000] },
      )
      .toBe(true);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('data-view-simulated.png') });
  } finally {
    await retireSimulatedLots(api);
  }
});

// A deployment with AMAP_KEY: 停车场分布 is an AMap map (a stand-in script here, the machine has no
// internet) with the located lots in their level's colour; unreachable, the wall falls back to the
// plan and says so. The snapshot is served with coordinates, as the demo's lots have none.
test('数据大屏 puts the lots on AMap when a key is configured, and on the plan when the map cannot load', async ({ page }, testInfo) => {
  const api = await apiAs(page);
  const real = (await api.get<DataViewSnapshot>(dataViewPaths.snapshot)).body.data;
  expect(real.lots.length).toBeGreaterThan(1);
  const [unplaced, ...placed] = real.lots;
  const lots = [{ ...unplaced!, lng: null, lat: null }, ...placed.map((lot, i) => ({ ...lot, lng: 114.02 + 0.015 * i, lat: 22.53 + 0.01 * (i % 3) }))];
  await page.route(`**${dataViewPaths.snapshot}`, (route) => route.fulfill({ json: { code: 200, msg: '', data: { ...real, lots } } }));
  await routeConfigWithAMapKey(page);
  const asked = await routeAMapScript(page, 'fake');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/dataView');
  const wall = new DataViewScreen(page);
  await wall.waitForFigures();

  const panel = wall.panel('停车场分布');
  await expect(panel.getByRole('img', { name: '停车场地图' })).toHaveAttribute('data-fitted', String(placed.length));
  expect(asked[0]).toContain('key=e2e-amap-key');
  const marks = panel.locator('.data-view-map-marker');
  await expect(marks).toHaveCount(placed.length);
  for (const lot of placed) await expect(panel.locator(`.data-view-map-marker--${lot.level}[data-lot-id="${lot.id}"]`)).toContainText(lot.name);
  await expect(panel).toContainText('1 个停车场未标注位置');
  await expect(panel.locator('canvas')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('data-view-amap.png') });

  await page.unroute('https://webapi.amap.com/**');
  await routeAMapScript(page, 'unreachable');
  await page.reload();
  await wall.waitForFigures();
  await expect(panel).toContainText('地图加载失败，显示示意图', { timeout: 20_000 });
  await expect(panel.locator('canvas').first()).toBeVisible();
});
