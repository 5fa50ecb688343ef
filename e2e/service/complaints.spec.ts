import { writeFile } from 'node:fs/promises';
import { apiAs } from '../support/api.js';
import { expect, signedOut, test } from '../support/signed-in.fixtures.js';
import { ShellPage } from '../shell/shell.page.js';
import { OwnerPhonePage } from '../customers/owner-phone.page.js';

// 客户投诉 as its two people live it: a car owner on a 375 px phone files a complaint from 我的投诉;
// admin at a desk sees the bell rise, opens the type 5 message onto the complaint, replies and
// completes it with a result; the owner reads the reply and the result. The owner is this run's own;
// the complaint is completed (its message leaves the count) and its message is deleted at the end, so
// the specs counting tenant demo's messages find what they found before.
const phoneSize = { width: 375, height: 812 };
/** a 1×1 PNG, the photo the owner attaches */
const onePixelPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** counts are polled every 10 s: a change shows within two polls */
const polled = { timeout: 25_000 };

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(120_000);

/** This run's complaints of a phone are completed if left open, and their messages deleted. */
const leaveNoTrace = async (page: Parameters<typeof apiAs>[0], phone: string) => {
  const api = await apiAs(page);
  const complaints = (await api.get<{ list: { id: string; status: string }[] }>(`/api/system/CustomerComplain?phone=${phone}`)).body.data.list;
  for (const complaint of complaints.filter((c) => c.status !== 'done')) await api.post(`/api/system/CustomerComplain/${complaint.id}/Actions/Complete`, { result: '测试结束，办结' });
  const ids = new Set(complaints.map((c) => c.id));
  const messages = await api.get<{ list: { id: string; businessId: string }[] }>('/api/system/systemMessage?currentPage=1&pageSize=100&messageTypeList=5');
  for (const message of messages.body.data.list.filter((m) => ids.has(m.businessId))) await api.delete(`/api/system/systemMessage/${message.id}`);
};

test('an owner complains from the phone; staff see the bell rise, open the message, reply and complete it; the owner reads the reply and the result', async ({ page, browser }, testInfo) => {
  const digits = ((Date.now() + testInfo.repeatEachIndex) % 100_000_000).toString().padStart(8, '0');
  const phone = `137${digits}`;
  const masked = `137****${digits.slice(-4)}`;

  const shell = new ShellPage(page);
  await shell.open();
  await expect(shell.badge).toBeVisible();
  const before = Number(await shell.badge.innerText());

  const ownerContext = await browser.newContext({ ...signedOut(testInfo), viewport: phoneSize, isMobile: true, hasTouch: true });
  try {
    const ownerPage = await ownerContext.newPage();
    const owner = new OwnerPhonePage(ownerPage);
    await owner.open();
    await owner.signIn(phone);
    await owner.openTab('我的投诉');
    await expect(ownerPage.getByText('暂无投诉')).toBeVisible();
    await ownerPage.getByRole('button', { name: '我要投诉' }).click();
    // nothing chosen: the contract's rule, before anything is sent
    await ownerPage.getByRole('button', { name: '提交投诉' }).click();
    await expect(ownerPage.getByText('请选择投诉类型')).toBeVisible();
    await ownerPage.getByRole('radio', { name: '服务态度' }).check();
    await ownerPage.getByLabel('投诉内容').fill('南门岗亭收费员不肯开纸质收据，态度很不耐烦。');
    // a photo of the booth: previewed on the form, sent once the complaint is filed
    const photo = testInfo.outputPath('岗亭.png');
    await writeFile(photo, Buffer.from(onePixelPng, 'base64'));
    await ownerPage.getByLabel('添加照片').setInputFiles(photo);
    await expect(ownerPage.getByTestId('picked-photo')).toHaveCount(1);
    await expect(ownerPage.getByText('照片（选填，1/4）')).toBeVisible();
    expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneSize.width);
    await ownerPage.screenshot({ path: testInfo.outputPath('owner-photo-form.png'), fullPage: true });
    await ownerPage.getByRole('button', { name: '提交投诉' }).click();
    const mine = ownerPage.locator('.owner-complaint').first();
    await expect(mine).toContainText('服务态度');
    await expect(mine).toContainText('待处理');
    expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneSize.width);
    await ownerPage.screenshot({ path: testInfo.outputPath('owner-filed.png'), fullPage: true });

    // staff: one more in the bell; the 客户投诉 message opens the complaint it is about
    await expect(shell.badge).toHaveText(String(before + 1), polled);
    await shell.openMessages();
    await shell.messages.getByRole('tab', { name: /^申诉审核/ }).click();
    const message = shell.message(`${masked} 投诉服务态度：南门岗亭收费员不肯开纸质收据，态度很不耐烦。`);
    await expect(message).toContainText('客户投诉');
    await message.click();
    await expect(page).toHaveURL(/#\/ParkingOperations\/customerComplain\?id=[0-9a-f-]{36}$/);
    const drawer = page.locator('.ant-drawer:visible');
    await expect(drawer).toContainText(`客户投诉 · 服务态度 · ${masked}`);
    await expect(drawer).toContainText('车主页面');
    // the owner's photo, fetched with the staff token and shown as a thumbnail that opens large
    await expect(drawer).toContainText('投诉照片（1/4）');
    const thumb = drawer.getByRole('img', { name: '投诉照片1' });
    await expect(thumb).toBeVisible();
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await page.screenshot({ path: testInfo.outputPath('staff-complaint-photos.png') });
    await drawer.getByLabel('回复内容').fill('您好，已联系南门岗亭补开收据，并对收费员进行了提醒。');
    await drawer.getByRole('button', { name: /回\s*复/ }).click();
    await expect(drawer).toContainText('处理中');
    await expect(drawer).toContainText('您好，已联系南门岗亭补开收据');
    await drawer.getByRole('button', { name: /办\s*结/ }).click();
    const dialog = page.getByRole('dialog', { name: '办结投诉' });
    await dialog.getByRole('button', { name: '确定办结' }).click();
    // no result: refused in the dialog, nothing sent
    await expect(dialog.getByText('请填写处理结果')).toBeVisible();
    await dialog.getByLabel('处理结果').fill('已补开收据，车主认可');
    await dialog.getByRole('button', { name: '确定办结' }).click();
    await expect(dialog).toBeHidden();
    await expect(drawer).toContainText('已完成');
    await expect(drawer).toContainText('已补开收据，车主认可');
    await page.screenshot({ path: testInfo.outputPath('staff-completed.png') });
    // completed: the message leaves the count
    await expect(shell.badge).toHaveText(String(before), polled);

    // the owner: the reply and the result
    await ownerPage.reload();
    await expect(mine).toContainText('已完成');
    await mine.locator('.owner-complaint__head').click();
    await expect(mine).toContainText('客服回复');
    await expect(mine).toContainText('您好，已联系南门岗亭补开收据');
    await expect(mine).toContainText('已补开收据，车主认可');
    await expect(mine.getByLabel('补充说明')).toHaveCount(0);
    await ownerPage.screenshot({ path: testInfo.outputPath('owner-answered.png'), fullPage: true });
  } finally {
    await ownerContext.close();
    await leaveNoTrace(page, phone);
  }
});

test('staff take a call: a wrong phone is refused under its field, the complaint is listed 待处理 with the phone masked, and found by its number', async ({ page }, testInfo) => {
  const digits = ((Date.now() + testInfo.repeatEachIndex) % 100_000_000).toString().padStart(8, '0');
  const phone = `136${digits}`;
  try {
    await page.goto('/#/ParkingOperations/customerComplain');
    await page.getByRole('button', { name: /新增投诉/ }).click();
    const form = page.getByRole('dialog', { name: '新增客户投诉' });
    await form.getByLabel('投诉类型').click();
    await page.locator('.ant-select-item-option', { hasText: '道闸' }).click();
    await form.getByLabel('联系电话').fill('1380013');
    await form.getByLabel('投诉内容').fill('东门出口道闸抬杆太慢，排了很长的队。');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form.getByText('请输入正确的电话号码')).toBeVisible();
    await form.getByLabel('联系电话').fill(phone);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form).toBeHidden();
    await page.getByPlaceholder('请输入联系电话').fill(phone);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-tbody tr', { hasText: '东门出口道闸抬杆太慢' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`136****${digits.slice(-4)}`);
    await expect(row).toContainText('待处理');
    await expect(row).not.toContainText(phone);
  } finally {
    await leaveNoTrace(page, phone);
  }
});
