import type { Paged, ParkingRecord } from '@parking/contract';
import { postDeviceCall, type DeviceCredentials } from '../../packages/server/src/modules/devices/device-client.js';
import { DriverExitPage } from '../payments/driver-exit.page.js';
import { apiAs, md5 } from '../support/api.js';
import { expect, signedOut, test } from '../support/signed-in.fixtures.js';
import { MarketingPage } from './marketing.page.js';

// Issue 20 as a mall and an operator live it. Staff set up a barrier lot at 1 元 an hour and a mall
// that pays its coupons ahead; the operator tops the mall up in 商户. A car drives in; the mall's
// counter staff sign in on a phone and give the plate a 2-hour coupon. The car leaves through the
// signed camera API owing 1 hour instead of 3, the driver pays that in the sandbox cashier, and the
// operator sees the coupon 已使用 in 优惠券 and its price in the mall's 余额流水. Back on the phone, the
// mall's 报表 counts the coupon issued and used this month.
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const lotName = `商户券停车场${stamp}`;
const mallName = `测试商场${stamp}`;
const account = `mall${stamp.toLowerCase()}`;
const couponName = `停车2小时${stamp}`;
const plate = `粤M${String(Date.now() % 100_000).padStart(5, '0')}`;
const allDay = [{ label: '全天', start: '00:00', end: '00:00', pricing: { kind: 'perUnit', tiers: [{ unitMinutes: 60, unitPrice: 100 }], rounding: { mode: 'up' } } }];
const phone = { width: 375, height: 812 };

test('a merchant gives a plate a 2-hour coupon on its phone; the car pays 1 hour of 3 at the exit; the operator sees the use and the ledger', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = testInfo.project.use.baseURL!;
  // a first page loaded whole before anything else: a hash change while the app still settles on its home is lost
  const admin = new MarketingPage(page);
  await admin.visit('优惠券');
  const api = await apiAs(page);
  const created = async (path: string, body: object) => {
    const answer = await api.post<{ id: string; secret?: string }>(path, body);
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };

  const cameras = await test.step('staff set up the lot, its lanes and cameras, the mall and its coupon', async () => {
    const rules = { schedule: { workday: allDay, nonWorkday: allDay }, vehicleClasses: [{ code: 'small', name: '小型车' }], graceMinutes: 15 };
    const tariff = await created('/api/system/Tariff', { name: `${lotName}计费`, effectiveFrom: '2020-01-01T00:00:00+08:00', rules });
    const lot = await created('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 100, tariffId: tariff.id });
    const device = async (sn: string, direction: 'in' | 'out'): Promise<DeviceCredentials> => {
      const lane = await created('/api/system/ParkingLane', { lotId: lot.id, name: direction === 'in' ? '南入口' : '南出口', direction });
      const made = await created('/api/system/Device', { sn, name: sn, type: 'camera', lotId: lot.id, laneId: lane.id });
      return { tenant: 'demo', sn, secret: made.secret! };
    };
    await created('/api/system/Merchant', { name: mallName, kind: 'mall', contactPhone: '13812345678', lotIds: [lot.id], settlement: 'prepaid', account, password: md5('mall2026') });
    await created('/api/system/CouponTemplate', { name: couponName, kind: 'minutes', minutes: 120, price: 400, validHours: 24 });
    return { in: await device(`MC-IN-${stamp}`, 'in'), out: await device(`MC-OUT-${stamp}`, 'out') };
  });
  const camera = (device: DeviceCredentials, kind: 'lane_entry' | 'lane_exit', occurredAt: Date) =>
    postDeviceCall<{ recordId: string; state: string; amountToPay: number; release: boolean }>(baseURL, '/api/device/events', device, {
      kind,
      plate,
      occurredAt: occurredAt.toISOString(),
      deviceEventId: `${kind}-${stamp}`,
      confidence: 0.97,
    });

  await test.step('the operator tops the mall up with 50 元 in 商户, seeing the balance it leaves', async () => {
    await admin.visit('商户');
    const row = admin.row(mallName);
    await row.getByRole('button', { name: '充值/调整' }).click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByLabel('金额').fill('50');
    await expect(dialog.getByText('充值后余额')).toBeVisible();
    await expect(dialog.locator('.merchant-ledger-balance')).toContainText('50.00');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.locator('.ant-message').getByText('充值成功')).toBeVisible();
    expect(await admin.cell(row, '余额（元）')).toBe('50.00');
  });

  await test.step('the car drives in 2 h 50 min ago', async () => {
    const entered = await camera(cameras.in, 'lane_entry', new Date(Date.now() - 170 * 60_000));
    expect(entered).toMatchObject({ status: 200, data: { state: 'parked', release: true } });
  });

  const counter = await browser.newContext({ ...signedOut(testInfo), viewport: phone, isMobile: true, hasTouch: true });
  const mall = await counter.newPage();
  await test.step("the mall's counter signs in on its phone; a wrong password is refused", async () => {
    await mall.goto('/#/merchant/login');
    await mall.getByLabel('账号').fill(account);
    await mall.getByLabel('密码').fill('wrong2026');
    await mall.getByRole('button', { name: '登录' }).click();
    await expect(mall.getByText('账号或密码错误')).toBeVisible();
    await mall.getByLabel('密码').fill('mall2026');
    await mall.getByRole('button', { name: '登录' }).click();
    await expect(mall).toHaveURL(/#\/merchant$/);
    await expect(mall.getByText(mallName)).toBeVisible();
    await expect(mall.getByText('¥50.00').first()).toBeVisible();
    await mall.screenshot({ path: testInfo.outputPath('01-merchant-home.png'), fullPage: true });
  });

  await test.step('it issues the 2-hour coupon to the plate and pays its 4 元 from the balance', async () => {
    await mall.getByRole('radio', { name: new RegExp(couponName) }).check();
    await mall.getByLabel('车牌号', { exact: true }).fill(plate.toLowerCase());
    await mall.getByLabel('备注', { exact: true }).fill('会员顾客');
    await mall.getByRole('button', { name: '发券' }).click();
    await expect(mall.getByTestId('merchant-issued')).toContainText(`发券成功：已向「${plate}」发放「${couponName}」`);
    await expect(mall.getByText('¥46.00').first()).toBeVisible();
    await expect(mall.getByTestId('merchant-coupon').first()).toContainText(plate);
    await expect(mall.getByTestId('merchant-coupon').first()).toContainText('备注会员顾客');
    const width = await mall.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await mall.screenshot({ path: testInfo.outputPath('02-merchant-issued.png'), fullPage: true });
  });

  const recordId = await test.step('the car leaves: 3 hours at 1 元, 2 of them on the coupon, 1 元 to pay', async () => {
    const left = await camera(cameras.out, 'lane_exit', new Date());
    expect(left).toMatchObject({ status: 200, data: { state: 'awaiting_payment', amountToPay: 100, release: false } });
    const stays = await api.get<Paged<ParkingRecord>>(`/api/system/ParkingRecord?plateNumber=${encodeURIComponent(plate)}`);
    expect(stays.body.data.list).toEqual([expect.objectContaining({ amountDue: 300, discount: 200, unpaid: 100 })]);
    return left.data!.recordId;
  });

  await test.step("the driver pays the 1 元 from the record's pay code in the sandbox cashier", async () => {
    const { url } = (await api.get<{ url: string }>(`/api/system/ParkingRecord/${recordId}/payQrCode`)).body.data;
    const context = await browser.newContext({ ...signedOut(testInfo), viewport: phone, isMobile: true, hasTouch: true });
    const mobile = await context.newPage();
    const driver = new DriverExitPage(mobile);
    await mobile.goto(url);
    await expect(driver.fact('车牌号')).toHaveText(plate);
    await expect(driver.fact('待付金额')).toHaveText('¥1.00');
    await mobile.getByRole('button', { name: '支付 ¥1.00' }).click();
    await mobile.getByRole('button', { name: '确认支付' }).click();
    await expect(mobile.getByText('已支付', { exact: true })).toBeVisible();
    await context.close();
  });

  await test.step("the record's detail names the coupon under its fee", async () => {
    await page.goto(`/#/OrderManagement/parkingRecordOrderInfo/${recordId}`);
    await expect(page.locator('.record-coupons').filter({ visible: true })).toContainText(`优惠券：${mallName}「${couponName}」（减2小时，券号`);
    await expect(page.locator('.record-coupons').filter({ visible: true })).toContainText('优惠 2.00 元');
    await page.screenshot({ path: testInfo.outputPath('03-record-detail-coupon.png'), fullPage: true });
  });

  await test.step('优惠券 shows the coupon 已使用 with 2.00 off, and 余额流水 its 4 元 after the 50 元', async () => {
    await admin.visit('优惠券');
    const row = admin.row(plate);
    await expect(row).toContainText('已使用');
    expect(await admin.cell(row, '抵扣金额')).toBe('2.00');
    expect(await admin.cell(row, '商户')).toBe(mallName);
    await page.screenshot({ path: testInfo.outputPath('04-coupon-used.png'), fullPage: true });

    // the filter bar finds it by its 券号 and by the mall, picked by typing part of its name
    const couponNo = await admin.cell(row, '券号');
    const search = page.locator('.resource-search').filter({ visible: true });
    await search.getByPlaceholder('请输入完整券号').fill(couponNo);
    await search.locator('[id$="merchantId"]').fill(stamp);
    await page.locator('.ant-select-dropdown:visible').getByTitle(mallName).click();
    await search.getByRole('button', { name: /查\s*询/ }).click();
    await expect(admin.rows).toHaveCount(1);
    await expect(admin.rows.first()).toContainText(plate);
    await search.screenshot({ path: testInfo.outputPath('04b-coupon-filter-bar.png') });

    await admin.visit('商户');
    await admin.row(mallName).getByRole('button', { name: '流水' }).click();
    await expect(admin.rows).toHaveCount(2);
    expect(await admin.cell(admin.rows.nth(0), '类型')).toBe('发券扣款');
    expect(await admin.cell(admin.rows.nth(1), '类型')).toBe('充值');
    await expect(admin.rows.nth(0)).toContainText('46.00');
    await page.screenshot({ path: testInfo.outputPath('05-merchant-ledger.png'), fullPage: true });
  });

  await test.step("the mall's 报表 on the phone counts this month's coupon, issued and used", async () => {
    await mall.getByRole('link', { name: '报表' }).click();
    await expect(mall).toHaveURL(/#\/merchant\/report/);
    const total = mall.locator('.merchant-report__total');
    await expect(total).toHaveText(['合计', '1', '4.00', '1', '2.00'].join(''));
    await expect(mall.getByText('预付商户：发券时已从余额扣除结算价，作废的券已退回')).toBeVisible();
    const width = await mall.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await mall.screenshot({ path: testInfo.outputPath('06-merchant-report.png'), fullPage: true });
  });
  await counter.close();
});
