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

test('a wrong password shows 登录失败 with the server message and stays on login', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('admin', 'not-the-password');
  await expect(page.locator('.ant-notification').getByText('登录失败')).toBeVisible();
  await expect(page.locator('.ant-notification').getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
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
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();

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
