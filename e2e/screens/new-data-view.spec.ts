import { newDataViewPaths, newDataViewSpaceLimit, type NewDataViewSnapshot } from '@parking/contract';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { DataViewScreen } from './data-view.page.js';

// 新版数据大屏: one lot or area on a wall, chosen in the header's corner and kept in the address. Other
// specs may move cars while this runs, so figures are compared with the API's snapshot as the page
// shows it.
const kpiLabels = ['泊位总数', '空闲泊位', '占用率', '今日入场', '今日出场', '周转率', '平均停放', '今日实收', '今日应收'];
const panels = ['泊位状态', '停车时长分布', '今日进出场（按小时）'];

const snapshotOf = async (api: Awaited<ReturnType<typeof apiAs>>, query = '') => {
  const answer = await api.get<NewDataViewSnapshot>(`${newDataViewPaths.snapshot}${query}`);
  expect(answer.body.code, answer.body.msg).toBe(200);
  return answer.body.data;
};

test('新版数据大屏 shows the first lot, its spaces one by one; choosing an area keeps it in the address; it fits 1920×1080 and 1366×768', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/newDataView');
  const wall = new DataViewScreen(page);
  await wall.waitForFigures();
  const api = await apiAs(page);
  const first = await snapshotOf(api);
  expect(first.scope.kind).toBe('lot');
  await expect(wall.title).toContainText('新版数据大屏');
  const picker = page.getByRole('combobox', { name: '选择停车场或区域' });
  await expect(picker).toHaveValue(`lot:${first.scope.id}`);
  await expect(page.locator('.new-data-view-scope')).toHaveText(first.scope.name);

  for (const label of kpiLabels) await expect(wall.kpi(label).locator('.data-view-kpi__value')).toHaveText(/^([\d,]+(\.\d{2})?万?|—)$/);
  // 泊位总数 and the drawn spaces are the snapshot's; a refresh in between may move both, so they are read together until they agree
  const cells = page.getByRole('list', { name: '泊位', exact: true }).getByRole('listitem');
  await expect
    .poll(
      async () => {
        const now = await snapshotOf(api);
        return (await wall.kpiFigure('泊位总数')) === now.totalSpaces.toLocaleString('zh-CN') && (await cells.count()) === now.spaces.length;
      },
      { timeout: 30_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(true);
  for (const title of panels.slice(1)) await expect(wall.filling(title).first()).toBeVisible();
  // a lot counted at its lanes has no cells: it shows how full it is
  if (first.spaces.length === 0) await expect(page.getByLabel('车道计数')).toContainText('已占用');
  else await expect(cells.first()).toBeVisible();

  const size = await wall.scrollSize();
  expect(size.width).toBeLessThanOrEqual(1920);
  expect(size.height).toBeLessThanOrEqual(1080);
  await page.screenshot({ path: testInfo.outputPath('new-data-view-1920.png') });

  // another choice: an area when the tenant has one, else the second lot
  const area = first.choices.areas[0];
  const other = area
    ? { value: `area:${area.id}`, query: `areaId=${area.id}`, name: area.name }
    : first.choices.lots[1] && { value: `lot:${first.choices.lots[1].id}`, query: `lotId=${first.choices.lots[1].id}`, name: first.choices.lots[1].name };
  expect(other, 'tenant demo has an area or a second lot to choose').toBeTruthy();
  await picker.selectOption(other!.value);
  await expect(page).toHaveURL(new RegExp(`newDataView\\?${other!.query}$`));
  await expect(page.locator('.new-data-view-scope')).toContainText(other!.name);
  const chosen = await snapshotOf(api, `?${other!.query}`);
  await expect.poll(async () => (await wall.kpiFigure('泊位总数')) === (await snapshotOf(api, `?${other!.query}`)).totalSpaces.toLocaleString('zh-CN'), { timeout: 30_000 }).toBe(true);
  if (chosen.scope.kind === 'area') await expect(page.locator('.new-data-view-scope')).toHaveText(`${chosen.scope.name}（${chosen.scope.lots} 个停车场）`);

  // the address holds the choice: a reload opens on it
  await page.reload();
  await wall.waitForFigures();
  await expect(picker).toHaveValue(other!.value);

  await page.setViewportSize({ width: 1366, height: 768 });
  await expect.poll(async () => Math.abs(((await page.locator('.data-view-stage').boundingBox())?.width ?? 0) - 1366)).toBeLessThan(2);
  const small = await wall.scrollSize();
  expect(small.width).toBeLessThanOrEqual(1366);
  expect(small.height).toBeLessThanOrEqual(768);
  await page.screenshot({ path: testInfo.outputPath('new-data-view-1366.png') });
});

// A lot as big as the grid draws, served in place of the snapshot: 400 cells and the word for the rest
// fit their panel, and every panel ends inside the stage.
test('新版数据大屏 draws a lot of 400 spaces and more inside its panel', async ({ page }, testInfo) => {
  const api = await apiAs(page);
  const real = await snapshotOf(api);
  const states = ['occupied', 'occupied', 'free', 'occupied', 'fault'] as const;
  const big: NewDataViewSnapshot = {
    ...real,
    totalSpaces: 1200,
    freeSpaces: 300,
    occupancyPercent: 75,
    spaces: Array.from({ length: newDataViewSpaceLimit }, (_, i) => ({ number: `B${String(i + 1).padStart(4, '0')}`, state: states[i % states.length]! })),
    moreSpaces: 800,
    durations: real.durations.map((bucket, i) => ({ ...bucket, count: 40 - 6 * i })),
  };
  await page.route(`**${newDataViewPaths.snapshot}*`, (route) => route.fulfill({ json: { code: 200, msg: '', data: big } }));
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#/newDataView');
  const wall = new DataViewScreen(page);
  await wall.waitForFigures();

  const cells = page.getByRole('list', { name: '泊位', exact: true }).getByRole('listitem');
  await expect(cells).toHaveCount(newDataViewSpaceLimit);
  await expect(page.getByRole('list', { name: '泊位图例' })).toContainText('另有 800 个泊位未显示');
  await expect(page.getByRole('list', { name: '泊位图例' })).toContainText('故障 80');
  const grid = await page.getByRole('list', { name: '泊位', exact: true }).boundingBox();
  const last = await cells.last().boundingBox();
  expect(last!.y + last!.height).toBeLessThanOrEqual(grid!.y + grid!.height + 0.5);
  for (const title of panels) {
    const box = await wall.panel(title).boundingBox();
    expect(box!.y + box!.height, title).toBeLessThanOrEqual(1080);
  }
  const size = await wall.scrollSize();
  expect(size.height).toBeLessThanOrEqual(1080);
  await page.screenshot({ path: testInfo.outputPath('new-data-view-400.png') });
});
