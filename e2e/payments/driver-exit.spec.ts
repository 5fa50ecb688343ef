import type { Paged, ParkingRecord } from '@parking/contract';
import { postDeviceCall, type DeviceCredentials } from '../../packages/server/src/modules/devices/device-client.js';
import { decodeQrPng } from '../../packages/server/src/test/qr-zip.js';
import { ParkingRecordPage } from '../orders/parking-record.page.js';
import { apiAs } from '../support/api.js';
import { expect, signedOut, test } from '../support/signed-in.fixtures.js';
import { DriverExitPage } from './driver-exit.page.js';

// A car drives in through the signed camera API; at the exit its driver scans the lane's code on a
// 375 px phone, finds the stay by plate, pays in the sandbox cashier and sees 已支付. The console
// shows the money, the exit lane's camera takes a release command, and the car leaves within the
// grace minutes at no extra charge.
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const lotName = `扫码出场停车场${stamp}`;
const plate = `粤B${String(Date.now() % 100_000).padStart(5, '0')}`;
const vehicleEventPath = '/api/device/events';
const laneCommandPullPath = '/api/device/lane/commands';
const allDay = [{ label: '全天', start: '00:00', end: '00:00', pricing: { kind: 'perUnit', tiers: [{ unitMinutes: 60, unitPrice: 100 }], rounding: { mode: 'up' } } }];
const phone = { width: 375, height: 812 };
let shot = 0;

type Api = Awaited<ReturnType<typeof apiAs>>;

/** A barrier lot at 1 元 an hour with 15 minutes' grace, an entry and an exit lane, a camera on each. */
const setUpLot = async (api: Api, name: string, tag: string) => {
  const created = async (path: string, body: object) => {
    const answer = await api.post<{ id: string; secret?: string }>(path, body);
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const rules = { schedule: { workday: allDay, nonWorkday: allDay }, vehicleClasses: [{ code: 'small', name: '小型车' }], graceMinutes: 15 };
  const tariff = await created('/api/system/Tariff', { name: `${name}计费`, effectiveFrom: '2020-01-01T00:00:00+08:00', rules });
  const lot = await created('/api/system/Parking', { name, type: 1, kind: 'lane', totalSpaces: 100, tariffId: tariff.id });
  const lanes = {
    in: await created('/api/system/ParkingLane', { lotId: lot.id, name: '北入口', direction: 'in' }),
    out: await created('/api/system/ParkingLane', { lotId: lot.id, name: '北出口', direction: 'out' }),
  };
  const device = async (sn: string, laneId: string): Promise<DeviceCredentials> => {
    const made = await created('/api/system/Device', { sn, name: sn, type: 'camera', lotId: lot.id, laneId });
    return { tenant: 'demo', sn, secret: made.secret! };
  };
  return { out: lanes.out, camera: { in: await device(`PAY-IN-${tag}`, lanes.in.id), out: await device(`PAY-OUT-${tag}`, lanes.out.id) } };
};

/** A lane camera's signed report of a car, as the device sends it. */
const vehicleEvent = (baseURL: string, device: DeviceCredentials, kind: 'lane_entry' | 'lane_exit', plateNumber: string, occurredAt: Date) =>
  postDeviceCall<{ recordId: string; state: string; amountToPay: number; release: boolean }>(baseURL, vehicleEventPath, device, {
    kind,
    plate: plateNumber,
    occurredAt: occurredAt.toISOString(),
    deviceEventId: `${kind}-${plateNumber.slice(2)}-${stamp}`,
    confidence: 0.97,
  });

test('a driver pays the exit on the phone and the car leaves within grace at no extra charge', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = testInfo.project.use.baseURL!;
  await page.goto('/');
  const api = await apiAs(page);

  const { out, camera } = await test.step('staff set up a barrier lot at 1 元 an hour, its lanes and cameras', () => setUpLot(api, lotName, `X${stamp}`));
  const event = (device: DeviceCredentials, kind: 'lane_entry' | 'lane_exit', occurredAt: Date) => vehicleEvent(baseURL, device, kind, plate, occurredAt);

  await test.step('the car enters 95 minutes ago, read by the entry camera', async () => {
    const entered = await event(camera.in, 'lane_entry', new Date(Date.now() - 95 * 60_000));
    expect(entered).toMatchObject({ status: 200, data: { state: 'parked', release: true } });
  });

  const exitUrl = await test.step("the exit lane's printed code holds a signed /m/exit link", async () => {
    const png = await page.request.get(`/api/system/ParkingLane/build/wxApplet/qRCode?id=${out.id}`, {
      headers: { authorization: (await page.context().cookies()).find((c) => c.name === 'SMART-TOKEN')!.value },
    });
    const url = decodeQrPng(await png.body());
    expect(url).toMatch(/\/m\/exit\?t=[\w-]+\.[\w-]+$/);
    return url;
  });

  const context = await browser.newContext({ ...signedOut(testInfo), viewport: phone, isMobile: true, hasTouch: true });
  const mobile = await context.newPage();
  const driver = new DriverExitPage(mobile);
  const look = async (name: string) => mobile.screenshot({ path: testInfo.outputPath(`${String(++shot).padStart(2, '0')}-${name}.png`), fullPage: true });

  await test.step('the driver scans it, asks for the order and types the plate', async () => {
    await mobile.goto(exitUrl);
    await mobile.getByRole('link', { name: '查询停车订单' }).click();
    await expect(mobile).toHaveURL(/#\/scanQRcode\?t=/);
    await expect(mobile).toHaveTitle('扫码出场');
    await expect(mobile.getByText(lotName)).toBeVisible();
    await expect(mobile.getByText('北出口 · 扫码缴费出场')).toBeVisible();
    await driver.typePlate(plate);
    await look('scan-exit');
    await mobile.getByRole('button', { name: '查询订单' }).click();
  });

  await test.step('订单详情 shows the stay and 2 hours owed; 支付 opens the sandbox cashier', async () => {
    await expect(mobile).toHaveURL(/#\/orderInfoByQRcode\?o=/);
    await expect(mobile).toHaveTitle('订单详情');
    await expect(driver.fact('停车场')).toHaveText(lotName);
    await expect(driver.fact('车牌号')).toHaveText(plate);
    await expect(driver.fact('停车时长')).toHaveText(/^1时3[45]分\d+秒$/);
    await expect(driver.fact('待付金额')).toHaveText('¥2.00');
    await look('order-unpaid');
    await mobile.getByRole('button', { name: '支付 ¥2.00' }).click();
    await expect(mobile).toHaveURL(/\/sandbox\/cashier\/SB\w+$/);
    await expect(mobile.getByTestId('cashier-amount')).toHaveText('2.00');
    await look('sandbox-cashier');
    await mobile.getByRole('button', { name: '确认支付' }).click();
  });

  await test.step('back on the order page it says 已支付 and until when the car may leave', async () => {
    await expect(mobile).toHaveURL(/#\/orderInfoByQRcode\?o=/);
    await expect(mobile.getByText('已支付', { exact: true })).toBeVisible();
    await expect(mobile.getByText(/^请在 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 前离场（缴费后 15 分钟内免费离场）$/)).toBeVisible();
    await expect(driver.fact('已付金额')).toHaveText('¥2.00');
    await expect(driver.fact('待付金额')).toHaveText('¥0.00');
    await look('order-paid');
  });

  await test.step('a tampered order link shows an error page and nothing of the order', async () => {
    const tampered = mobile.url().replace(/o=([\w-]+)\./, (_all, body: string) => `o=${body.slice(0, -2)}xx.`);
    await mobile.goto(tampered);
    await mobile.reload();
    await expect(mobile.getByText('无法打开订单')).toBeVisible();
    await expect(mobile.getByText('二维码无效或已被篡改，请重新扫码')).toBeVisible();
    await expect(mobile.getByText(plate)).toHaveCount(0);
    await look('order-tampered');
  });
  await context.close();

  await test.step('停车记录 in the console shows the stay paid in full, and 支付记录 a 沙箱 payment', async () => {
    const records = new ParkingRecordPage(page);
    await records.visit();
    await records.searchPlate(plate);
    const row = records.row(plate);
    await expect(row).toHaveCount(1);
    expect(await records.cell(row, '已付(元)')).toBe('2.00');
    expect(await records.cell(row, '欠费(元)')).toBe('0.00');
    const paid = await api.get<Paged<{ channel: string; amount: number; operatorName: string | null }>>(`/api/system/Payment?plateNumber=${encodeURIComponent(plate)}`);
    expect(paid.body.data.list).toEqual([expect.objectContaining({ channel: 'sandbox', amount: 200, operatorName: null })]);
  });

  await test.step("the exit lane's camera takes the release command for the plate, once", async () => {
    const pulled = await postDeviceCall<{ commands: { kind: string; plateNumber: string }[] }>(baseURL, laneCommandPullPath, camera.out, {});
    expect(pulled.data?.commands).toEqual([expect.objectContaining({ kind: 'release', plateNumber: plate })]);
    const again = await postDeviceCall<{ commands: unknown[] }>(baseURL, laneCommandPullPath, camera.out, {});
    expect(again.data?.commands).toEqual([]);
  });

  await test.step('two minutes later the car drives out: closed, nothing more to pay', async () => {
    const left = await event(camera.out, 'lane_exit', new Date(Date.now() + 2 * 60_000));
    expect(left).toMatchObject({ status: 200, data: { state: 'closed', amountToPay: 0, release: true } });
    const stays = await api.get<Paged<ParkingRecord>>(`/api/system/ParkingRecord?plateNumber=${encodeURIComponent(plate)}`);
    expect(stays.body.data.list).toEqual([expect.objectContaining({ state: 'closed', amountDue: 200, paid: 200, unpaid: 0 })]);
  });
});

test("an attendant's 收款二维码 opens 扫码支付 on the driver's phone", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = testInfo.project.use.baseURL!;
  const pdaPlate = `粤B${String((Date.now() + 7) % 100_000).padStart(5, '0')}`.replace(/.$/, 'P');
  // straight to the API: the console is opened at the record list below
  const api = await apiAs(page);
  const { camera } = await setUpLot(api, `收款码停车场${stamp}`, `P${stamp}`);
  const entered = await vehicleEvent(baseURL, camera.in, 'lane_entry', pdaPlate, new Date(Date.now() - 35 * 60_000));
  expect(entered.status).toBe(200);

  await test.step("the record's detail shows 收款二维码 for the attendant to hold up", async () => {
    const records = new ParkingRecordPage(page);
    await records.visit();
    await records.searchPlate(pdaPlate);
    await records.openDetail(records.row(pdaPlate));
    await records.detail.getByRole('button', { name: '收款二维码' }).click();
    const dialog = page.locator('.ant-modal:visible');
    await expect(dialog.getByText(`收款二维码 - ${pdaPlate}`)).toBeVisible();
    await expect(dialog.locator('canvas')).toBeVisible();
    await expect(dialog.getByText(/^请车主用手机扫码支付，\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 前有效$/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('06-record-pay-qrcode.png') });
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  });

  const { url } = (await api.get<{ url: string }>(`/api/system/ParkingRecord/${entered.data!.recordId}/payQrCode`)).body.data;
  expect(url).toMatch(/\/#\/pdaScanQrcode\?o=/);
  const context = await browser.newContext({ ...signedOut(testInfo), viewport: phone, isMobile: true, hasTouch: true });
  const mobile = await context.newPage();
  const driver = new DriverExitPage(mobile);
  await test.step('the driver scans it and pays 1 元 in the sandbox', async () => {
    await mobile.goto(url);
    await expect(driver.header).toHaveText('扫码支付');
    await expect(mobile).toHaveTitle(/^扫码支付/);
    await expect(driver.fact('车牌号')).toHaveText(pdaPlate);
    await expect(driver.fact('待付金额')).toHaveText('¥1.00');
    await mobile.screenshot({ path: testInfo.outputPath('07-pda-scan-pay.png'), fullPage: true });
    await mobile.getByRole('button', { name: '支付 ¥1.00' }).click();
    await mobile.getByRole('button', { name: '确认支付' }).click();
    await expect(mobile.getByText('已支付', { exact: true })).toBeVisible();
    await expect(driver.fact('已付金额')).toHaveText('¥1.00');
  });
  await context.close();
});
