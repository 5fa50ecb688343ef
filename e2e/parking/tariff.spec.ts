import { expect, test } from '../support/signed-in.fixtures.js';

// Reads the seeded tariffs only; other specs may price with them too.

test('停车场管理 > 计费规则 prices a stay with a seeded tariff in the 计费试算 panel', async ({ page }, testInfo) => {
  // the first menu page opens on sign-in with its folder already open, so the page is opened by its address
  await page.goto('/#/parkingAdmin/tariff');
  await expect(page).toHaveTitle(/^计费规则 - /);
  const row = page.locator('.ant-table-row', { hasText: '杭州核心区域道路停车' });
  await expect(row).toContainText('第1版');
  await expect(row).toContainText('2025/01/01 00:00');
  await expect(page.locator('.ant-table-row', { hasText: '北京一类地区占道停车' })).toBeVisible();

  // 杭州核心 08:00-09:10 by day: 首小时 2 × 5元 + 首小时后 1 × 6元 (不足半小时按半小时) = 16元
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

test('a tariff is created from the common fields, shows its version and prices as entered', async ({ page }, testInfo) => {
  await page.goto('/#/parkingAdmin/tariff');
  await page.getByRole('button', { name: '新增计费规则' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('名称').fill('e2e路侧计费');
  await dialog.getByLabel('单价（元/单位）').fill('3');
  await page.screenshot({ path: testInfo.outputPath('tariff-form.png'), fullPage: true });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();

  const row = page.locator('.ant-table-row', { hasText: 'e2e路侧计费' });
  await row.getByRole('button', { name: '版本' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer).toContainText('第1版');
  await expect(drawer).toContainText('长期有效');
  await drawer.getByRole('button', { name: '关闭' }).click();

  // 08:00-09:10 at 3元 per 30 minutes, a partial unit counted whole: 3 units = 9元
  await row.getByRole('button', { name: '试算' }).click();
  const panel = page.locator('.tariff-trial');
  await panel.getByRole('button', { name: /试\s*算/ }).click();
  await expect(panel.locator('.ant-statistic-content')).toContainText('9.00');
});
