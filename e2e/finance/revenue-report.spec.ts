import { businessDay, type Payment, type RevenueReport } from '@parking/contract';
import { postDeviceCall, type DeviceCredentials } from '../../packages/server/src/modules/devices/device-client.js';
import { apiAs } from '../support/api.js';
import { expect, mwFinance, signedOut, signIn, test } from '../support/signed-in.fixtures.js';

// 营收报表 as finance staff use it: the page opened whole, money taken through the API shows in the
// day it was paid under its channel, the definitions are on the page, and the export is what is shown.
const screenshots = process.env.REVENUE_SCREENSHOTS;
const reportUrl = (from: string, to: string) => `/#/FinancialManagement/revenueReport?from=${from}&to=${to}`;

const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const plate = `粤R${String(Date.now() % 100_000).padStart(5, '0')}`;
const allDay = [{ label: '全天', start: '00:00', end: '00:00', pricing: { kind: 'perUnit', tiers: [{ unitMinutes: 60, unitPrice: 100 }], rounding: { mode: 'up' } } }];
type Api = Awaited<ReturnType<typeof apiAs>>;

/** A barrier lot at 1 元 an hour with an entry and an exit camera, and a car through it: the stay it leaves, owing. */
const stayThrough = async (api: Api, baseURL: string) => {
  const created = async (path: string, body: object) => {
    const answer = await api.post<{ id: string; secret?: string }>(path, body);
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const rules = { schedule: { workday: allDay, nonWorkday: allDay }, vehicleClasses: [{ code: 'small', name: '小型车' }], graceMinutes: 15 };
  const tariff = await created('/api/system/Tariff', { name: `营收计费${stamp}`, effectiveFrom: '2020-01-01T00:00:00+08:00', rules });
  const lot = await created('/api/system/Parking', { name: `营收停车场${stamp}`, type: 1, kind: 'lane', totalSpaces: 100, tariffId: tariff.id });
  const camera = async (direction: 'in' | 'out'): Promise<DeviceCredentials> => {
    const lane = await created('/api/system/ParkingLane', { lotId: lot.id, name: direction === 'in' ? '入口' : '出口', direction });
    const sn = `REV-${direction.toUpperCase()}-${stamp}`;
    const made = await created('/api/system/Device', { sn, name: sn, type: 'camera', lotId: lot.id, laneId: lane.id });
    return { tenant: 'demo', sn, secret: made.secret! };
  };
  const event = (device: DeviceCredentials, kind: 'lane_entry' | 'lane_exit', occurredAt: Date) =>
    postDeviceCall<{ recordId: string; amountToPay: number }>(baseURL, '/api/device/events', device, {
      kind,
      plate,
      occurredAt: occurredAt.toISOString(),
      deviceEventId: `${kind}-${stamp}`,
      confidence: 0.97,
    });
  const [entry, exit] = [await camera('in'), await camera('out')];
  // the cameras report times near the server's own: it refuses events far from its clock
  await event(entry, 'lane_entry', new Date(Date.now() - 95 * 60_000));
  const left = await event(exit, 'lane_exit', new Date(Date.now() - 60_000));
  expect(left.status).toBe(200);
  return { lotId: lot.id, recordId: left.data!.recordId, amount: left.data!.amountToPay };
};

test('营收报表: a cash payment shows on its day under 现金, with definitions and an export of what is shown', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/');
  // the shell sends '/' to the menu's first page once the menus have come: on a busy machine that
  // came after the report was opened below, and the reload then opened 停车场
  await expect(page).toHaveURL(/parkingAdmin\/parkingList/);
  const api = await apiAs(page);
  const stay = await stayThrough(api, testInfo.project.use.baseURL!);
  expect(stay.amount).toBe(200);
  const paid = await api.post<Payment>('/api/system/Payment', { recordId: stay.recordId, channel: 'cash', amount: stay.amount, idempotencyKey: `revenue-e2e-${stamp}` });
  expect(paid.body.code, paid.body.msg).toBe(200);
  // the day the server dated the payment, not this machine's clock
  const day = businessDay(new Date(paid.body.data.paidAt));
  const ofLot = (await api.get<RevenueReport>(`/api/system/RevenueReport?from=${day}&to=${day}&lotId=${stay.lotId}`)).body.data;
  expect(ofLot.totals).toMatchObject({ cash: 200, received: 200, receivedAtExit: 200, net: 200 });
  const shown = (await api.get<RevenueReport>(`/api/system/RevenueReport?from=${day}&to=${day}`)).body.data;

  // loaded whole at the report's address, as a shared link opens it
  await page.goto(reportUrl(day, day));
  await page.reload();
  await expect(page).toHaveURL(/revenueReport/);
  const table = page.locator('.revenue-report-table');
  await expect(table.locator('tr.ant-table-row')).toHaveCount(1);
  await expect(table.locator('tr.ant-table-row').first()).toContainText(day);
  const totals = table.locator('.ant-table-summary tr').first();
  await expect(totals).toContainText('合计');
  await expect(totals).toContainText((shown.totals.cash / 100).toFixed(2));
  await expect(page.getByRole('img', { name: '实收渠道构成图' })).toBeVisible();
  if (screenshots) await page.screenshot({ path: `${screenshots}/revenue-admin.png`, fullPage: true });

  await page.getByRole('button', { name: /统计口径/ }).click();
  const panel = page.getByRole('dialog', { name: '统计口径' });
  await expect(panel).toContainText('按出场日统计');
  await expect(panel).toContainText('按支付日统计');
  await expect(panel).toContainText('按审核通过日统计');
  await panel.getByRole('button', { name: 'Close' }).or(panel.locator('.ant-drawer-close')).first().click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  expect((await download).suggestedFilename()).toMatch(/^营收报表-按日-\d{8}\.xlsx$/);
});

test('营收报表 for mw finance staff: their own tenant only, by lot', async ({ browser }, testInfo) => {
  const context = await browser.newContext(signedOut(testInfo));
  const page = await context.newPage();
  await signIn(page, mwFinance);
  await page.goto('/#/FinancialManagement/revenueReport?from=2026-01-01&to=2026-12-31&groupBy=lot');
  const head = page.locator('.revenue-report-table thead');
  await expect(head).toContainText('停车场');
  // the lot and area pickers come from the report itself: finance staff may not open the lot pages
  await page.locator('.ant-select').filter({ hasText: '请选择停车场' }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(/revenueReport/);
  await expect(page.getByText('抱歉，您无权访问该页面')).toHaveCount(0);
  if (screenshots) await page.screenshot({ path: `${screenshots}/revenue-mwfinance.png`, fullPage: true });
  await context.close();
});
