import { writeFileSync } from 'node:fs';
import { apiAs } from '../support/api.js';
import { expect, signedOut, test } from '../support/signed-in.fixtures.js';
import { ShellPage } from '../shell/shell.page.js';
import { OwnerPhonePage } from './owner-phone.page.js';

// 手机号变更审核 as its two people live it: a car owner on a 375 px phone, signed in with the old number
// and holding a plate, loses that number and files 申请人工变更 from the phone page (the old number, the
// new one with its SMS code, an order number, a 行驶证 photo); admin watches the bell rise, opens the
// type 3 message, sees the request with its photo and approves it; the owner's old session has ended,
// and the new number signs in to the same account with the plate still there. The numbers and plate
// are this run's own; the plate is unbound and the message deleted at the end, so the specs counting
// tenant demo's messages and vehicles find what they found before.
const phoneSize = { width: 375, height: 812 };
// a 1×1 PNG: the server judges a 行驶证 photo by its bytes
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** counts are polled every 10 s: a change shows within two polls */
const polled = { timeout: 25_000 };

test.use({ viewport: { width: 1440, height: 900 } });

test('an owner who lost the old number files a request on the phone; staff open its message and approve; the new number signs in to the same account', async ({
  page,
  browser,
}, testInfo) => {
  const digits = ((Date.now() + testInfo.repeatEachIndex) % 100_000_000).toString().padStart(8, '0');
  const oldPhone = `134${digits}`;
  const newPhone = `135${digits}`;
  const maskedOld = `134****${digits.slice(-4)}`;
  const maskedNew = `135****${digits.slice(-4)}`;
  const plate = `粤E${digits.slice(-5)}`;
  const photo = testInfo.outputPath('行驶证.png');
  writeFileSync(photo, png);

  // Afterwards, whatever happened: a request left undecided is rejected (its message leaves the count)
  // and this run's type 3 messages are deleted.
  const leaveNoTrace = async () => {
    const api = await apiAs(page);
    const requests = (await api.get<{ list: { id: string; status: string }[] }>(`/api/system/CarPhoneAudit?phone=${newPhone}`)).body.data.list;
    for (const request of requests.filter((r) => r.status === 'pending')) await api.post(`/api/system/CarPhoneAudit/${request.id}/Actions/Reject`, { reason: '测试结束，撤回未审核的申请' });
    const ids = new Set(requests.map((r) => r.id));
    const messages = await api.get<{ list: { id: string; businessId: string }[] }>('/api/system/systemMessage?currentPage=1&pageSize=100&messageTypeList=3');
    for (const message of messages.body.data.list.filter((m) => ids.has(m.businessId))) await api.delete(`/api/system/systemMessage/${message.id}`);
  };

  const shell = new ShellPage(page);
  await shell.open();
  await expect(shell.badge).toBeVisible();
  const before = Number(await shell.badge.innerText());

  const ownerContext = await browser.newContext({ ...signedOut(testInfo), viewport: phoneSize, isMobile: true, hasTouch: true });
  try {
    const ownerPage = await ownerContext.newPage();
    const owner = new OwnerPhonePage(ownerPage);
    const shot = (name: string) => ownerPage.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

    // the owner, while the old number still worked: signed in, a plate bound
    await owner.open();
    await owner.signIn(oldPhone);
    await owner.bind(plate);

    // the old number is lost: 车主登录's 原手机号已停用？ leads to 申请人工变更
    await ownerPage.goto('/#/owner/phone-request');
    await expect(owner.header).toHaveText('申请人工变更');
    await ownerPage.getByLabel('原手机号').fill(oldPhone);
    await ownerPage.getByLabel('新手机号', { exact: true }).fill(newPhone);
    await ownerPage.getByRole('button', { name: '获取验证码' }).click();
    await expect(ownerPage.getByText(`验证码已发送至 ${maskedNew}`)).toBeVisible();
    await expect(ownerPage.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
    const code = ((await ownerPage.getByTestId('owner-demo-code').textContent()) ?? '').replace(/\D/g, '');
    expect(code).toMatch(/^\d{6}$/);
    // a wrong code first: refused in Chinese, nothing filed
    await ownerPage.getByLabel('新手机号验证码').fill(code === '000000' ? '111111' : '000000');
    await ownerPage.getByLabel('订单号').fill('P-E2E-0001');
    await ownerPage.locator('input[type=file]').setInputFiles(photo);
    await expect(ownerPage.getByText('已选择：行驶证.png（点击更换）')).toBeVisible();
    await ownerPage.getByRole('button', { name: '提交申请' }).click();
    await expect(ownerPage.getByText('验证码错误或已过期')).toBeVisible();
    // a wrong code waits as sign-in does: a fresh code after the minute is what a person would do; the
    // right code of this pair is still good once, so it files now
    await ownerPage.getByLabel('新手机号验证码').fill(code);
    expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneSize.width);
    await shot('phone-change-request');
    await ownerPage.getByRole('button', { name: '提交申请' }).click();
    await expect(ownerPage.getByText('申请已提交，请等待人工审核')).toBeVisible();
    await shot('phone-change-filed');

    // staff: one more in the bell; the 手机号变更审核 message opens the request it is about
    await expect(shell.badge).toHaveText(String(before + 1), polled);
    await shell.openMessages();
    await shell.messages.getByRole('tab', { name: /^申诉审核/ }).click();
    const message = shell.message(`车主 ${maskedOld} 原手机号已停用，申请变更为 ${maskedNew}，请审核`);
    await expect(message).toContainText('手机号变更审核');
    await message.click();
    await expect(page).toHaveURL(/#\/customer\/carPhoneAudit\?id=[0-9a-f-]{36}$/);
    const drawer = page.locator('.ant-drawer:visible');
    await expect(drawer.getByText(`手机号变更申请 · ${maskedOld} → ${maskedNew}`)).toBeVisible();
    await expect(drawer.getByText('订单号「P-E2E-0001」在本停车场系统中不存在')).toBeVisible();
    await expect(drawer.getByText(plate)).toBeVisible();
    await expect(drawer.getByAltText('行驶证照片')).toBeVisible();
    // the list behind masks both numbers
    await expect(page.locator('.ant-table-tbody').getByText(maskedNew).first()).toBeVisible();
    await expect(page.getByText(newPhone)).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('phone-change-review.png') });
    await drawer.getByRole('button', { name: /^通\s*过$/ }).click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText(`确定将车主手机号 ${maskedOld} 变更为 ${maskedNew} 吗？`);
    await confirm.getByRole('button', { name: /通\s*过/ }).click();
    await expect(page.locator('.ant-message-notice', { hasText: '审核通过' })).toBeVisible();
    await expect(drawer.getByText('已通过')).toBeVisible();
    await expect(shell.badge).toHaveText(String(before), polled);

    // the owner: the old session has ended; the new number signs in to the same account, plate and all
    await owner.open();
    await expect(owner.header).toHaveText('车主登录');
    await expect(ownerPage.getByText('已退出登录，请重新登录')).toBeVisible();
    // each of 我的车辆's refused calls sends the page here again: sign in once they have all been answered
    await ownerPage.waitForLoadState('networkidle');
    await owner.signIn(newPhone);
    await expect(owner.vehicle(plate)).toContainText('未认证');
    await expect(ownerPage.getByText(`您的手机号已由 ${maskedOld} 变更为 ${maskedNew}，车辆、停车记录与欠费保持不变`)).toBeVisible();
    await shot('phone-change-signed-in');
    await owner.unbind(plate);
  } finally {
    await ownerContext.close();
    await leaveNoTrace();
  }
});
