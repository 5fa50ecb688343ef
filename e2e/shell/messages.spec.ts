import type { Page, Request } from '@playwright/test';
import { expect, mwFinance, signIn, test } from '../support/signed-in.fixtures.js';
import { ShellPage } from './shell.page.js';

const bell = (page: Page) => new ShellPage(page).bell;
const dialog = (page: Page) => new ShellPage(page).messages;
const openMessages = (page: Page) => new ShellPage(page).openMessages();
const tabTitles = async (page: Page) => (await dialog(page).getByRole('tab').allInnerTexts()).map((t) => t.trim());
const counts = (over: Record<string, number> = {}) => ({
  orderAlertcount: 0,
  reviewAppealcount: 0,
  deviceOfflineInCount: 0,
  deviceOfflineOutCount: 0,
  deviceOfflineCount: 0,
  kaipiaoCount: 0,
  ...over,
});

test('admin sees badge 13 with the device warning, and every tab with its count', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open();
  await expect(bell(page).locator('.ant-badge-count')).toHaveText('13');
  await expect(page.getByLabel('设备异常')).toBeVisible();

  await openMessages(page);
  await expect(dialog(page).getByText('系统消息')).toBeVisible();
  await expect.poll(() => tabTitles(page)).toEqual(['全部(10)', '订单预警(3)', '申诉审核(5)', '路内设备离线(2)', '路外设备离线(1)', '财务预警(2)']);
  await expect(dialog(page).locator('.message-list__item')).toHaveCount(10);

  await dialog(page).getByRole('tab', { name: '订单预警(3)' }).click();
  await expect(dialog(page).locator('.message-list__item:visible')).toHaveCount(3);
  await dialog(page).getByRole('tab', { name: '申诉审核(5)' }).click();
  await expect(dialog(page).locator('.message-list__item:visible')).toHaveCount(5);
  await dialog(page).getByRole('tab', { name: '路外设备离线(1)' }).click();
  await expect(dialog(page).locator('.message-list__item:visible')).toContainText(['CAM-2026-0102']);
});

test('a plate in an alert copies with one click, says 复制成功,车牌:…, and leaves the dialog open', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const shell = new ShellPage(page);
  await shell.open();
  await openMessages(page);
  await dialog(page)
    .getByRole('tab', { name: /^订单预警/ })
    .click();
  await dialog(page)
    .getByRole('button', { name: /^粤B12345（蓝色），点击复制$/ })
    .click();
  await expect(page.getByText('复制成功,车牌:粤B12345')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('粤B12345');
  await expect(dialog(page)).toBeVisible();
  await expect(page).not.toHaveURL(/OrderWarning/);
});

test('clicking an order warning opens OrderWarning with its id and type, and closes the dialog', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open();
  await openMessages(page);
  await dialog(page)
    .getByRole('tab', { name: /^订单预警/ })
    .click();
  await dialog(page).locator('.message-list__item:visible', { hasText: '重复入场' }).click();
  await expect(page).toHaveURL(/#\/OrderManagement\/OrderWarning\?id=[0-9a-f-]{36}&type=1$/);
  await expect(dialog(page)).toBeHidden();

  await openMessages(page);
  await dialog(page)
    .getByRole('tab', { name: /^订单预警/ })
    .click();
  await dialog(page).locator('.message-list__item:visible', { hasText: '黑名单车辆' }).click();
  await expect(page).toHaveURL(/#\/OrderManagement\/OrderWarning\?id=[0-9a-f-]{36}&type=2$/);
});

test('an offline device task opens its device list on-road or off-road', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open();
  await openMessages(page);
  await dialog(page)
    .getByRole('tab', { name: /^路内设备离线/ })
    .click();
  await dialog(page).locator('.message-list__item:visible', { hasText: 'GM-2026-0001' }).click();
  await expect(page).toHaveURL(/#\/SysOperations\/inRoad\?deviceNo=GM-2026-0001$/);

  await openMessages(page);
  await dialog(page)
    .getByRole('tab', { name: /^路外设备离线/ })
    .click();
  await dialog(page).locator('.message-list__item:visible', { hasText: 'CAM-2026-0102' }).click();
  await expect(page).toHaveURL(/#\/SysOperations\/outRoad\?deviceNo=CAM-2026-0102$/);
});

test('an appeal opens the order detail with the way back, and audits open their pages', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open('/parkingAdmin/parkingArea');
  await openMessages(page);
  await dialog(page)
    .getByRole('tab', { name: /^申诉审核/ })
    .click();
  await dialog(page).locator('.message-list__item:visible', { hasText: '申诉' }).click();
  await expect(page).toHaveURL(/#\/OrderManagement\/parkingRecordOrderInfo\/[0-9a-f-]{36}\?restBack=%2FparkingAdmin%2FparkingArea$/);
  // the seeded appeal names no real record: the detail says so, and 返回 leads back
  const detail = page.locator('.app-view').filter({ visible: true });
  await expect(detail.getByText('停车记录不存在或无权查看')).toBeVisible();
  await detail.getByRole('button', { name: /返回/ }).click();
  await expect(page).toHaveURL(/#\/parkingAdmin\/parkingArea$/);

  for (const [text, target] of [
    ['认证申请', /#\/customer\/CarAuthenticationAudit\?id=[0-9a-f-]{36}$/],
    ['手机号变更', /#\/customer\/carPhoneAudit\?id=[0-9a-f-]{36}$/],
    ['修改订单金额', /#\/OrderManagement\/parkingOrderEditAudit\?id=[0-9a-f-]{36}$/],
    ['重复计费', /#\/ParkingOperations\/customerComplain\?id=[0-9a-f-]{36}$/],
  ] as const) {
    await openMessages(page);
    await dialog(page)
      .getByRole('tab', { name: /^申诉审核/ })
      .click();
    await dialog(page).locator('.message-list__item:visible', { hasText: text }).click();
    await expect(page).toHaveURL(target);
  }
});

test('刷新 asks the server once per 700 ms and says 刷新成功', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open();
  const refreshes: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/system/systemMessage/refresh')) refreshes.push(request);
  });
  await openMessages(page);
  const link = dialog(page).getByRole('button', { name: '刷新' });
  // three clicks within one task, so a slow machine cannot spread them past the 700 ms
  await link.evaluate((button: HTMLElement) => {
    button.click();
    button.click();
    button.click();
  });
  await expect(shell.toast('刷新成功')).toBeVisible();
  await page.waitForTimeout(800);
  expect(refreshes).toHaveLength(1);
  await link.click();
  await expect.poll(() => refreshes.length).toBe(2);
});

test('counts are polled every 10 s; the badge caps at 99+; no count means 没有未处理的消息！', async ({ page }) => {
  let answer = counts({ orderAlertcount: 120 });
  let polls = 0;
  await page.route('**/api/system/systemMessage/alertCount?**', (route) => {
    polls += 1;
    return route.fulfill({ json: { code: 200, msg: '成功', data: answer } });
  });
  const shell = new ShellPage(page);
  await shell.open();
  await expect(bell(page).locator('.ant-badge-count')).toHaveText('99+');
  await expect(page.getByLabel('设备异常')).toHaveCount(0);

  answer = counts();
  const before = polls;
  await expect.poll(() => polls, { timeout: 13_000 }).toBeGreaterThan(before);
  await expect(bell(page).locator('.ant-badge-count')).toHaveCount(0);
  await bell(page).click();
  await expect(shell.toast('没有未处理的消息！')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
});

test('mwfinance sees badge 2 and the finance tab only; a reconciliation mistake opens its batch and is deleted', async ({ page }) => {
  await page.context().clearCookies();
  await signIn(page, mwFinance);
  await expect(bell(page).locator('.ant-badge-count')).toHaveText('2');
  await expect(page.getByLabel('设备异常')).toHaveCount(0);

  await openMessages(page);
  await expect.poll(() => tabTitles(page)).toEqual(['财务预警(2)']);
  await expect(dialog(page).getByRole('tab', { name: '财务预警(2)' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog(page).locator('.message-list__item')).toHaveCount(2);

  const deleted = page.waitForRequest((request) => request.method() === 'DELETE' && request.url().includes('/api/system/systemMessage/'));
  await dialog(page).locator('.message-list__item', { hasText: '对账批次' }).click();
  await expect(page).toHaveURL(/#\/FinancialManagement\/accountCheckMistake\?batchNo=20261119-01$/);
  await expect(dialog(page)).toBeHidden();
  expect((await (await deleted).response())?.status()).toBe(200);
  await expect(bell(page).locator('.ant-badge-count')).toHaveText('1');

  await openMessages(page);
  await dialog(page).locator('.message-list__item', { hasText: '开票' }).click();
  await expect(page).toHaveURL(/#\/FinancialManagement\/invoiceRecord$/);
  await expect(bell(page).locator('.ant-badge-count')).toHaveText('1');
});
