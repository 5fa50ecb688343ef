import { expect, test } from '@playwright/test';
import { LoginPage, sidebarFolders } from './login.page.js';

const allFolders = ['停车场管理', '设备运维', '订单管理', '联合追缴', '车主管理', '停车运营', '财务管理', '系统管理'];

test('admin signs in and lands on the first menu page, with every folder in the sidebar', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await expect(page.getByText('智慧停车管理平台').first()).toBeVisible();
  await login.signIn('admin', 'admin123');

  await expect(page).toHaveURL(/#\/parkingAdmin\/parkingList$/);
  await expect(page).toHaveTitle(/^停车场 - /);
  await expect(page.locator('.resource-page').filter({ visible: true })).toBeVisible();
  await expect.poll(() => sidebarFolders(page)).toEqual(allFolders);
  await expect(page).toHaveTitle('停车场 - 智慧停车管理平台');
});

test('a reload keeps the user signed in', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('admin', 'admin123');
  await expect(page).toHaveURL(/#\/parkingAdmin\/parkingList$/);
  await page.reload();
  await expect(page).toHaveURL(/#\/parkingAdmin\/parkingList$/);
  await expect.poll(() => sidebarFolders(page)).toEqual(allFolders);
});

test('a deep link while signed out goes to login, and back to it after sign-in', async ({ page }) => {
  await page.goto('/#/system/user');
  await expect(page).toHaveURL(/#\/login\?redirect=(%2F|\/)system(%2F|\/)user/);
  await new LoginPage(page).signIn('admin', 'admin123');
  await expect(page).toHaveURL(/#\/system\/user$/);
  await expect(page).toHaveTitle(/^用户 - /);
  await expect(page.locator('.resource-page').filter({ visible: true })).toBeVisible();
});

test('a wrong password shows 登录失败 with the server message; the next sign-in tells of it once', async ({ page, browser, baseURL }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('admin', 'not-the-password');
  await expect(page.locator('.ant-notification').getByText('登录失败')).toBeVisible();
  await expect(page.locator('.ant-notification').getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);

  await login.signIn('admin', 'admin123');
  await expect(page.locator('.app-navbar')).toBeVisible();
  const notice = page.locator('.ant-notification-notice', { hasText: '登录提醒' });
  await expect(notice.getByText(/^上次登录后有1次失败的登录尝试，最近一次来自 IP 127\.0\.0\.1 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  // it stays until read
  await notice.locator('.ant-notification-notice-close').click();
  await expect(notice).toHaveCount(0);

  // the next sign-in, in another browser, is not told again
  const other = await browser.newContext({ baseURL });
  const again = await other.newPage();
  const secondLogin = new LoginPage(again);
  await secondLogin.open();
  await secondLogin.signIn('admin', 'admin123');
  await expect(again.locator('.app-navbar')).toBeVisible();
  await expect(again.getByText('登录提醒')).toHaveCount(0);
  await other.close();
});

test('three failures from an address bring the captcha to the login form', async ({ page }) => {
  // an account of its own: with no captcha answer to give, it stays asked for one
  const login = new LoginPage(page);
  await login.open();
  for (let n = 1; n <= 3; n++) {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/oauth/Login'));
    await login.signIn('nobody-e2e', `wrong-${n}`);
    expect((await (await answered).json()).msg).toBe('账号或密码错误');
  }
  await expect(page.getByPlaceholder('验证码')).toBeVisible();
  await expect(page.getByAltText('验证码图片')).toBeVisible();
  // the form now asks for the answer before sending anything
  await login.signIn('nobody-e2e', 'wrong-4');
  await expect(page.getByText('请输入验证码', { exact: true })).toBeVisible();
});

test('logout asks first, then ends the session', async ({ page, context }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('admin', 'admin123');
  await expect(page).toHaveURL(/#\/parkingAdmin\/parkingList$/);
  const token = (await context.cookies()).find((c) => c.name === 'SMART-TOKEN')?.value;
  expect(token).toBeTruthy();

  await page.getByText('系统管理员').first().click();
  await page.getByText('退出登录').click();
  await expect(page.getByText('确定注销并退出系统吗？')).toBeVisible();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();

  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByPlaceholder('账号')).toBeVisible();
  // the old token is dead on the server, not only forgotten by the browser
  const response = await page.request.get('/api/oauth/CurrentUser', { headers: { authorization: token! } });
  expect((await response.json()).code).toBe(602);
});

test('a tenant of its own: ?account=mw brands the login page and mwfinance sees only finance', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open('?account=mw');
  await expect(page.getByText('明湾智慧停车').first()).toBeVisible();
  await expect(page.getByText('粤ICP备2026000002号-1')).toBeVisible();
  await login.signIn('mwfinance', 'admin123');
  await expect(page).toHaveURL(/#\/FinancialManagement\/revenueReport$/);
  await expect.poll(() => sidebarFolders(page)).toEqual(['财务管理']);
  // a page outside the user's menu has no route
  await page.goto('/#/system/user');
  await expect(page).toHaveURL(/#\/404$/);
});

test('a search by 账号 on 用户 keeps the tenant: signing out and in again still works', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('admin', 'admin123');
  await expect(page).toHaveURL(/#\/parkingAdmin\/parkingList$/);
  await page.goto('/#/system/user');
  const search = page.locator('.resource-page').filter({ visible: true }).locator('.resource-search');
  await search.getByLabel('账号', { exact: true }).fill('adm');
  await search.getByRole('button', { name: /查询/ }).click();
  // the page's own filter is in its address, and it is only a filter
  await expect(page).toHaveURL(/#\/system\/user\?.*account=adm/);
  await expect(page.locator('.resource-page').filter({ visible: true }).locator('.ant-table-row').first()).toContainText('admin');
  expect((await page.context().cookies()).find((c) => c.name === 'account')?.value ?? 'demo').toBe('demo');

  await page.getByText('系统管理员').first().click();
  await page.getByText('退出登录').click();
  // signing out reloads the page: typing before that reload would be lost with it
  const reloaded = page.waitForEvent('load');
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await reloaded;
  await expect(page.getByPlaceholder('账号')).toBeVisible();
  await expect(page.getByText('智慧停车管理平台').first()).toBeVisible();
  await login.signIn('admin', 'admin123');
  await expect(page.locator('.app-navbar')).toBeVisible();
});

test('a login address naming no tenant offers the way back: 使用默认租户, or 切换租户 by code', async ({ page }) => {
  const login = new LoginPage(page);
  await page.goto('/?account=nosuch#/login');
  await expect(page.getByText('租户「nosuch」不存在')).toBeVisible();
  await page.getByRole('button', { name: '使用默认租户' }).click();
  await expect(page.getByText('租户「nosuch」不存在')).toBeHidden();
  await expect(page.getByText('智慧停车管理平台').first()).toBeVisible();
  // the address no longer names the missing tenant, so a reload keeps the one chosen
  await page.reload();
  await expect(page.getByText('租户：智慧停车管理平台（demo）')).toBeVisible();

  await page.getByRole('button', { name: '切换租户' }).click();
  await page.getByLabel('租户编码').fill('mw');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('明湾智慧停车').first()).toBeVisible();
  await login.signIn('mwfinance', 'admin123');
  await expect(page).toHaveURL(/#\/FinancialManagement\/revenueReport$/);
});
