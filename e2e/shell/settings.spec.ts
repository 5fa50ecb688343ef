import type { Page } from '@playwright/test';
import { expect, test } from '../support/signed-in.fixtures.js';
import { ShellPage } from './shell.page.js';

async function openDrawer(page: Page) {
  const item = page.getByRole('menuitem', { name: '布局设置' });
  const drawer = page.locator('.settings-drawer');
  // a click that lands while the user menu still slides in (on a busy machine, just after a scroll)
  // can miss: the menu is opened again if it closed, and the item clicked again
  await expect(async () => {
    if (!(await item.isVisible())) await new ShellPage(page).openUserMenu();
    await item.click({ timeout: 2_000 });
    await expect(drawer.getByText('系统布局设置')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return drawer;
}

/**
 * Scrolls the window 800 px and waits until the scroll event has been handled, so that a dropdown
 * opened next is placed for the final position and does not move under the pointer.
 * The scroll itself is not under test, and synthetic wheel events proved flaky here.
 */
async function scrollDown(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        window.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true });
        window.scrollBy(0, 800);
      }),
  );
}

const primaryOf = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--app-primary').trim());

test('the drawer offers 8 theme colours; the choice colours antd and stays after a reload', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open();
  const drawer = await openDrawer(page);
  const swatches = drawer.getByRole('radio');
  await expect(swatches).toHaveCount(8);
  expect(await swatches.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')))).toEqual([
    '#409EFF',
    '#1890ff',
    '#304156',
    '#212121',
    '#11a983',
    '#13c2c2',
    '#6959CD',
    '#f5222d',
  ]);
  await expect(drawer.getByRole('radio', { name: '#1890ff' })).toHaveAttribute('aria-checked', 'true');
  // the layout switches, all on by default
  for (const name of ['显示标签', '固定头部', '显示Logo', '菜单唯一展开']) {
    await expect(drawer.getByRole('switch', { name })).toHaveAttribute('aria-checked', 'true');
  }

  await drawer.getByRole('radio', { name: '#f5222d' }).click();
  await expect.poll(() => primaryOf(page)).toBe('#f5222d');
  // an antd primary element follows the token
  await expect(shell.tag('停车场')).toHaveCSS('background-color', 'rgb(245, 34, 45)');
  await expect(page.locator('.ant-switch-checked').first()).toHaveCSS('background-color', 'rgb(245, 34, 45)');

  await page.reload();
  await expect.poll(() => primaryOf(page)).toBe('#f5222d');
  const again = await openDrawer(page);
  await expect(again.getByRole('radio', { name: '#f5222d' })).toHaveAttribute('aria-checked', 'true');
});

test('the switches hide tags and logo, unfix the header and allow several open folders', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open();
  const drawer = await openDrawer(page);

  await drawer.getByRole('switch', { name: '显示标签' }).click();
  await expect(page.locator('.tags-view')).toHaveCount(0);
  await drawer.getByRole('switch', { name: '显示Logo' }).click();
  await expect(page.locator('.app-sidebar__logo')).toHaveCount(0);
  await drawer.getByRole('switch', { name: '固定头部' }).click();
  await expect(page.locator('.app-header')).toHaveCSS('position', 'relative');
  await drawer.getByRole('switch', { name: '菜单唯一展开' }).click();
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer.getByText('主题颜色')).toBeHidden();

  await shell.sidebar.locator('.ant-menu-submenu-title', { hasText: '设备运维' }).click();
  await shell.sidebar.locator('.ant-menu-submenu-title', { hasText: '订单管理' }).click();
  await expect(shell.sidebar.locator('.ant-menu-submenu-open > .ant-menu-submenu-title')).toHaveText(['停车场管理', '设备运维', '订单管理']);

  // every choice is kept in localStorage
  await page.reload();
  await expect(page.locator('.app-navbar')).toBeVisible();
  await expect(page.locator('.tags-view')).toHaveCount(0);
  await expect(page.locator('.app-sidebar__logo')).toHaveCount(0);
  await expect(page.locator('.app-header')).toHaveCSS('position', 'relative');
});

test('the header stays on screen while scrolling only when it is fixed', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open();
  await page.locator('.app-view:visible').evaluate((node) => {
    const filler = document.createElement('div');
    filler.style.height = '3000px';
    node.append(filler);
  });
  await scrollDown(page);
  await expect.poll(async () => (await page.locator('.app-navbar').boundingBox())?.y).toBe(0);

  const drawer = await openDrawer(page);
  await drawer.getByRole('switch', { name: '固定头部' }).click();
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer.getByText('主题颜色')).toBeHidden();
  await scrollDown(page);
  await expect.poll(async () => (await page.locator('.app-navbar').boundingBox())?.y ?? 0).toBeLessThan(-100);
});

test('with showSettings off, neither 布局设置 nor the drawer is offered', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('layout-settings', JSON.stringify({ showSettings: false })));
  const shell = new ShellPage(page);
  await shell.open();
  await shell.openUserMenu();
  await expect(page.getByRole('menuitem', { name: '修改密码' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '布局设置' })).toHaveCount(0);
  await expect(page.getByText('系统布局设置')).toHaveCount(0);
});
