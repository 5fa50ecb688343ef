import { expect, signedOut, signIn, test } from '../support/signed-in.fixtures.js';
import { apiAs } from '../support/api.js';
import { RolePage } from './role.page.js';
import { SystemAdminPage } from './system-admin.page.js';

// Issue #4, done when: an administrator creates a role with two menus; a user holding that role
// signs in and sees only those two; another page's API, called directly, is refused; disabling the
// user ends their open session. Everything here is made for this spec under a unique name.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now() % 1_000_000;
const role = { name: `收费巡检${stamp}`, code: `toll${stamp}` };
const person = { account: `toll${stamp}`, realName: `收费员${stamp}`, password: 'Toll2026' };

test('a role granted two pages gives its holder exactly those two, and the server refuses the rest', async ({ page, browser }, testInfo) => {
  const roles = new RolePage(page);
  await roles.open();
  await roles.create(role);
  await roles.search(role.name);
  await roles.openGrant(role.name);
  await roles.toggle('系统消息');
  await roles.toggle('字典');
  await roles.drawer.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message').getByText('授权成功')).toBeVisible();

  const users = new SystemAdminPage(page);
  await users.open('用户', 'system/user');
  await users.create();
  await users.fill('账号', person.account);
  await users.fill('姓名', person.realName);
  await users.fill('初始密码', person.password);
  await users.fill('确认密码', person.password);
  await users.pickOption(users.dialog.getByLabel('角色'), role.name);
  await page.keyboard.press('Escape');
  await users.save('新增成功');

  const context = await browser.newContext(signedOut(testInfo));
  const them = await context.newPage();
  await signIn(them, { account: person.account, password: person.password });
  // the first page they may use is where they land
  await expect(them).toHaveURL(/#\/system\/dictionary$/);
  const sidebar = them.locator('.ant-layout-sider');
  await expect(sidebar.locator('.ant-menu-submenu-title')).toHaveText([/系统管理/]);
  await expect(sidebar.getByRole('menuitem').filter({ hasNotText: '系统管理' })).toHaveText([/字典/, /系统消息/]);

  // a page outside the grant is not a route for them, and its API refuses them
  await them.goto('/#/system/user');
  await expect(them).toHaveURL(/#\/404/);
  const api = await apiAs(them);
  const refused = await api.get('/api/system/Permission/Users');
  expect(refused.status).toBe(403);
  expect(refused.body.msg).toBe('没有权限访问该功能');
  expect((await api.get('/api/system/log')).status).toBe(403);
  expect((await api.get('/api/system/Tenant')).status).toBe(403);
  // the granted pages' own APIs answer
  expect((await api.get('/api/system/systemMessage?currentPage=1&pageSize=10')).body.code).toBe(200);
  expect((await api.get('/api/dictDetail?dictName=plate_colour&page=0&size=9999')).body.code).toBe(200);
  await context.close();
});

test('停用 of that user ends their open session at once', async ({ page, browser }, testInfo) => {
  const context = await browser.newContext(signedOut(testInfo));
  const them = await context.newPage();
  await signIn(them, { account: person.account, password: person.password });
  await expect(them.locator('.app-navbar')).toBeVisible();

  const users = new SystemAdminPage(page);
  await users.open('用户', 'system/user');
  await (await users.searchField('账号')).fill(person.account);
  await users.search();
  const row = users.row(person.account);
  await row.getByRole('button', { name: '停用' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '停用' }).click();
  await users.expectMessage('已停用');

  // their very next request is refused, and the console asks them to sign in again
  await them.getByRole('menuitem', { name: /系统消息/ }).click();
  const prompt = them.locator('.ant-modal-confirm', { hasText: '登录状态已过期，请重新登录' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: '重新登录' }).click();
  await expect(them).toHaveURL(/#\/login/);
  await context.close();
});
