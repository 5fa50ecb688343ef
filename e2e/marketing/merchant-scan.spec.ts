import { postDeviceCall, type DeviceCredentials } from '../../packages/server/src/modules/devices/device-client.js';
import { DriverExitPage } from '../payments/driver-exit.page.js';
import { apiAs, md5 } from '../support/api.js';
import { expect, signedOut, test } from '../support/signed-in.fixtures.js';
import { MarketingPage } from './marketing.page.js';

// Issue 20, 扫码发券: a car has been in a 1 元-an-hour lot for 2 h 50 min. On the order page of the
// lot's pay code the driver opens 商户优惠码; the hotel's counter scans it with the phone's own
// camera, which opens the address in the code on the counter's phone. Signed out, the counter signs
// in and lands on the form already holding the car; it issues a 2-hour coupon, and the driver's
// order page then takes 2 元 off.
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const lotName = `扫码券停车场${stamp}`;
const hotelName = `测试酒店${stamp}`;
const account = `hotel${stamp.toLowerCase()}`;
const couponName = `住店停车2小时${stamp}`;
const plate = `粤N${String(Date.now() % 100_000).padStart(5, '0')}`;
const allDay = [{ label: '全天', start: '00:00', end: '00:00', pricing: { kind: 'perUnit', tiers: [{ unitMinutes: 60, unitPrice: 100 }], rounding: { mode: 'up' } } }];
const phone = { width: 375, height: 812 };

test("a hotel scans the driver's 商户优惠码, signs in, issues to the car it names, and the driver's order takes the coupon off", async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = testInfo.project.use.baseURL!;
  const admin = new MarketingPage(page);
  await admin.visit('优惠券');
  const api = await apiAs(page);
  const created = async (path: string, body: object) => {
    const answer = await api.post<{ id: string; secret?: string }>(path, body);
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };

  const recordId = await test.step('staff set up the lot, the hotel and its coupon; the car drove in 2 h 50 min ago', async () => {
    const rules = { schedule: { workday: allDay, nonWorkday: allDay }, vehicleClasses: [{ code: 'small', name: '小型车' }], graceMinutes: 15 };
    const tariff = await created('/api/system/Tariff', { name: `${lotName}计费`, effectiveFrom: '2020-01-01T00:00:00+08:00', rules });
    const lot = await created('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 100, tariffId: tariff.id });
    const lane = await created('/api/system/ParkingLane', { lotId: lot.id, name: '北入口', direction: 'in' });
    const made = await created('/api/system/Device', { sn: `MS-IN-${stamp}`, name: `MS-IN-${stamp}`, type: 'camera', lotId: lot.id, laneId: lane.id });
    await created('/api/system/Merchant', { name: hotelName, kind: 'hotel', contactPhone: '13812345678', lotIds: [lot.id], settlement: 'postpaid', account, password: md5('hotel2026') });
    await created('/api/system/CouponTemplate', { name: couponName, kind: 'minutes', minutes: 120, price: 400, validHours: 24 });
    const camera: DeviceCredentials = { tenant: 'demo', sn: `MS-IN-${stamp}`, secret: made.secret! };
    const entered = await postDeviceCall<{ recordId: string; state: string }>(baseURL, '/api/device/events', camera, {
      kind: 'lane_entry',
      plate,
      occurredAt: new Date(Date.now() - 170 * 60_000).toISOString(),
      deviceEventId: `lane_entry-scan-${stamp}`,
      confidence: 0.97,
    });
    expect(entered).toMatchObject({ status: 200, data: { state: 'parked' } });
    return entered.data!.recordId;
  });

  const driverContext = await browser.newContext({ ...signedOut(testInfo), viewport: phone, isMobile: true, hasTouch: true });
  const mobile = await driverContext.newPage();
  const driver = new DriverExitPage(mobile);
  const stayUrl = await test.step("the driver's order page shows 商户优惠码: a QR image of the merchant page", async () => {
    const { url } = (await api.get<{ url: string }>(`/api/system/ParkingRecord/${recordId}/payQrCode`)).body.data;
    await mobile.goto(url);
    await expect(driver.fact('车牌号')).toHaveText(plate);
    await expect(driver.fact('优惠金额')).toHaveText('¥0.00');
    await mobile.getByRole('button', { name: '出示商户优惠码' }).click();
    const image = mobile.getByAltText('商户优惠码');
    await expect(image).toBeVisible();
    // a real PNG drawn at its full size
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(mobile.getByText('在商场、酒店消费后，请出示此码给商户扫码领取停车优惠')).toBeVisible();
    const width = await mobile.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await mobile.screenshot({ path: testInfo.outputPath('01-driver-stay-code.png'), fullPage: true });
    const held = (await image.getAttribute('data-url'))!;
    expect(held).toMatch(/\/#\/merchant\?stay=[\w-]+\.[\w-]+$/);
    return held;
  });

  const counter = await browser.newContext({ ...signedOut(testInfo), viewport: phone, isMobile: true, hasTouch: true });
  const hotel = await counter.newPage();
  await test.step('the counter scans it signed out: it signs in and lands on the form holding the car', async () => {
    await hotel.goto(stayUrl);
    await expect(hotel).toHaveURL(/#\/merchant\/login\?stay=/);
    await hotel.getByLabel('账号').fill(account);
    await hotel.getByLabel('密码').fill('hotel2026');
    await hotel.getByRole('button', { name: '登录' }).click();
    await expect(hotel).toHaveURL(/#\/merchant\?stay=/);
    await expect(hotel.getByTestId('merchant-scanned')).toContainText(`已扫码：${plate} · ${lotName} · 入场`);
    await expect(hotel.getByLabel('车牌号', { exact: true })).toHaveValue(plate);
    const width = await hotel.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await hotel.screenshot({ path: testInfo.outputPath('02-merchant-scanned.png'), fullPage: true });
  });

  await test.step('it picks the coupon and issues to that car', async () => {
    await hotel.getByRole('radio', { name: new RegExp(couponName) }).check();
    await hotel.getByRole('button', { name: '发券' }).click();
    await expect(hotel.getByTestId('merchant-issued')).toContainText(`发券成功：已向「${plate}」发放「${couponName}」`);
    await expect(hotel.getByTestId('merchant-coupon').first()).toContainText(plate);
  });

  await test.step("the driver's order page now takes the 2 hours off", async () => {
    await mobile.reload();
    await expect(driver.fact('优惠金额')).toHaveText('¥2.00');
    await expect(driver.fact('待付金额')).toHaveText('¥1.00');
  });

  await test.step('a code tampered with is refused on the counter, which can still type a plate', async () => {
    await hotel.goto(`${stayUrl.slice(0, -3)}xyz`);
    await expect(hotel.getByTestId('merchant-scan-refused')).toContainText('二维码无效，请让车主重新出示商户优惠码');
    await expect(hotel.getByLabel('车牌号', { exact: true })).toHaveValue('');
  });
  await counter.close();
  await driverContext.close();
});
