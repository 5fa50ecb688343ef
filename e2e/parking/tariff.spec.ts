import type { Locator, Page } from '@playwright/test';
import { freshBody, postSigned } from '../devices/device.page.js';
import { ParkingRecordPage } from '../orders/parking-record.page.js';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { ParkingAdminPage } from './parking-admin.page.js';

const stamp = Date.now().toString(36).toUpperCase();

test('停车场管理 > 计费规则 prices a stay with a seeded tariff in the 计费试算 panel', async ({ page }, testInfo) => {
  // the first menu page opens on sign-in with its folder already open, so the page is opened by its address
  await page.goto('/#/parkingAdmin/tariff');
  await expect(page).toHaveTitle(/^计费规则 - /);
  const row = page.locator('.ant-table-row', { hasText: '路侧停车示例' });
  await expect(row).toContainText('第1版');
  await expect(row).toContainText('2025/01/01 00:00');
  await expect(page.locator('.ant-table-row', { hasText: '北京一类地区占道停车' })).toBeVisible();

  // 路侧停车示例 08:00-09:10 by day: 首小时 2 × 5元 + 首小时后 1 × 6元 (不足半小时按半小时) = 16元
  await row.getByRole('button', { name: '试算' }).click();
  const panel = page.locator('.tariff-trial');
  await expect(panel.getByLabel('车型')).toBeVisible();
  await panel.getByRole('button', { name: /试\s*算/ }).click();
  await expect(panel.locator('.ant-statistic-content')).toContainText('16.00');
  await expect(panel).toContainText('首小时后 6元/半小时');
  await expect(panel).toContainText('按第1版计费');
  await page.screenshot({ path: testInfo.outputPath('tariff-trial.png'), fullPage: true });

  // 大型车 (黄牌) pays double
  await panel.getByLabel('车型').click();
  await page.locator('.ant-select-item-option', { hasText: '大型车' }).click();
  await panel.getByRole('button', { name: /试\s*算/ }).click();
  await expect(panel.locator('.ant-statistic-content')).toContainText('32.00');
});

/** Types a picker's text and confirms it, as a user who knows the date does. */
async function typeInPicker(input: Locator, text: string) {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}

/** The 计费试算 beside the editor: its amount, "16.00元". */
const liveAmount = (editor: Locator) => editor.locator('.tariff-live-trial .ant-statistic-content');

// One story over the shared database with names of its own: a tariff built in the form, a
// space-based lot of its own bound to it on the 停车场 page, and a stay reported there by the lot's
// video pole at fixed times (the server takes the times from the event), priced by the tariff.
test.describe('a tariff built in the form', () => {
  const tariffName = `日夜计费${stamp}`;
  const lotName = `计费测试路段${stamp}`;
  const plate = `粤T${stamp.slice(-5)}`;
  const sn = `E2E-TARIFF-${stamp}`;
  const made = { lotId: '', deviceId: '', secret: '' };

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await page.goto('/');
    const api = await apiAs(page);
    const lot = await api.post<{ id: string }>('/api/system/Parking', { name: lotName, type: 0, kind: 'space' });
    expect(lot.body.msg).toBe('新增成功');
    made.lotId = lot.body.data.id;
    expect((await api.post('/api/system/ParkingSpace', { lotId: made.lotId, number: 'T001' })).body.code).toBe(200);
    const device = await api.post<{ id: string; secret: string }>('/api/system/Device', { sn, name: '计费测试视频桩', type: 'video_pole', lotId: made.lotId });
    expect(device.body.code).toBe(200);
    made.deviceId = device.body.data.id;
    made.secret = device.body.data.secret;
    await page.close();
  });

  test.afterAll(async ({ browser }) => {
    // the stay stays (records are never deleted), so the lot does too, switched off and without its pole
    const page = await browser.newPage();
    await page.goto('/');
    const api = await apiAs(page);
    if (made.deviceId) expect((await api.delete(`/api/system/Device/${made.deviceId}`)).body.code).toBe(200);
    if (made.lotId) await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 0, kind: 'space', tariffId: null, enabled: false });
    await page.close();
  });

  test('白天 with 首小时 and after, 夜间 by the visit, a daily cap; tried live, saved, bound to a lot, pricing a stay there', async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    await page.goto('/#/parkingAdmin/tariff');
    await page.getByRole('button', { name: '新增计费规则' }).click();
    const editor = page.getByRole('dialog', { name: '新增计费规则' });
    await editor.getByLabel('规则名称').fill(tariffName);
    // in force long before the fixed stay below
    await typeInPicker(editor.getByLabel('生效时间'), '2025-01-01 00:00');
    // a new tariff starts as 白天 08:00-20:00 at 2元/30分钟: today 08:00–10:10 is 5 units
    await expect(liveAmount(editor)).toHaveText('10.00元');

    const day = editor.getByRole('group', { name: '第1个时段' });
    await expect(day.getByLabel('时段名称')).toHaveValue('白天');
    await day.getByRole('button', { name: /添加阶梯/ }).click();
    const [first, after] = [day.getByRole('group', { name: '第1档', exact: true }), day.getByRole('group', { name: '第2档', exact: true })];
    await expect(first.getByLabel('截止时长', { exact: true })).toHaveValue('60');
    await first.getByLabel('单价', { exact: true }).fill('5');
    await first.getByLabel('阶梯名称', { exact: true }).fill('首小时');
    await after.getByLabel('单价', { exact: true }).fill('6');
    // 首小时 2 × 5元, then 09:00–10:10 in 3 units (a part unit counted whole) at 6元
    await expect(liveAmount(editor)).toHaveText('28.00元');
    await first.getByLabel('单价', { exact: true }).fill('4');
    await expect(liveAmount(editor)).toHaveText('26.00元');

    // 夜间 is offered for the hours 白天 leaves: 20:00 to 08:00 the next morning
    await editor
      .getByRole('region', { name: '工作日' })
      .getByRole('button', { name: /添加时段/ })
      .click();
    const night = editor.getByRole('group', { name: '第2个时段' });
    await expect(night.getByLabel('时段名称')).toHaveValue('夜间');
    await expect(night.getByLabel('开始')).toHaveValue('20:00');
    await expect(night.getByLabel('结束')).toHaveValue('08:00');
    await night.getByText('按次', { exact: true }).click();
    await night.getByLabel('按次价格（元）').fill('5');
    await editor.getByLabel('自然日封顶（元）').fill('30');
    const days = editor.getByRole('img', { name: '工作日、非工作日、节假日收费时段' });
    await expect(days).toContainText('白天');
    await expect(days).toContainText('夜间');
    await expect(days).toContainText('按次 5元');

    // the stay the lot will report: Monday 2025-03-03 17:00–21:30. 白天 17:00–20:00 is 2 × 4元 + 4 × 6元 = 32元,
    // cut to the day's cap of 30元; 夜间's 5元 falls on the same capped day
    const trial = editor.locator('.tariff-live-trial');
    await typeInPicker(trial.getByLabel('试算入场时间'), '2025-03-03 17:00');
    await typeInPicker(trial.getByLabel('试算出场时间'), '2025-03-03 21:30');
    await expect(liveAmount(editor)).toHaveText('30.00元');
    await expect(trial).toContainText('封顶');
    await screenshots(page, testInfo.outputPath.bind(testInfo));

    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.locator('.ant-message').getByText('新增成功')).toBeVisible();
    await expect(editor).toBeHidden();
    await expect(page.locator('.ant-table-row', { hasText: tariffName })).toContainText('2025/01/01 00:00');

    // bound to the lot on the 停车场 page, as staff do
    const lots = new ParkingAdminPage(page);
    await lots.visit('停车场');
    await lots.searchByName('停车场名称', lotName);
    await lots.row(lotName).getByRole('button', { name: '编辑' }).click();
    await lots.searchOption(lots.field('计费规则'), `${tariffName}（第1版）`);
    await lots.save('修改成功');
    expect(await lots.cell(lots.row(lotName), '计费规则')).toBe(tariffName);

    // the lot's pole reports a small car parked on T001 from 17:00 to 21:30 Shanghai
    for (const [kind, at] of [
      ['space_occupied', '2025-03-03T17:00:00+08:00'],
      ['space_freed', '2025-03-03T21:30:00+08:00'],
    ] as const) {
      const event = {
        ...freshBody('demo', sn),
        kind,
        deviceEventId: `${kind}-${stamp}`,
        plate,
        plateColour: 0,
        confidence: 0.99,
        spaceNumber: 'T001',
        occurredAt: new Date(at).toISOString(),
      };
      const response = await postSigned(page, '/api/device/events', made.secret, event);
      expect(response.status(), await response.text()).toBe(200);
    }

    const records = new ParkingRecordPage(page);
    await records.visit();
    await records.searchPlate(plate);
    const row = records.row(plate);
    expect(await records.cell(row, '停车场')).toBe(lotName);
    expect(await records.cell(row, '应收(元)')).toBe('30.00');
    await records.openDetail(row);
    await expect(records.timelineStep('计费')).toContainText(tariffName);
    // the class the camera's read put it in, and why
    await expect(page.locator('.record-detail__vehicle-class')).toHaveText('按小型车计费（小型车号牌）');
  });
});

/** The editor as it reads on a laptop and on a desktop screen. */
async function screenshots(page: Page, outputPath: (name: string) => string) {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: outputPath(`tariff-editor-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
