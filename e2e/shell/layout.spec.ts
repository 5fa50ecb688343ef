import { expect, test } from '../support/signed-in.fixtures.js';
import { ShellPage } from './shell.page.js';

test('the navbar shows breadcrumb, ticking clock, tenant title and its controls in order', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open('/OrderManagement/OrderWarning');

  await expect(page.locator('.app-navbar__breadcrumb li:not(.ant-breadcrumb-separator)')).toHaveText(['订单管理', '订单预警']);
  await expect(page.locator('.app-navbar__breadcrumb a')).toHaveCount(0);

  await expect(page.locator('.app-navbar__date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.locator('.app-navbar__week')).toHaveText(/^星期[一二三四五六日]$/);
  const time = page.locator('.app-navbar__time');
  const first = await time.innerText();
  expect(first).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  await expect.poll(() => time.innerText(), { timeout: 3_000 }).not.toBe(first);
  await expect(page.locator('.app-navbar__title')).toHaveText('智慧停车管理平台');

  // the navbar's fixed order, left to right
  const order = await page.evaluate(() =>
    [
      '.app-navbar__toggle',
      '.app-navbar__breadcrumb',
      '[aria-label="刷新页面"]',
      '.app-navbar__clock',
      '.app-navbar__title',
      '.app-navbar__search',
      '.message-bell',
      '.app-navbar__big-screen',
      '[aria-label="全屏"]',
      '[aria-label="布局大小"]',
      '.app-navbar__user',
    ].map((selector) => document.querySelector(selector)?.getBoundingClientRect().left ?? -1),
  );
  expect(order.every((left) => left >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
});

test('the sidebar is 220 px, collapses, and remembers it in the sidebarStatus cookie', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await shell.open();
  await expect(page.locator('.app-sidebar__title')).toHaveText('智慧停车管理平台');
  expect((await shell.sidebar.boundingBox())?.width).toBe(220);

  await page.getByRole('button', { name: '收起菜单' }).click();
  await expect.poll(async () => (await shell.sidebar.boundingBox())?.width).toBe(64);
  expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');
  await page.reload();
  await expect(page.getByRole('button', { name: '展开菜单' })).toBeVisible();
  await expect.poll(async () => (await shell.sidebar.boundingBox())?.width).toBe(64);

  await page.getByRole('button', { name: '展开菜单' }).click();
  await expect.poll(async () => (await shell.sidebar.boundingBox())?.width).toBe(220);
  expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('1');
});

test('unique-opened keeps one folder open at a time', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open();
  await shell.sidebar.locator('.ant-menu-submenu-title', { hasText: '设备运维' }).click();
  await shell.sidebar.locator('.ant-menu-submenu-title', { hasText: '订单管理' }).click();
  await expect(shell.sidebar.locator('.ant-menu-submenu-open > .ant-menu-submenu-title')).toHaveText(['订单管理']);
});

test('menu search finds pages fuzzily as "folder > page" and opens the chosen one', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open();
  const search = page.locator('.app-navbar__search');
  await expect(search).toContainText('搜索菜单');
  await search.click();
  await page.keyboard.type('营收');
  const options = page.locator('.ant-select-item-option');
  await expect(options.first()).toHaveText('财务管理 > 营收报表');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/FinancialManagement\/revenueReport$/);

  // by path, with a typo
  await search.click();
  await page.keyboard.type('tarif');
  await expect(options.filter({ hasText: '停车场管理 > 计费规则' })).toBeVisible();
  await options.filter({ hasText: '停车场管理 > 计费规则' }).click();
  await expect(page).toHaveURL(/#\/parkingAdmin\/tariff$/);
  await expect(shell.tag('计费规则')).toBeVisible();
});

test('refresh reloads the page through /redirect and lands back on it', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open('/parkingAdmin/parkingArea?q=1');
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).hash);
  });
  const view = page.locator('.app-view:visible');
  await view.evaluate((node) => node.setAttribute('data-marker', 'before'));
  await page.getByRole('button', { name: '刷新页面' }).click();
  await expect(page).toHaveURL(/#\/parkingAdmin\/parkingArea\?q=1$/);
  await expect(page.locator('.app-view:visible')).not.toHaveAttribute('data-marker', 'before');
  await expect(page.locator('.app-view:visible .resource-page')).toBeVisible();
  expect(seen.some((hash) => hash.startsWith('#/redirect/parkingAdmin/parkingArea'))).toBe(true);
});

test('the size select switches antd sizes, says 布局设置成功 and keeps the size cookie', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await shell.open();
  // small unless the cookie says otherwise
  await expect(page.locator('.app-navbar__search')).toHaveClass(/ant-select-sm/);

  await page.getByRole('button', { name: '布局大小' }).click();
  const sizes = page.locator('.ant-dropdown:visible').getByRole('menuitem');
  await expect(sizes).toHaveText(['Default', 'Medium', 'Small', 'Mini']);
  await sizes.filter({ hasText: 'Default' }).click();
  await expect(shell.toast('布局设置成功')).toBeVisible();
  await expect(page.locator('.app-navbar__search')).toHaveClass(/ant-select-lg/);
  expect((await context.cookies()).find((c) => c.name === 'size')?.value).toBe('default');

  await page.reload();
  await expect(page.locator('.app-navbar__search')).toHaveClass(/ant-select-lg/);
  await page.getByRole('button', { name: '布局大小' }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: 'Medium' }).click();
  await expect(page.locator('.app-navbar__search')).not.toHaveClass(/ant-select-(sm|lg)/);
  expect((await context.cookies()).find((c) => c.name === 'size')?.value).toBe('medium');
});

test('智慧大屏 opens the tenant big screen in a new window', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await shell.open();
  const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: '智慧大屏' }).click()]);
  await expect(popup).toHaveURL(/#\/dataView$/);
  await popup.close();
});

test('fullscreen toggles, and warns where the browser cannot', async ({ page, context }) => {
  const shell = new ShellPage(page);
  await shell.open();
  await page.getByRole('button', { name: '全屏' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.getByRole('button', { name: '退出全屏' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

  const other = await context.newPage();
  await other.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
  const otherShell = new ShellPage(other);
  await otherShell.open();
  await other.getByRole('button', { name: '全屏' }).click();
  await expect(otherShell.toast('您的浏览器不支持全屏')).toBeVisible();
});

test('the footer is off by default and shows footer text and filing numbers when switched on', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open();
  await expect(page.locator('.app-footer')).toHaveCount(0);
  await shell.openUserMenu();
  await page.getByRole('menuitem', { name: '布局设置' }).click();
  await page.getByRole('switch', { name: '显示页脚' }).click();
  const footer = page.locator('.app-footer');
  await expect(footer).toContainText('Copyright © 2026 演示停车运营有限公司');
  await expect(footer).toContainText('京ICP备2026000001号-1');
  await expect(footer).toContainText('京公网安备11010502000001号');
});
