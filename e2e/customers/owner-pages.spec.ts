import type { Customer, Paged } from '@parking/contract';
import { apiAs } from '../support/api.js';
import { expect, signedOut, test } from '../support/signed-in.fixtures.js';

// A car owner on a 375 px phone: signs in with the SMS code the demo shows (no SMS gateway here),
// which registers them; binds a plate and sees it 未认证; unbinds it after confirming; sends another
// plate's 行驶证 and sees it 认证中. The console lists the new owner as registered from H5.
const stamp = Date.now().toString(36);
const digits = (Number.parseInt(stamp, 36) % 100_000_000).toString().padStart(8, '0');
const phoneNumber = `137${digits}`;
const plate = `粤B${digits.slice(-5)}`;
const phone = { width: 375, height: 812 };
// a 1×1 PNG: the server judges a 行驶证 photo by its bytes
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

// The 行驶证 sent here stays 认证中, and its 车辆认证审核 message would count in admin's bell and in
// 系统消息 for the specs that run later: staff reject the request and its message is deleted.
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  const requests = (await api.get<{ list: { id: string; status: string }[] }>(`/api/system/CarAuthentication?plateNumber=${encodeURIComponent(`粤A${digits.slice(-5)}`)}`)).body.data.list;
  for (const request of requests.filter((r) => r.status === 'pending'))
    expect((await api.post(`/api/system/CarAuthentication/${request.id}/Actions/Reject`, { reason: '测试结束' })).body.code).toBe(200);
  const ids = new Set(requests.map((r) => r.id));
  const messages = await api.get<{ list: { id: string; businessId: string }[] }>('/api/system/systemMessage?currentPage=1&pageSize=100&messageTypeList=2');
  for (const message of messages.body.data.list.filter((m) => ids.has(m.businessId))) await api.delete(`/api/system/systemMessage/${message.id}`);
  await page.close();
});

test('an owner signs in with the SMS code, binds a plate, sees it 未认证, unbinds it and sends a 行驶证', async ({ page, browser }, testInfo) => {
  const context = await browser.newContext({ ...signedOut(testInfo), viewport: phone, isMobile: true, hasTouch: true });
  const owner = await context.newPage();
  const shot = (name: string) => owner.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

  await owner.goto('/#/owner/vehicles');
  // signed out: the page asks for 车主登录
  await expect(owner.locator('.mobile-page__header')).toHaveText('车主登录');
  await owner.getByLabel('手机号').fill(phoneNumber);
  await owner.getByRole('button', { name: '获取验证码' }).click();
  await expect(owner.getByText(`验证码已发送至 137****${digits.slice(-4)}`)).toBeVisible();
  await expect(owner.getByText('演示环境未接入短信网关，验证码已写入服务器日志')).toBeVisible();
  await expect(owner.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  const demoCode = ((await owner.getByTestId('owner-demo-code').textContent()) ?? '').replace(/\D/g, '');
  expect(demoCode).toMatch(/^\d{6}$/);
  await shot('owner-sign-in');

  // a wrong code first: refused in Chinese
  await owner.getByLabel('验证码').fill(demoCode === '000000' ? '111111' : '000000');
  await owner.getByRole('button', { name: /登\s*录/ }).click();
  await expect(owner.getByText('验证码错误或已过期')).toBeVisible();
  await owner.getByLabel('验证码').fill(demoCode);
  await owner.getByRole('button', { name: /登\s*录/ }).click();

  await expect(owner.locator('.mobile-page__header')).toContainText('我的车辆');
  await expect(owner.getByText('还没有绑定车辆')).toBeVisible();
  await owner.getByLabel('车牌号').fill(plate);
  await owner.getByRole('button', { name: /绑\s*定/ }).click();
  const item = owner.getByTestId('owner-vehicle').filter({ hasText: plate });
  await expect(item).toBeVisible();
  await expect(item).toContainText('未认证');
  await expect(owner.getByText('我的车辆（1/5）')).toBeVisible();
  // nothing overflows the phone's width
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await shot('owner-vehicles');

  await item.getByRole('button', { name: /解\s*绑/ }).click();
  await expect(owner.getByText(`确定解绑车辆「${plate}」吗？`)).toBeVisible();
  await owner
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /解\s*绑/ })
    .click();
  await expect(item).toHaveCount(0);
  await expect(owner.getByText('还没有绑定车辆')).toBeVisible();

  // a second plate goes to review with its 行驶证 photo: 认证中
  const second = `粤A${digits.slice(-5)}`;
  await owner.getByLabel('车牌号').fill(second);
  await owner.getByRole('button', { name: /绑\s*定/ }).click();
  const secondItem = owner.getByTestId('owner-vehicle').filter({ hasText: second });
  await expect(secondItem).toContainText('未认证');
  await secondItem.locator('input[type=file]').setInputFiles({ name: '行驶证.txt', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(owner.getByText('行驶证照片只能是 JPG、PNG 或 WebP 格式的图片')).toBeVisible();
  await expect(secondItem).toContainText('未认证');
  await secondItem.locator('input[type=file]').setInputFiles({ name: '行驶证.png', mimeType: 'image/png', buffer: png });
  await expect(secondItem).toContainText('认证中');
  await expect(secondItem.getByRole('button', { name: /上传/ })).toHaveCount(0);
  await shot('owner-vehicles-verifying');

  await owner.getByRole('link', { name: '我的停车' }).click();
  await expect(owner.getByText(/暂无停车记录/)).toBeVisible();
  await shot('owner-stays');
  await owner.getByRole('link', { name: '欠费' }).click();
  await expect(owner.getByText('您没有欠费，感谢按时缴费')).toBeVisible();
  await shot('owner-arrears');

  // the console lists the owner, registered from H5
  await page.goto('/');
  const api = await apiAs(page);
  const listed = await api.get<Paged<Customer>>(`/api/system/Customer?phone=${phoneNumber}`);
  expect(listed.body.data.list).toEqual([expect.objectContaining({ phone: phoneNumber, source: 'h5', vehicleCount: 1 })]);

  await owner.getByRole('button', { name: '退出' }).click();
  await expect(owner.locator('.mobile-page__header')).toHaveText('车主登录');
  await context.close();
});
