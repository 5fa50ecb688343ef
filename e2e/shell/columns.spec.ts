import { expect, test } from '../support/signed-in.fixtures.js';
import { expectViewShown } from '../support/sidebar.js';
import { ParkingRecordPage } from '../orders/parking-record.page.js';
import type { Locator, Page } from '@playwright/test';

// Lists as a user meets them on a 1440 px screen and on a phone: the columns that matter in view
// without scrolling sideways, 列设置 remembered across a reload, and plates on one line.

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  expect(box, 'on screen').not.toBeNull();
  return box!;
};

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const header = (records: ParkingRecordPage, title: string) => records.current.locator('.resource-table thead th').filter({ hasText: new RegExp(`^${title.replace(/[()]/g, '\\$&')}$`) });

const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

test('停车记录 at 1440×900 shows 优惠, 已付, 欠费, 状态 and 操作 side by side without scrolling', async ({ page }) => {
  const records = new ParkingRecordPage(page);
  await records.visit();

  const titles = ['车牌号', '优惠(元)', '已付(元)', '欠费(元)', '状态', '操作'];
  const boxes = [];
  for (const title of titles) {
    const th = header(records, title);
    await expect(th).toBeVisible();
    const box = await boxOf(th);
    // within the viewport as it is, nothing scrolled
    expect(box.x, title).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, title).toBeLessThanOrEqual(1440);
    boxes.push({ title, box });
  }
  // no header lies under another, the fixed 操作 least of all
  for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(overlaps(a.box, b.box), `${a.title} / ${b.title}`).toBe(false);
  // the table itself has nothing hidden to scroll to
  const scroller = records.current.locator('.ant-table-content, .ant-table-body').first();
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await pageWidth(page)).toBeLessThanOrEqual(1440);
});

test('列设置 hides a column, the choice survives a reload, and 重置 brings it back', async ({ page }) => {
  const records = new ParkingRecordPage(page);
  await records.visit();
  await expect(header(records, '停车场')).toBeVisible();

  const settings = page.getByRole('group', { name: '列设置' });
  await records.current.getByRole('button', { name: '列设置' }).click();
  // key columns cannot be hidden
  await expect(settings.getByRole('checkbox', { name: '车牌号' })).toBeDisabled();
  await settings.getByRole('checkbox', { name: '停车场' }).uncheck();
  await expect(header(records, '停车场')).toHaveCount(0);
  await expect(header(records, '入场时间')).toBeVisible();

  await page.reload();
  await expectViewShown(page);
  await expect(header(records, '入场时间')).toBeVisible();
  await expect(header(records, '停车场')).toHaveCount(0);

  await records.current.getByRole('button', { name: '列设置' }).click();
  await expect(settings.getByRole('checkbox', { name: '停车场' })).not.toBeChecked();
  await settings.getByRole('button', { name: '重置' }).click();
  await expect(header(records, '停车场')).toBeVisible();
  await expect(settings.getByRole('checkbox', { name: '停车场' })).toBeChecked();
});

test('at 375 px 停车记录, a record’s 详情 and 特殊账单 fit the screen with their key columns, plates on one line', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const records = new ParkingRecordPage(page);
  await records.visit();
  await expect(header(records, '车牌号')).toBeVisible();
  await expect(header(records, '状态')).toBeVisible();
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(375);
  // a record's 详情 too: its tables (支付记录's six columns) scroll within their cards
  await records.openDetail(records.rows.first());
  await expect(records.detail.locator('.record-detail__payments')).toContainText('支付渠道');
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(375);

  // the seeded special bills carry plates
  await page.goto('/#/OrderManagement/specialBill');
  await expectViewShown(page);
  const bills = page.locator('.resource-page').filter({ visible: true });
  const plate = bills.locator('.resource-table .ant-table-tbody tr.ant-table-row .plate-text').first();
  await expect(plate).toBeVisible();
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(375);
  const box = await boxOf(plate);
  // one line of the chip's 20 px, never two
  expect(box.height).toBeLessThan(30);
  expect(box.x + box.width).toBeLessThanOrEqual(375);

  // and at 1440 px the same plate is one line too
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(async () => (await boxOf(plate)).height).toBeLessThan(30);
});

test('at 375 px the hand-written lists fit the screen: 字典 shows 字典标签 beside 字典值, 菜单 and 计费规则 their names', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/#/system/dictionary');
  await expectViewShown(page);
  const dictionary = page.locator('.dictionary-page');
  await expect(dictionary.locator('.ant-table-row').first()).toContainText('蓝色');
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(375);
  for (const title of ['字典标签', '字典值']) {
    const box = await boxOf(dictionary.locator('thead th').filter({ hasText: new RegExp(`^${title}$`) }));
    expect(box.x + box.width, `${title} within the screen`).toBeLessThanOrEqual(375);
  }
  await page.screenshot({ path: testInfo.outputPath('dictionary-375.png'), fullPage: true });

  for (const [path, title] of [
    ['/system/menu', '菜单名称'],
    ['/parkingAdmin/tariff', '名称'],
  ] as const) {
    await page.goto(`/#${path}`);
    await expectViewShown(page);
    const view = page.locator('.app-view').filter({ visible: true });
    await expect(view.locator('.ant-table-row').first()).toBeVisible();
    await expect.poll(() => pageWidth(page), path).toBeLessThanOrEqual(375);
    const box = await boxOf(view.locator('thead th').filter({ hasText: new RegExp(`^${title}$`) }));
    expect(box.x + box.width, `${path}: ${title} within the screen`).toBeLessThanOrEqual(375);
  }
});
