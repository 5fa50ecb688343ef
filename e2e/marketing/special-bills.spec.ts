import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { decodeQrPng } from '../../packages/server/src/test/qr-zip.js';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { SpecialBillPage, SpecialBillPhonePage } from './marketing.page.js';

// One story over the shared database with names of its own: a lot, a bill raised on it in the
// console, its printed code opened on a driver's phone; a second bill cancelled, which the phone then says.
const stamp = Date.now().toString(36);
const lotName = `特殊账单测试停车场${stamp}`;
const digits = (Number.parseInt(stamp, 36) % 100_000).toString().padStart(5, '0');
const plate = `粤D${digits}`;
const otherPlate = `粤E${digits}`;

test.describe.configure({ mode: 'serial' });

/** A stranger's phone at 375 px: no sign-in, no cookies. */
const phoneOf = (browser: Browser, page: Page) =>
  browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });

/** The code of the bill on `plate`, downloaded from the console, as the URL it prints. */
const qrUrlOf = async (admin: SpecialBillPage, plateNumber: string) => {
  const saving = admin.page.waitForEvent('download');
  await admin.row(plateNumber).getByRole('button', { name: '二维码' }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toMatch(/^特殊账单-.+\.png$/);
  return new URL(decodeQrPng(await readFile(await saved.path())));
};

test('特殊账单: raise a bill in the console, refused while wrong, then open its code as a driver at 375 px and pay it', async ({ page, browser }, testInfo) => {
  const api = await apiAs(page);
  expect((await api.post('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 100 })).body.msg).toBe('新增成功');
  const admin = new SpecialBillPage(page);
  await admin.visitBills();
  await admin.create();
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await admin.fieldError('请选择停车场');
  await admin.fieldError('请输入收费项目');
  await admin.fieldError('请输入金额');
  await admin.searchOption(admin.field('停车场'), lotName);
  await admin.fill('车牌号', '粤D1');
  await admin.fieldError('请输入正确的车牌号，如 粤B12345');
  await admin.fill('车牌号', plate.toLowerCase());
  await admin.fill('收费项目', '车辆损坏赔偿');
  await admin.fill('金额', '0');
  await admin.fieldError('金额必须大于0');
  await admin.fill('金额', '120.5');
  await admin.fill('备注', '倒车撞坏道闸');
  await page.screenshot({ path: testInfo.outputPath('special-bill-form.png') });
  await admin.save('新增成功');

  await admin.searchPlate(plate);
  await expect(admin.rows).toHaveCount(1);
  const row = admin.row(plate);
  expect(await admin.cell(row, '金额（元）')).toBe('120.50');
  expect(await admin.cell(row, '状态')).toBe('待支付');
  expect(await admin.cell(row, '停车场')).toBe(lotName);
  await page.screenshot({ path: testInfo.outputPath('special-bill-page.png') });
  const exported = await admin.exportRows();
  expect(exported[0]).toEqual(expect.arrayContaining(['停车场', '车牌号', '收费项目', '金额（元）', '状态']));
  expect(exported[1]).toEqual(expect.arrayContaining([lotName, plate, '车辆损坏赔偿', '120.50', '待支付']));

  const url = await qrUrlOf(admin, plate);
  expect(url.pathname).toBe('/scanSpeialBillQrcode');
  const phone = await phoneOf(browser, page);
  const driver = await phone.newPage();
  await driver.goto(`${url.pathname}${url.search}`);
  await expect(driver).toHaveURL(/#\/speialBillInfo\?t=/);
  const bill = new SpecialBillPhonePage(driver);
  await expect(bill.amount).toContainText('120.50');
  await expect(bill.amount).toContainText('待支付');
  await expect(bill.fact('停车场')).toHaveText(lotName);
  await expect(bill.fact('车牌号')).toHaveText(plate);
  await expect(bill.fact('收费项目')).toHaveText('车辆损坏赔偿');
  await expect(bill.fact('金额')).toHaveText('120.50 元');
  await expect(bill.pay).toBeEnabled();
  // the staff's remark is theirs: the driver's page does not carry it
  await expect(driver.getByText('倒车撞坏道闸')).toHaveCount(0);
  expect(await driver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await driver.screenshot({ path: testInfo.outputPath('special-bill-phone.png'), fullPage: true });

  // 立即支付: the sandbox cashier takes the money and sends the driver back to the bill, now paid
  await bill.pay.click();
  await expect(driver).toHaveURL(/\/sandbox\/cashier\/SB\w+$/);
  await expect(driver.getByTestId('cashier-amount')).toHaveText('120.50');
  await driver.getByRole('button', { name: '确认支付' }).click();
  await expect(driver).toHaveURL(/#\/speialBillInfo\?t=/);
  await expect(bill.amount).toContainText('已支付');
  await expect(bill.fact('支付时间')).toBeVisible();
  await expect(bill.pay).toBeDisabled();
  await driver.screenshot({ path: testInfo.outputPath('special-bill-phone-paid.png'), fullPage: true });
  await admin.searchPlate(plate);
  await expect.poll(async () => admin.cell(admin.row(plate), '状态')).toBe('已支付');

  // a tampered code shows the reason and nothing of the bill
  const [body, mac] = url.searchParams.get('t')!.split('.') as [string, string];
  await driver.goto(`/#/speialBillInfo?t=${encodeURIComponent(`${body}.${mac.slice(0, -2)}xx`)}`);
  await expect(driver.getByText('二维码无效或已被篡改')).toBeVisible();
  await expect(driver.getByText(lotName)).toHaveCount(0);
  await driver.screenshot({ path: testInfo.outputPath('special-bill-phone-tampered.png') });
  await phone.close();
});

test("特殊账单: 作废 another bill after confirming, and the driver's page says 已作废 with 立即支付 disabled", async ({ page, browser }, testInfo) => {
  const api = await apiAs(page);
  const lots = await api.get<{ list: { id: string; name: string }[] }>(`/api/system/Parking?name=${encodeURIComponent(lotName)}`);
  const lotId = lots.body.data.list[0]!.id;
  expect((await api.post('/api/system/SpecialBill', { lotId, plateNumber: otherPlate, item: '过夜服务费', amount: 3000 })).body.msg).toBe('新增成功');
  const admin = new SpecialBillPage(page);
  await admin.visitBills();
  await admin.searchPlate(otherPlate);
  await expect(admin.rows).toHaveCount(1);
  const url = await qrUrlOf(admin, otherPlate);

  await admin.row(otherPlate).getByRole('button', { name: '作废' }).click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm).toContainText(new RegExp(`确定作废特殊账单「.+（${otherPlate}）」吗？`));
  await confirm.getByRole('button', { name: /作\s*废/ }).click();
  await admin.expectMessage('作废成功');
  await expect(admin.row(otherPlate)).toContainText('已作废');
  await expect(admin.row(otherPlate).getByRole('button', { name: '作废' })).toHaveCount(0);

  const phone = await phoneOf(browser, page);
  const driver = await phone.newPage();
  await driver.goto(`${url.pathname}${url.search}`);
  const bill = new SpecialBillPhonePage(driver);
  await expect(bill.amount).toContainText('30.00');
  await expect(bill.fact('状态')).toHaveText('已作废');
  await expect(driver.getByText('该账单已作废，无需支付')).toBeVisible();
  await expect(bill.pay).toBeDisabled();
  await driver.screenshot({ path: testInfo.outputPath('special-bill-phone-cancelled.png'), fullPage: true });
  await phone.close();
});
