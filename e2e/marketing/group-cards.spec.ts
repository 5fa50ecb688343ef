import { readFile } from 'node:fs/promises';
import { vehicleEventPath, type Paged, type ParkingRecordDetail, type VehicleEventResult } from '@parking/contract';
import { postDeviceCall } from '../../packages/server/src/modules/devices/device-client.js';
import { decodeQrPng } from '../../packages/server/src/test/qr-zip.js';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { GroupCardPhonePage, MarketingPage } from './marketing.page.js';

// One story over the shared database with names of its own: a group, a card for one plate on a
// lot, then the card's printed code opened on a driver's phone, who binds a second plate.
const stamp = Date.now().toString(36);
const lotName = `集团卡测试停车场${stamp}`;
const groupName = `测试集团${stamp}`;
const cardNo = `JT-${stamp}`.toUpperCase();
const digits = (Number.parseInt(stamp, 36) % 100_000).toString().padStart(5, '0');
const plate = `粤B${digits}`;
const boundPlate = `粤C${digits}`;

test.describe.configure({ mode: 'serial' });

test('集团: create a group, refused while the phone is wrong, found and exported', async ({ page }, testInfo) => {
  const admin = new MarketingPage(page);
  await admin.visit('集团');
  await admin.create();
  await admin.fill('集团名称', groupName);
  await admin.fill('联系人', '王经理');
  await admin.fill('联系电话', '1234');
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await admin.fieldError('请输入正确的电话号码');
  await admin.fill('联系电话', '13812345678');
  await admin.save('新增成功');

  const search = admin.current.locator('.resource-search');
  await search.getByLabel('集团名称', { exact: true }).fill(stamp);
  await search.getByRole('button', { name: /查询/ }).click();
  await expect(admin.rows).toHaveCount(1);
  const row = admin.row(groupName);
  expect(await admin.cell(row, '联系电话')).toBe('138****5678');
  await page.screenshot({ path: testInfo.outputPath('group-page.png') });
  const exported = await admin.exportRows();
  expect(exported[0]).toContain('集团名称');
  expect(exported[1]).toEqual(expect.arrayContaining([groupName, '王经理', '138****5678']));
});

test("集团卡: create a card for a plate on a lot, see its benefit and quota, refuse the group's delete", async ({ page }, testInfo) => {
  const api = await apiAs(page);
  // the seeded road sample charges day and night, so a stay at any hour leaves something for the card to take off
  const tariffs = await api.get<Paged<{ id: string; name: string }>>('/api/system/Tariff?pageSize=100');
  const tariffId = tariffs.body.data.list.find((t) => t.name === '路侧停车示例')!.id;
  const created = await api.post('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 100, tariffId });
  expect(created.body.msg).toBe('新增成功');
  const admin = new MarketingPage(page);
  await admin.visit('集团卡');
  await admin.create();
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await admin.fieldError('请选择集团');
  await admin.fieldError('至少绑定一个车牌');

  await admin.searchOption(admin.field('集团'), groupName);
  await admin.fill('卡号', cardNo);
  await admin.dialog.getByRole('radio', { name: '折扣' }).check();
  await admin.fill('折扣（%）', '80');
  await admin.addPlate('粤B1');
  await admin.fieldError('粤B1：请输入正确的车牌号，如 粤B12345');
  await admin.dialog
    .locator('.ant-select-selection-item', { hasText: /^粤B1$/ })
    .locator('.ant-select-selection-item-remove')
    .click();
  await admin.addPlate(plate.toLowerCase());
  await expect(admin.dialog.locator('.ant-select-selection-item', { hasText: plate })).toBeVisible();
  await expect(admin.dialog.locator('.ant-select-selection-item', { hasText: /^粤B1$/ })).toHaveCount(0);
  await admin.searchOption(admin.field('适用停车场'), lotName);
  await admin.pickDates('2024-01-01', '2099-12-31');
  await admin.fill('每月次数', '10');
  await admin.field('允许车主绑定').click();
  await expect(admin.field('允许车主绑定')).toHaveAttribute('aria-checked', 'true');
  await admin.fill('车牌上限', '3');
  await page.screenshot({ path: testInfo.outputPath('group-card-form.png') });
  await admin.save('新增成功');

  const search = admin.current.locator('.resource-search');
  await search.getByLabel('卡号', { exact: true }).fill(cardNo);
  await search.getByRole('button', { name: /查询/ }).click();
  await expect(admin.rows).toHaveCount(1);
  const row = admin.row(cardNo);
  expect(await admin.cell(row, '优惠')).toBe('8折');
  expect(await admin.cell(row, '车牌')).toBe(plate);
  expect(await admin.cell(row, '本月剩余/每月次数')).toBe('10 / 10');
  expect(await admin.cell(row, '有效状态')).toBe('生效中');
  await page.screenshot({ path: testInfo.outputPath('group-card-page.png') });

  await admin.visit('集团');
  const groupRow = admin.row(groupName);
  await expect(groupRow.getByRole('button', { name: '删除' })).toBeDisabled();
});

test("集团卡: the 二维码 opens the card on a driver's phone at 375 px, who binds a plate", async ({ page, browser }, testInfo) => {
  const admin = new MarketingPage(page);
  await admin.visit('集团卡');
  const search = admin.current.locator('.resource-search');
  await search.getByLabel('卡号', { exact: true }).fill(cardNo);
  await search.getByRole('button', { name: /查询/ }).click();
  // the found card alone, so the click lands on the list the search asked for, not the one it replaces
  await expect(admin.rows).toHaveCount(1);
  const saving = page.waitForEvent('download');
  await admin.row(cardNo).getByRole('button', { name: '二维码' }).click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe(`集团卡-${cardNo}.png`);
  const url = new URL(decodeQrPng(await readFile(await saved.path())));
  expect(url.pathname).toBe('/scanGroupCardQrcode');

  // a stranger's phone: no sign-in, no cookies
  const phone = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const driver = await phone.newPage();
  await driver.goto(`${url.pathname}${url.search}`);
  await expect(driver).toHaveURL(/#\/groupCardInfo\?t=/);
  const card = new GroupCardPhonePage(driver);
  await expect(card.face).toContainText(groupName);
  await expect(card.face).toContainText(cardNo);
  await expect(card.face).toContainText('8折');
  await expect(card.fact('车牌')).toHaveText(plate);
  await expect(card.fact('适用停车场')).toHaveText(lotName);
  await expect(card.fact('有效期')).toHaveText('2024-01-01 至 2099-12-31');
  await expect(card.fact('本月剩余')).toHaveText('10 次（每月 10 次）');
  await expect(card.fact('集团电话')).toHaveText('138****5678');
  const width = await driver.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await driver.screenshot({ path: testInfo.outputPath('group-card-phone.png'), fullPage: true });

  await card.bind.getByLabel('车牌号').fill('粤C1');
  await card.bind.getByRole('button', { name: '绑定车牌' }).click();
  await expect(card.bind.getByText('请输入正确的车牌号，如 粤B12345')).toBeVisible();
  await card.bind.getByLabel('车牌号').fill(plate);
  await card.bind.getByRole('button', { name: '绑定车牌' }).click();
  await expect(card.bind.getByText(`车牌「${plate}」已绑定该集团卡`)).toBeVisible();
  await card.bind.getByLabel('车牌号').fill(boundPlate.toLowerCase());
  await card.bind.getByRole('button', { name: '绑定车牌' }).click();
  await expect(card.bind.getByText('绑定成功')).toBeVisible();
  await expect(card.fact('车牌')).toHaveText(`${plate}${boundPlate}`);
  await driver.screenshot({ path: testInfo.outputPath('group-card-phone-bound.png'), fullPage: true });

  // a tampered code shows the reason and nothing of the card
  const [body, mac] = url.searchParams.get('t')!.split('.') as [string, string];
  await driver.goto(`/#/groupCardInfo?t=${encodeURIComponent(`${body}.${mac.slice(0, -2)}xx`)}`);
  await expect(driver.getByText('二维码无效或已被篡改')).toBeVisible();
  await expect(driver.getByText(groupName)).toHaveCount(0);
  await driver.screenshot({ path: testInfo.outputPath('group-card-phone-tampered.png') });
  await phone.close();

  // the console sees the driver's plate
  await page.reload();
  await expect(admin.row(cardNo)).toContainText(boundPlate);
});

test("集团卡: the driver's bound plate leaves the lot and the card takes 20% off; the record names the card", async ({ page }, testInfo) => {
  const api = await apiAs(page);
  const lotId = (await api.get<Paged<{ id: string; name: string }>>(`/api/system/Parking?name=${encodeURIComponent(lotName)}`)).body.data.list[0]!.id;
  const lane = async (name: string, direction: 'in' | 'out') => (await api.post<{ id: string }>('/api/system/ParkingLane', { lotId, name, direction })).body.data.id;
  const camera = async (sn: string, laneId: string) => {
    const made = await api.post<{ secret: string }>('/api/system/Device', { sn, name: sn, type: 'camera', lotId, laneId });
    expect(made.body.code).toBe(200);
    return { tenant: 'demo', sn, secret: made.body.data.secret };
  };
  const entry = await camera(`GC-IN-${stamp}`, await lane('入口', 'in'));
  const exit = await camera(`GC-OUT-${stamp}`, await lane('出口', 'out'));
  const baseUrl = testInfo.project.use.baseURL!;
  const now = Date.now();
  const send = (device: typeof entry, kind: 'lane_entry' | 'lane_exit', at: number) =>
    postDeviceCall<VehicleEventResult>(baseUrl, vehicleEventPath, device, { kind, deviceEventId: `${kind}-${stamp}`, plate: boundPlate, occurredAt: new Date(at).toISOString() });
  expect((await send(entry, 'lane_entry', now - 3 * 3_600_000)).code).toBe(200);
  const left = await send(exit, 'lane_exit', now - 60_000);
  expect(left.code).toBe(200);
  const recordId = left.data!.recordId!;

  const record = (await api.get<ParkingRecordDetail>(`/api/system/ParkingRecord/${recordId}`)).body.data;
  expect(record.amountDue).toBeGreaterThan(0);
  const owed = Math.round(record.amountDue * 0.8);
  expect(record).toMatchObject({ discount: record.amountDue - owed, unpaid: owed, groupCard: { cardNo, groupName, benefit: 'discount' } });
  expect(left.data!.amountToPay).toBe(owed);

  await page.goto(`/#/OrderManagement/parkingRecordOrderInfo/${recordId}`);
  await expect(page.locator('.record-group-card').filter({ visible: true })).toHaveText(
    `集团卡优惠：${groupName} ${cardNo}（折扣），优惠 ${((record.amountDue - owed) / 100).toFixed(2)} 元`,
  );
  await page.screenshot({ path: testInfo.outputPath('record-detail-group-card.png'), fullPage: true });

  // one of the month's ten uses is gone
  const admin = new MarketingPage(page);
  await admin.visit('集团卡');
  const search = admin.current.locator('.resource-search');
  await search.getByLabel('卡号', { exact: true }).fill(cardNo);
  await search.getByRole('button', { name: /查询/ }).click();
  expect(await admin.cell(admin.row(cardNo), '本月剩余/每月次数')).toBe('9 / 10');
});
