import { expect, signedOut, signIn, test } from '../support/signed-in.fixtures.js';
import { createDemoUser } from '../support/api.js';

// a 1×1 PNG: a real image, as the server judges uploads by their bytes
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe.configure({ mode: 'serial' });

const account = `center${Date.now() % 1_000_000}`;
const password = 'Center2026';

test('个人中心: a user edits their profile and avatar, and the navbar follows', async ({ page, browser }, testInfo) => {
  await page.goto('/');
  await createDemoUser(page, account, password, ['系统管理员']);

  const context = await browser.newContext(signedOut(testInfo));
  const own = await context.newPage();
  await signIn(own, { account, password });
  await own.locator('.app-navbar__user').click();
  await own.getByRole('menuitem', { name: '个人中心' }).click();
  await expect(own).toHaveURL(/#\/user\/center$/);
  await expect(own).toHaveTitle(/^个人中心 - /);
  await expect(own.locator('.user-center__account')).toHaveText(account);

  const form = own.locator('form#profile');
  await form.getByLabel('手机号').fill('12345');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请输入正确的电话号码')).toBeVisible();

  await form.getByLabel('手机号').fill('13800138000');
  await form.getByLabel('姓名').fill('王小明');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(own.locator('.ant-message').getByText('修改成功')).toBeVisible();
  await expect(own.locator('.app-navbar__user-name')).toHaveText('王小明');
  await expect(own.locator('.user-center__name')).toHaveText('王小明');

  await own.locator('.user-center input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
  await expect(own.locator('.ant-message').getByText('上传成功')).toBeVisible();
  await expect(own.locator('.app-navbar__avatar img')).toHaveAttribute('src', /^\/uploads\/avatars\/[0-9a-f-]{36}\.png$/);

  // a reload reads everything back from the server
  await own.reload();
  await expect(own.locator('form#profile').getByLabel('手机号')).toHaveValue('13800138000');
  await expect(own.locator('.app-navbar__user-name')).toHaveText('王小明');
  await context.close();
});

test('个人中心: the user ends their sign-in on another device, which is sent back to sign in', async ({ page, browser }, testInfo) => {
  // a user of its own, so no sign-in of another test is listed
  const account = `devices${Date.now() % 1_000_000}`;
  await page.goto('/');
  await createDemoUser(page, account, password, ['系统管理员']);
  const laptopContext = await browser.newContext(signedOut(testInfo));
  const phoneContext = await browser.newContext(signedOut(testInfo));
  const laptop = await laptopContext.newPage();
  const phone = await phoneContext.newPage();
  await signIn(laptop, { account, password });
  await signIn(phone, { account, password });

  await laptop.goto('/#/user/center');
  await laptop.getByRole('tab', { name: '登录设备' }).click();
  const rows = laptop.locator('.user-center__sessions .ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '当前' })).toHaveCount(1);

  const other = rows.filter({ hasNotText: '当前' });
  await other.getByRole('button', { name: '下线' }).click();
  await laptop.locator('.ant-popconfirm').getByRole('button', { name: '下线' }).click();
  await expect(laptop.locator('.ant-message').getByText('已下线')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // the phone's next request is refused and it lands on the sign-in page
  await phone.reload();
  await expect(phone).toHaveURL(/#\/login/);
  await expect(laptop.locator('.app-navbar')).toBeVisible();

  await laptopContext.close();
  await phoneContext.close();
});
