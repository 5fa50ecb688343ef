import {
  activityPaths,
  driverPayPaths,
  groupCardOpenPaths,
  parkingQrCodePaths,
  specialBillOpenPaths,
  type ActivityStats,
  type DriverRecord,
  type ExitLaneInfo,
  type GroupCardPublic,
  type ScanTarget,
  type SpecialBillPublic,
} from '@parking/contract';
import { expect, test, type Page } from '@playwright/test';

// Every driver's phone page keeps to a 375 px screen whatever the names it shows: a lot, lane, group or item
// named with 40 characters, in Chinese or as one Latin run with no place to break, wraps or is cut short
// with an ellipsis, never widens the page. The open API's answers are given by the test, so the pages show exactly these
// names and no other spec's data.
/** 40 characters with no place to break */
const longLot = 'HangzhouWestLakeEastDistrictVisitorsLot1';
const longName = 'ShenzhenTencentBinhaiTowerGroupFleetUnit';
/** 40 characters: 24 Chinese, then 16 Latin letters */
const chineseLot = '集团卡测试停车场东区地下二层访客专用通道入口处ParkingLotMWUWQQC';
const longPlate = '粤BD12345';

const ok = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 200, msg: 'ok', data }) });

const stats: ActivityStats = {
  tenantTitle: longName,
  updatedAt: '2026-11-21T04:15:30Z',
  totals: { lots: 2, totalSpaces: 123_456, freeSpaces: 99_999, parked: 23_457, entries24h: 123_456 },
  lots: [
    { name: longLot, placement: 'offStreet', address: longName, areaName: longName, totalSpaces: 99_999, freeSpaces: 99_999, parked: 0, occupancyPercent: 0, level: 'ample' },
    { name: chineseLot, placement: 'onStreet', address: '', areaName: '', totalSpaces: 23_457, freeSpaces: 0, parked: 23_457, occupancyPercent: 100, level: 'full' },
  ],
  // fixed hours: what the page shows does not depend on when the test runs
  hours: Array.from({ length: 24 }, (_, i) => ({ start: new Date(Date.parse('2026-11-20T05:00:00Z') + i * 3_600_000).toISOString(), entries: i * 1000 })),
};
const lane: ExitLaneInfo = { lotName: longLot, laneName: chineseLot, recentPlate: longPlate };
const record: DriverRecord = {
  lotName: longLot,
  plateNumber: longPlate,
  enteredAt: '2026-03-01T01:00:00.000Z',
  until: '2026-03-02T03:05:09.000Z',
  exited: false,
  durationSeconds: 9_999_999,
  amountDue: 99_999_999,
  discount: 200,
  paid: 0,
  unpaid: 99_999_799,
  state: 'unpaid',
  graceMinutes: 15,
  leaveBefore: null,
  paying: false,
  onlinePay: true,
};
const card: GroupCardPublic = {
  groupName: longName,
  groupPhone: '138****5678',
  cardNo: 'JT-20261121-ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  benefit: 'discount',
  benefitText: '8折',
  plates: [longPlate, '粤C67890'],
  lotNames: [longLot, chineseLot],
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  state: 'active',
  monthlyQuota: 20,
  remainingQuota: 19,
  allowBind: true,
  maxPlates: 3,
};
const bill: SpecialBillPublic = {
  lotName: longLot,
  plateNumber: longPlate,
  item: chineseLot,
  amount: 99_999_999,
  status: 'unpaid',
  createdAt: '2026-03-01T02:00:00.000Z',
  paidAt: null,
  onlinePay: true,
};
const scanned: ScanTarget = { kind: 'lane', action: 'exit', tenantCode: 'demo', lotId: '00000000-0000-4000-8000-000000000001', lotName: longLot, laneName: longName, spaceNumber: null };

const answers: Record<string, unknown> = {
  [activityPaths.open]: stats,
  [driverPayPaths.exitLane]: lane,
  [driverPayPaths.record]: record,
  [groupCardOpenPaths.info]: card,
  [specialBillOpenPaths.info]: bill,
  [parkingQrCodePaths.resolve]: scanned,
};

const pages: { name: string; address: string; shows: string }[] = [
  { name: '停车统计', address: '/#/activity?tenant=demo', shows: longLot },
  { name: '扫码出场', address: '/#/scanQRcode?t=lane', shows: longLot },
  { name: '订单详情', address: '/#/orderInfoByQRcode?o=record', shows: longPlate },
  { name: '扫码支付', address: '/#/pdaScanQrcode?o=record', shows: longPlate },
  { name: '集团卡详情', address: '/#/groupCardInfo?t=card', shows: longName },
  { name: '特殊账单', address: '/#/speialBillInfo?t=bill', shows: chineseLot },
  { name: '扫码停车', address: '/#/m/exit?t=lane', shows: longLot },
];

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, storageState: { cookies: [], origins: [] } });

async function answerWithLongNames(page: Page) {
  await page.route(
    (url) => Object.hasOwn(answers, url.pathname),
    (route) => route.fulfill(ok(answers[new URL(route.request().url()).pathname])),
  );
}

for (const { name, address, shows } of pages) {
  test(`${name} at 375 px with a 40-character lot name stays within the screen`, async ({ page }, testInfo) => {
    await answerWithLongNames(page);
    await page.goto(address);
    await expect(page.getByText(shows, { exact: false }).first()).toBeAttached();
    // the page has settled: the fonts are in and nothing is loading
    await page.evaluate(() => document.fonts.ready);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath(`${name}-375.png`), fullPage: true });
  });
}
