import { activityPaths, type ActivityStats } from '@parking/contract';
import { ParkingAdminPage } from '../parking/parking-admin.page.js';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { ActivityPhonePage } from './activity.page.js';

// The seeded demo lots plus one lane lot of this spec's own that the operator marks full. Its name is
// longer than a phone's row, so the 375 px check below always meets a name that must be cut short.
// Other specs' lots may be on the page too: only the seeded lots and this spec's own are named, and no
// figure asserted depends on the hour the test runs (the chart's entries are counted, not checked).
const stamp = Date.now().toString(36);
const fullLot = `统计测试停车场（东区地下二层访客专用）${stamp}`;
const seededLots = ['东门停车场', '人民路', '中山路'];

test.describe.configure({ mode: 'serial' });

test("停车统计: a stranger's phone at 375 px shows the demo lots with the free counts the console keeps", async ({ page, browser }, testInfo) => {
  const api = await apiAs(page);
  const created = await api.post<{ id: string }>('/api/system/Parking', { name: fullLot, type: 1, kind: 'lane', totalSpaces: 40, address: '统计测试路1号' });
  expect(created.body.code).toBe(200);

  // the operator corrects the new lot's free count to 0 in the console: it is full
  const admin = new ParkingAdminPage(page);
  await admin.visit('停车场');
  await admin.searchByName('停车场名称', fullLot);
  await admin.row(fullLot).getByRole('button', { name: '修正空位' }).click();
  await admin.fill('空闲车位数', '0');
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await admin.confirm.getByRole('button', { name: '确定' }).click();
  await admin.expectMessage('修改成功');
  await expect.poll(() => admin.cell(admin.row(fullLot), '空闲/总车位')).toBe('0 / 40');

  // what the console's 停车场 list says of each lot: 空闲 / 总
  const consoleCounts = new Map<string, { free: number; total: number }>();
  for (const name of [...seededLots, fullLot]) {
    await admin.searchByName('停车场名称', name);
    const row = admin.rows.filter({ has: page.getByText(name, { exact: true }) });
    await expect(row).toHaveCount(1);
    const [free, total] = (await admin.cell(row, '空闲/总车位')).split('/').map((n) => Number(n.trim())) as [number, number];
    consoleCounts.set(name, { free, total });
  }

  // a driver's phone: no sign-in, no cookies
  const phoneContext = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const phone = new ActivityPhonePage(await phoneContext.newPage());
  await phone.open('demo');
  await expect(phone.hero).toContainText('智慧停车管理平台');
  await expect(phone.hero).toContainText('停车统计');
  await expect(phone.page).toHaveTitle('停车统计');
  await expect(phone.lot('东门停车场')).toBeVisible();

  for (const [name, counted] of consoleCounts) {
    const facts = await phone.lotFacts(name);
    expect({ name, free: facts.free, total: facts.total }).toEqual({ name, ...counted });
  }
  expect(await phone.lotFacts(fullLot)).toEqual({ free: 0, total: 40, occupancy: 100, level: '已满' });
  await expect(phone.lot('人民路')).toContainText('路内');
  await expect(phone.lot('东门停车场')).toContainText('路外');

  // most free spaces first, and the cards add the lots up. Other specs' lots may be listed too, so
  // what is asserted of the order holds whatever they are: the spec's full lot comes after every lot
  // with a space free, and the figures are the list's own sums
  const names = await phone.lotNames();
  const frees = await Promise.all(names.map(async (name) => (await phone.lotFacts(name)).free));
  expect(frees).toEqual([...frees].sort((a, b) => b - a));
  expect(frees.slice(names.indexOf(fullLot))).toEqual(frees.slice(names.indexOf(fullLot)).map(() => 0));
  expect(await phone.summary('停车场')).toBe(names.length);
  expect(await phone.summary('空闲泊位')).toBe(frees.reduce((n, f) => n + f, 0));

  // the page's numbers are the open API's
  const opened = (await (await phone.page.request.get(`${activityPaths.open}?tenant=demo`)).json()) as { data: ActivityStats };
  expect(await phone.summary('总泊位')).toBe(opened.data.totals.totalSpaces);
  expect(await phone.summary('在场车辆')).toBe(opened.data.totals.parked);
  await expect(phone.chartSlots).toHaveCount(24);

  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.page.screenshot({ path: testInfo.outputPath('activity-375.png'), fullPage: true });
  await phone.page.setViewportSize({ width: 1280, height: 800 });
  await expect(phone.lot(fullLot)).toBeVisible();
  await phone.page.screenshot({ path: testInfo.outputPath('activity-1280.png'), fullPage: true });

  // an address naming no tenant says so in Chinese
  await phone.open('nosuchtenant');
  await expect(phone.page.getByText('未找到该停车运营单位')).toBeVisible();
  await expect(phone.page.getByText('租户「nosuchtenant」不存在，请确认链接是否完整')).toBeVisible();
  await expect(phone.lots).toHaveCount(0);
  await phoneContext.close();

  // the spec's lot goes again, so later specs see the seeded lots only
  expect((await api.delete(`/api/system/Parking/${created.body.data.id}`)).body.code).toBe(200);
});
