import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiAs } from '../support/api.js';
import { expect, signedOut, test } from '../support/signed-in.fixtures.js';
import { freshBody, postSigned } from '../devices/device.page.js';
import { lastNoonInShanghai } from '../support/charged-time.js';
import { OwnerPhonePage } from '../customers/owner-phone.page.js';

// 开票记录 as its two people live it: a car owner on a 375 px phone with a verified plate has paid for a
// stay at a lot of this run's own; from 我的发票 the owner asks for a company e-invoice of that payment;
// staff at a desk find it 待开票 on 开票记录, 开票 it through the sandbox platform and see it 已开票; the
// owner downloads the PDF. The plate is unbound, the pole removed, the lot switched off at the end.
const phoneSize = { width: 375, height: 812 };
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type Api = Awaited<ReturnType<typeof apiAs>>;
type Made = { lotId: string; deviceId: string; recordId: string };

/** A road lot of this run's own with one space and its video pole, priced by a seeded road tariff; `made` keeps what to remove. */
const roadLotWithPole = async (api: Api, made: Made, at: { lotName: string; space: string; sn: string; poleName: string }) => {
  const tariffs = await api.get<{ list: { id: string; name: string }[] }>('/api/system/Tariff?pageSize=100');
  const tariffId = tariffs.body.data.list.find((t) => t.name === '北京一类地区占道停车')!.id;
  made.lotId = (await api.post<{ id: string }>('/api/system/Parking', { name: at.lotName, type: 0, kind: 'space', tariffId })).body.data.id;
  expect((await api.post('/api/system/ParkingSpace', { lotId: made.lotId, number: at.space })).body.code).toBe(200);
  const device = await api.post<{ id: string; secret: string }>('/api/system/Device', { sn: at.sn, name: at.poleName, type: 'video_pole', lotId: made.lotId });
  expect(device.body.code).toBe(200);
  made.deviceId = device.body.data.id;
  return device.body.data.secret;
};

/** A stay of 10:00–12:00 Shanghai at the pole's space, paid in full by `channel` at the console: what it cost, in fen. */
const paidStay = async (page: Page, api: Api, made: Made, stay: { sn: string; secret: string; space: string; plate: string; stamp: string; channel: 'cash' | 'wechat' }) => {
  const leftAt = lastNoonInShanghai();
  for (const [kind, at] of [
    ['space_occupied', new Date(leftAt.getTime() - 120 * 60_000)],
    ['space_freed', leftAt],
  ] as const) {
    const event = {
      ...freshBody('demo', stay.sn),
      kind,
      deviceEventId: `${kind}-${stay.stamp}`,
      plate: stay.plate,
      plateColour: 0,
      confidence: 0.99,
      spaceNumber: stay.space,
      occurredAt: at.toISOString(),
    };
    const response = await postSigned(page, '/api/device/events', stay.secret, event);
    expect(response.status(), await response.text()).toBe(200);
    made.recordId = ((await response.json()) as { data: { recordId: string } }).data.recordId;
  }
  const record = await api.get<{ unpaid: number }>(`/api/system/ParkingRecord/${made.recordId}`);
  expect(record.body.data.unpaid).toBeGreaterThan(0);
  const paid = await api.post('/api/system/Payment', {
    recordId: made.recordId,
    channel: stay.channel,
    amount: record.body.data.unpaid,
    idempotencyKey: `e2e-invoice-${stay.channel}-${stay.stamp}`,
  });
  expect(paid.body.code, paid.body.msg).toBe(200);
  return record.body.data.unpaid;
};

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(150_000);

test('an owner asks for an invoice of a paid stay; staff issue it on 开票记录; the owner downloads the PDF', async ({ page, browser }, testInfo) => {
  const stamp = ((Date.now() + testInfo.repeatEachIndex) % 100_000_000).toString().padStart(8, '0');
  const phone = `137${stamp}`;
  const plate = `粤F${stamp.slice(-5)}`;
  const lotName = `开票测试路段${stamp}`;
  const buyerTitle = `开票测试科技有限公司${stamp}`;
  const sn = `E2E-INVOICE-${stamp}`;
  const photo = testInfo.outputPath('行驶证.png');
  writeFileSync(photo, png);
  const api = await apiAs(page);
  const made = { lotId: '', deviceId: '', recordId: '', invoiceId: '', authRequestId: '' };

  const ownerContext = await browser.newContext({ ...signedOut(testInfo), viewport: phoneSize, isMobile: true, hasTouch: true, acceptDownloads: true });
  const ownerPage = await ownerContext.newPage();
  const owner = new OwnerPhonePage(ownerPage);
  try {
    // the lot, its space and its pole, priced by a seeded road tariff
    const secret = await roadLotWithPole(api, made, { lotName, space: 'F001', sn, poleName: '开票测试视频桩' });

    // the owner binds the plate and sends its 行驶证; staff approve it, so its payments are the owner's to invoice
    await owner.open();
    await owner.signIn(phone);
    await owner.bind(plate);
    await owner.submitLicence(plate, photo);
    await expect(owner.vehicle(plate)).toContainText('认证中');
    const requests = await api.get<{ list: { id: string; status: string }[] }>(`/api/system/CarAuthentication?plateNumber=${encodeURIComponent(plate)}`);
    expect(requests.body.data.list).toHaveLength(1);
    made.authRequestId = requests.body.data.list[0]!.id;
    const approved = await api.post(`/api/system/CarAuthentication/${made.authRequestId}/Actions/Approve`, {});
    expect(approved.body.code, approved.body.msg).toBe(200);

    // 10:00–12:00 Shanghai, then paid in cash at the booth
    const fee = await paidStay(page, api, made, { sn, secret, space: 'F001', plate, stamp, channel: 'cash' });
    const yuan = (fee / 100).toFixed(2);

    // the owner: 我的发票 lists the payment; a company title without its tax number is refused, then sent
    await owner.open('/owner/invoices');
    await expect(owner.header).toContainText('我的发票');
    const payment = ownerPage.getByRole('checkbox', { name: new RegExp(`^${lotName} ${plate} .* ${yuan} 元$`) });
    await payment.check();
    await ownerPage.getByRole('radio', { name: '单位' }).check();
    await ownerPage.getByLabel('发票抬头').fill(buyerTitle);
    await ownerPage.getByLabel('接收邮箱').fill('finance@example.com');
    await ownerPage.getByLabel('纳税人识别号').fill('91350100M000100Y44');
    await ownerPage.getByRole('button', { name: /提交开票申请/ }).click();
    await expect(ownerPage.getByText('纳税人识别号应为18位统一社会信用代码（数字和大写字母，校验位正确）')).toBeVisible();
    await ownerPage.getByLabel('纳税人识别号').fill('91350100M000100Y43');
    await ownerPage.getByRole('button', { name: /提交开票申请/ }).click();
    const mine = ownerPage.getByTestId('owner-invoice').filter({ hasText: buyerTitle });
    await expect(mine).toContainText('待开票');
    await expect(mine).toContainText(`${yuan} 元`);
    expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneSize.width);
    await ownerPage.screenshot({ path: testInfo.outputPath('owner-requested.png'), fullPage: true });

    // staff: 开票记录 lists it 待开票; 开票 after confirming, then the platform's result
    await page.goto('/#/FinancialManagement/invoiceRecord');
    const row = page.locator('.ant-table-tbody tr', { hasText: buyerTitle });
    await expect(row).toContainText('待开票');
    await row.getByRole('button', { name: /开\s*票/ }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(row).toContainText(/开票中|已开票/);
    await expect(async () => {
      if (!(await row.innerText()).includes('已开票')) {
        await row.getByRole('button', { name: '查询结果' }).click();
        await page.getByRole('button', { name: /确\s*定/ }).click();
      }
      await expect(row).toContainText('已开票', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath('staff-issued.png') });
    const listed = await api.get<{ list: { id: string }[] }>(`/api/system/Invoice?keyword=${encodeURIComponent(buyerTitle)}`);
    made.invoiceId = listed.body.data.list[0]!.id;

    // the owner: 已开票 with its number, and the PDF downloads
    await ownerPage.reload();
    await expect(mine).toContainText('已开票');
    await expect(mine).toContainText(/发票号码\s*\d{20}/);
    const [download] = await Promise.all([ownerPage.waitForEvent('download'), mine.getByRole('button', { name: '下载发票PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^发票\d{20}\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2_000);
    await ownerPage.screenshot({ path: testInfo.outputPath('owner-issued.png'), fullPage: true });
  } finally {
    await owner.open('/owner/vehicles').catch(() => undefined);
    if (await owner.vehicle(plate).count()) await owner.unbind(plate);
    await ownerContext.close();
    if (made.deviceId) await api.delete(`/api/system/Device/${made.deviceId}`);
    if (made.lotId) await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 0, kind: 'space', tariffId: null, enabled: false });
    // the 开票 message and the 车辆认证 one the approval left: other specs count tenant demo's messages
    for (const [type, businessId] of [
      [9, made.invoiceId],
      [2, made.authRequestId],
    ] as const) {
      if (!businessId) continue;
      const messages = await api.get<{ list: { id: string; businessId: string }[] }>(`/api/system/systemMessage?currentPage=1&pageSize=100&messageTypeList=${type}`);
      for (const message of messages.body.data.list.filter((m) => m.businessId === businessId)) await api.delete(`/api/system/systemMessage/${message.id}`);
    }
  }
});

// The same from the order's own page, no sign-in: a driver who paid online holds the record's link (the
// attendant's 收款二维码 here); 申请电子发票 there, staff issue it on 开票记录, and the driver downloads the
// PDF from the same page. The 开票 message is removed, the pole deleted and the lot switched off at the end.
test("a driver asks for an invoice from the order's page; staff issue it; the driver downloads the PDF", async ({ page, browser }, testInfo) => {
  const stamp = ((Date.now() + 31 + testInfo.repeatEachIndex) % 100_000_000).toString().padStart(8, '0');
  const plate = `粤G${stamp.slice(-5)}`;
  const lotName = `订单开票测试路段${stamp}`;
  const buyerTitle = `订单开票测试${stamp}`;
  const sn = `E2E-RECORD-INVOICE-${stamp}`;
  const api = await apiAs(page);
  const made = { lotId: '', deviceId: '', recordId: '', invoiceId: '' };
  const driverContext = await browser.newContext({ ...signedOut(testInfo), viewport: phoneSize, isMobile: true, hasTouch: true, acceptDownloads: true });
  const driver = await driverContext.newPage();
  try {
    const secret = await roadLotWithPole(api, made, { lotName, space: 'G001', sn, poleName: '订单开票测试视频桩' });

    // 10:00–12:00 Shanghai, paid online (WeChat)
    const fee = await paidStay(page, api, made, { sn, secret, space: 'G001', plate, stamp, channel: 'wechat' });
    const yuan = (fee / 100).toFixed(2);
    const { url } = (await api.get<{ url: string }>(`/api/system/ParkingRecord/${made.recordId}/payQrCode`)).body.data;

    // the driver: the paid order offers 申请电子发票; a personal title and an email are enough
    await driver.goto(url);
    await expect(driver.getByText('已支付', { exact: true })).toBeVisible();
    await driver.getByRole('button', { name: '申请电子发票' }).click();
    await driver.getByLabel('发票抬头').fill(buyerTitle);
    await driver.getByLabel('接收邮箱').fill('driver@example.com');
    await driver.getByRole('button', { name: `提交开票申请（${yuan} 元）` }).click();
    const mine = driver.getByTestId('record-invoice').filter({ hasText: buyerTitle });
    await expect(mine).toContainText('开票中');
    await expect(driver.getByRole('button', { name: '申请电子发票' })).toHaveCount(0);
    expect(await driver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneSize.width);
    await driver.screenshot({ path: testInfo.outputPath('driver-requested.png'), fullPage: true });

    // staff: 开票记录 lists it 待开票 with the stay's plate; 开票, then the platform's result
    const listed = await api.get<{ list: { id: string; items: { plateNumber: string }[] }[] }>(`/api/system/Invoice?keyword=${encodeURIComponent(buyerTitle)}`);
    made.invoiceId = listed.body.data.list[0]!.id;
    expect(listed.body.data.list[0]!.items.map((i) => i.plateNumber)).toEqual([plate]);
    await page.goto('/#/FinancialManagement/invoiceRecord');
    const row = page.locator('.ant-table-tbody tr', { hasText: buyerTitle });
    await expect(row).toContainText('待开票');
    await row.getByRole('button', { name: /开\s*票/ }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(async () => {
      if (!(await row.innerText()).includes('已开票')) {
        await row.getByRole('button', { name: '查询结果' }).click();
        await page.getByRole('button', { name: /确\s*定/ }).click();
      }
      await expect(row).toContainText('已开票', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // the driver: 已开票 with its number, and the PDF is a real one
    await driver.reload();
    await expect(mine).toContainText('已开票');
    await expect(mine).toContainText(/发票号码 \d{20}/);
    const [download] = await Promise.all([driver.waitForEvent('download'), mine.getByRole('button', { name: '下载发票PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^发票\d{20}\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await driver.screenshot({ path: testInfo.outputPath('driver-issued.png'), fullPage: true });
  } finally {
    await driverContext.close();
    if (made.deviceId) await api.delete(`/api/system/Device/${made.deviceId}`);
    if (made.lotId) await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 0, kind: 'space', tariffId: null, enabled: false });
    // the 开票 message: other specs count tenant demo's messages (found by its title if the run stopped before it was read)
    made.invoiceId ||= (await api.get<{ list: { id: string }[] }>(`/api/system/Invoice?keyword=${encodeURIComponent(buyerTitle)}`)).body.data.list[0]?.id ?? '';
    if (made.invoiceId) {
      const messages = await api.get<{ list: { id: string; businessId: string }[] }>('/api/system/systemMessage?currentPage=1&pageSize=100&messageTypeList=9');
      for (const message of messages.body.data.list.filter((m) => m.businessId === made.invoiceId)) await api.delete(`/api/system/systemMessage/${message.id}`);
    }
  }
});
