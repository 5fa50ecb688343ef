import { apiAs } from '../support/api.js';
import { expect, signedOut, test } from '../support/signed-in.fixtures.js';
import { freshBody, postSigned } from '../devices/device.page.js';
import { lastNoonInShanghai } from '../support/charged-time.js';
import { ShellPage } from '../shell/shell.page.js';
import { OwnerPhonePage } from '../customers/owner-phone.page.js';

// 申诉审核 as its two people live it: a car owner on a 375 px phone binds a plate; a video pole of an
// on-road lot of this run's own reports that car parking two hours and leaving without paying, so the
// owner owes it; the owner disputes it from 欠费 with 申诉; admin at a desk sees the bell rise, opens
// its 申诉 message (the stay's 详情, which lists the appeal), goes from there to its review on 申诉审核
// and waives what is owed; the bell falls back, the owner owes nothing and 我的申诉 says 已通过. The
// lot is switched off, the plate unbound and the message deleted at the end.
const phoneSize = { width: 375, height: 812 };
/** counts are polled every 10 s: a change shows within two polls */
const polled = { timeout: 25_000 };

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(150_000);

test('an owner appeals an owed stay from the phone; staff see the bell rise and waive it on 申诉审核; the owner owes nothing and sees 已通过', async ({ page, browser }, testInfo) => {
  const stamp = ((Date.now() + testInfo.repeatEachIndex) % 100_000_000).toString().padStart(8, '0');
  const phone = `135${stamp}`;
  const plate = `粤W${stamp.slice(-5)}`;
  const lotName = `申诉测试路段${stamp}`;
  const sn = `E2E-APPEAL-${stamp}`;
  const api = await apiAs(page);
  const made = { lotId: '', deviceId: '', recordId: '' };

  const shell = new ShellPage(page);
  await shell.open();
  await expect(shell.badge).toBeVisible();
  const before = Number(await shell.badge.innerText());

  const ownerContext = await browser.newContext({ ...signedOut(testInfo), viewport: phoneSize, isMobile: true, hasTouch: true });
  const ownerPage = await ownerContext.newPage();
  const owner = new OwnerPhonePage(ownerPage);
  try {
    // the lot, its space and its pole, priced by a seeded road tariff
    const tariffs = await api.get<{ list: { id: string; name: string }[] }>('/api/system/Tariff?pageSize=100');
    const tariffId = tariffs.body.data.list.find((t) => t.name === '北京一类地区占道停车')!.id;
    made.lotId = (await api.post<{ id: string }>('/api/system/Parking', { name: lotName, type: 0, kind: 'space', tariffId })).body.data.id;
    expect((await api.post('/api/system/ParkingSpace', { lotId: made.lotId, number: 'W001' })).body.code).toBe(200);
    const device = await api.post<{ id: string; secret: string }>('/api/system/Device', { sn, name: '申诉测试视频桩', type: 'video_pole', lotId: made.lotId });
    expect(device.body.code).toBe(200);
    made.deviceId = device.body.data.id;

    await owner.open();
    await owner.signIn(phone);
    await owner.bind(plate);

    // 10:00–12:00 Shanghai: charged whenever the suite runs; the car leaves without paying
    const leftAt = lastNoonInShanghai();
    for (const [kind, at] of [
      ['space_occupied', new Date(leftAt.getTime() - 120 * 60_000)],
      ['space_freed', leftAt],
    ] as const) {
      const event = { ...freshBody('demo', sn), kind, deviceEventId: `${kind}-${stamp}`, plate, plateColour: 0, confidence: 0.99, spaceNumber: 'W001', occurredAt: at.toISOString() };
      const response = await postSigned(page, '/api/device/events', device.body.data.secret, event);
      expect(response.status(), await response.text()).toBe(200);
      made.recordId = ((await response.json()) as { data: { recordId: string } }).data.recordId;
    }

    // the owner: 欠费 shows the stay; 申诉 on it, by reason
    await owner.openTab('欠费');
    await expect(owner.stays).toHaveCount(1);
    await expect(owner.stays.first()).toContainText(plate);
    await owner.stays.first().getByRole('link', { name: /申诉/ }).click();
    await expect(owner.header).toContainText('我的申诉');
    await ownerPage.getByRole('button', { name: '提交申诉' }).click();
    await expect(ownerPage.getByText('请选择申诉原因')).toBeVisible();
    await ownerPage.getByRole('radio', { name: '未停车/重复计费' }).check();
    await ownerPage.getByLabel('申诉说明').fill('这两个小时车一直在小区地库，没有停在这条路上。');
    await ownerPage.getByRole('button', { name: '提交申诉' }).click();
    const appealed = ownerPage.getByTestId('owner-appeal').first();
    await expect(appealed).toContainText(plate);
    await expect(appealed).toContainText('待审核');
    expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneSize.width);
    await ownerPage.screenshot({ path: testInfo.outputPath('owner-appealed.png'), fullPage: true });

    // staff: one more in the bell; its message opens the stay's 详情, whose 申诉 leads to the review on
    // 申诉审核 (which lists the appeal too); 减免欠费 after confirming
    await expect(shell.badge).toHaveText(String(before + 1), polled);
    await shell.openMessages();
    await shell.messages.getByRole('tab', { name: /^申诉审核/ }).click();
    await shell.message(`停车记录「${plate}」申诉`).click();
    await expect(page).toHaveURL(new RegExp(`#/OrderManagement/parkingRecordOrderInfo/${made.recordId}\\?`));
    const appeals = page.locator('.record-detail__appeals');
    await expect(appeals).toContainText('待审核');
    await appeals.getByRole('link', { name: '去审核' }).click();
    await expect(page).toHaveURL(/#\/ParkingOperations\/appeal\?id=/);
    await expect(page.locator('.ant-table-tbody tr', { hasText: plate })).toContainText('待审核');
    const drawer = page.locator('.ant-drawer:visible');
    await expect(drawer).toContainText('这两个小时车一直在小区地库');
    await drawer.getByRole('radio', { name: '减免欠费' }).check();
    await drawer.getByRole('button', { name: /提交审核/ }).click();
    await page.getByRole('button', { name: '确定审核' }).click();
    await expect(drawer).toContainText('已通过');
    await page.screenshot({ path: testInfo.outputPath('staff-waived.png') });
    await expect(shell.badge).toHaveText(String(before), polled);

    // the owner: nothing owed, and the decision (我的申诉's hint links 欠费 too: open it by its address)
    await owner.open('/owner/arrears');
    await expect(owner.header).toContainText('欠费');
    await expect(ownerPage.getByText('您没有欠费，感谢按时缴费')).toBeVisible();
    await owner.open('/owner/appeals');
    await expect(appealed).toContainText('已通过');
    await expect(ownerPage.getByTestId('owner-appeal-decision').first()).toContainText('减免欠费');
    await ownerPage.screenshot({ path: testInfo.outputPath('owner-decided.png'), fullPage: true });
  } finally {
    // the plate unbound, the pole gone, the lot switched off (its record stays), the message deleted
    await owner.open('/owner/vehicles').catch(() => undefined);
    if (await owner.vehicle(plate).count()) await owner.unbind(plate);
    await ownerContext.close();
    if (made.deviceId) await api.delete(`/api/system/Device/${made.deviceId}`);
    if (made.lotId) await api.put(`/api/system/Parking/${made.lotId}`, { name: lotName, type: 0, kind: 'space', tariffId: null, enabled: false });
    const messages = await api.get<{ list: { id: string; businessId: string }[] }>('/api/system/systemMessage?currentPage=1&pageSize=100&messageTypeList=7');
    for (const message of messages.body.data.list.filter((m) => m.businessId === made.recordId)) await api.delete(`/api/system/systemMessage/${message.id}`);
  }
});
