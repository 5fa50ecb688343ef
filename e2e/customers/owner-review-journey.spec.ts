import { writeFileSync } from 'node:fs';
import { apiAs } from '../support/api.js';
import { expect, signedOut, test } from '../support/signed-in.fixtures.js';
import { ShellPage } from '../shell/shell.page.js';
import { OwnerPhonePage } from './owner-phone.page.js';
import { VehicleAuthReview } from './vehicle-auth.page.js';

// The whole review as its two people live it, each in a browser of their own: a car owner on a
// 375 px phone signs in with the SMS code (the test server shows it: SMS_REVEAL_CODES), binds a plate
// and sends its 行驶证 photo; admin, at a desk, watches the bell count go up by one, opens the
// 车辆认证审核 message, sees the photo in the request and approves it; the owner's 我的车辆 then says
// 已认证. The owner and plate are this run's own; the approval takes the message out of the count, the
// owner unbinds the plate and the message is deleted at the end, so the specs counting tenant demo's
// messages and vehicles find what they found before.
const phoneSize = { width: 375, height: 812 };
/** a 24×16 PNG, colours and all: the server judges the photo by its bytes, the console draws it */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAACy0lEQVR42gXBMQtGQACAYb/k/WFGowxfl0Ey6DLoMkgGySAZdBl0GSSDZNCN94u+5/HwP/wX/8a/8A/8HX/DX/EX/Bl/xB/wO/wWv8av8Ev8Aj/Hz/AT/Bj/hx95BB/BS3ATXAQHwU6wEawEC8FMMBIMBB1BS1ATVAQlQUGQE2QECUFM8COIPMKP8CW8CS/Cg3An3AhXwoVwJhwJB8KOsCWsCSvCkrAgzAkzwoQwJvwRRh7iQ7yIG3EhDsSO2BArYkHMiBExIDpEi6gRFaJEFIgckSESRIz4ISKP9CN9SW/Si/Qg3Uk30pV0IZ1JR9KBtCNtSWvSirQkLUhz0ow0IY1Jf6SRh/yQL/JGXsgDuSM35IpckDNyRA7IDtkia2SFLJEFMkdmyAQZI3/IyEN9qBd1oy7UgdpRG2pFLagZNaIGVIdqUTWqQpWoApWjMlSCilE/VOTRfDQvzU1z0Rw0O81Gs9IsNDPNSDPQdDQtTU1T0ZQ0BU1Ok9EkNDHNjyby6D/6l/6mv+gP+p1+o1/pF/qZfqQf6Dv6lr6mr+hL+oI+p8/oE/qY/kcfeUwf08t0M11MB9POtDGtTAvTzDQyDUwdU8tUM1VMJVPBlDNlTAlTzPRjijz0h37RN/pCH+gdvaFX9IKe0SN6QHfoFl2jK3SJLtA5OkMn6Bj9Q0ce5sO8mBtzYQ7MjtkwK2bBzJgRM2A6TIupMRWmxBSYHJNhEkyM+WEij/PjfDlvzovz4Nw5N86Vc+GcOUfOgbPjbDlrzoqz5Cw4c86MM+GMOX+ckcfz8bw8N8/Fc/DsPBvPyrPwzDwjz8DT8bQ8NU/FU/IUPDlPxpPwxDw/nsjDftgXe2Mv7IHdsRt2xS7YGTtiB2yHbbE1tsKW2AKbYzNsgo2xP2zk4T7ci7txF+7A7bgNt+IW3IwbcQOuw7W4GlfhSlyBy3EZLsHFuB8u+gMY7/UQZXBxBgAAAABJRU5ErkJggg==',
  'base64',
);
/** counts are polled every 10 s: a change shows within two polls */
const polled = { timeout: 25_000 };

test.use({ viewport: { width: 1440, height: 900 } });
// two waits on the polled count (up and down again) take ~20 s of the test's ~25 s: room on a busy machine
test.setTimeout(120_000);

test('an owner sends a 行驶证 from the phone; staff see the bell rise, open the message, see the photo and approve; the owner sees 已认证', async ({ page, browser }, testInfo) => {
  // this run's own owner and plate, new in every repeat
  const digits = ((Date.now() + testInfo.repeatEachIndex) % 100_000_000).toString().padStart(8, '0');
  const phone = `136${digits}`;
  const masked = `136****${digits.slice(-4)}`;
  const plate = `粤D${digits.slice(-5)}`;
  const photo = testInfo.outputPath('行驶证.png');
  writeFileSync(photo, png);

  // Afterwards, whatever happened: a request left undecided (the test failed half-way) is rejected, so
  // its message leaves the bell's count, and the messages of this plate's requests are deleted, so
  // 系统管理 > 系统消息 lists only the seeded ones for the specs that count them.
  const leaveNoTrace = async () => {
    const api = await apiAs(page);
    const requests = (await api.get<{ list: { id: string; status: string }[] }>(`/api/system/CarAuthentication?plateNumber=${encodeURIComponent(plate)}`)).body.data.list;
    for (const request of requests.filter((r) => r.status === 'pending'))
      await api.post(`/api/system/CarAuthentication/${request.id}/Actions/Reject`, { reason: '测试结束，撤回未审核的申请' });
    const ids = new Set(requests.map((r) => r.id));
    const messages = await api.get<{ list: { id: string; businessId: string }[] }>('/api/system/systemMessage?currentPage=1&pageSize=100&messageTypeList=2');
    for (const message of messages.body.data.list.filter((m) => ids.has(m.businessId))) await api.delete(`/api/system/systemMessage/${message.id}`);
  };

  // staff: the console at a desk, the bell's count read before the owner sends anything
  const shell = new ShellPage(page);
  await shell.open();
  await expect(shell.badge).toBeVisible();
  const before = Number(await shell.badge.innerText());
  expect(before).toBeGreaterThan(0);

  const ownerContext = await browser.newContext({ ...signedOut(testInfo), viewport: phoneSize, isMobile: true, hasTouch: true });
  try {
    const ownerPage = await ownerContext.newPage();
    const owner = new OwnerPhonePage(ownerPage);
    const shot = (name: string) => ownerPage.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

    // the owner: signs in with the code, binds the plate, sends its 行驶证 photo
    await owner.open();
    await owner.signIn(phone);
    await owner.bind(plate);
    await owner.submitLicence(plate, photo);
    await expect(owner.vehicle(plate)).toContainText('认证中');
    await expect(owner.vehicle(plate)).toContainText('行驶证审核中');
    expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneSize.width);
    await shot('journey-owner-verifying');

    // staff: one more in the bell; the 车辆认证审核 message opens the request it is about
    await expect(shell.badge).toHaveText(String(before + 1), polled);
    await shell.openMessages();
    await shell.messages.getByRole('tab', { name: /^申诉审核/ }).click();
    const message = shell.message(`车主 ${masked} 提交车辆「${plate}」认证申请，请审核行驶证`);
    await expect(message).toContainText('车辆认证审核');
    await message.click();
    await expect(page).toHaveURL(/#\/customer\/CarAuthenticationAudit\?id=[0-9a-f-]{36}$/);
    await expect(shell.messages).toBeHidden();
    const requestId = new URL(page.url().replace('#/', '')).searchParams.get('id');
    const listed = await (await apiAs(page)).get<{ list: { id: string }[] }>(`/api/system/CarAuthentication?plateNumber=${encodeURIComponent(plate)}`);
    expect(listed.body.data.list.map((r) => r.id)).toEqual([requestId]);

    const review = new VehicleAuthReview(page);
    await review.expectOpen(plate);
    await expect(review.drawer.getByText(masked)).toBeVisible();
    await expect(review.drawer.getByText('认证中')).toBeVisible();
    // the photo the owner sent, drawn at its own size: the bytes came through whole
    await expect(review.photo).toBeVisible();
    await expect.poll(() => review.photoWidth()).toBe(24);
    await page.screenshot({ path: testInfo.outputPath('journey-staff-request.png') });
    await review.approve(plate);
    // decided: the message leaves the count
    await expect(shell.badge).toHaveText(String(before), polled);

    // the owner: 我的车辆 again says 已认证, and the decision is among the notices
    await ownerPage.reload();
    await expect(owner.vehicle(plate)).toContainText('已认证');
    await expect(ownerPage.getByText(`您的车辆「${plate}」已认证通过`)).toBeVisible();
    await shot('journey-owner-verified');
    // 我的停车 now lists this plate's stays in every lot: a plate new to the operator has none yet
    await owner.openTab('我的停车');
    await expect(owner.stays).toHaveCount(0);
    await expect(ownerPage.getByText(/暂无停车记录/)).toBeVisible();

    // the plate is unbound again, so the specs that list tenant demo's bound vehicles are not crowded
    await owner.openTab('我的车辆');
    await owner.unbind(plate);
  } finally {
    await ownerContext.close();
    await leaveNoTrace();
  }
});
