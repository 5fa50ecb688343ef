import { expect, test } from '../support/signed-in.fixtures.js';
import { ShellPage } from './shell.page.js';

test('under 992 px the sidebar closes, search, fullscreen and size hide, and an overlay closes the open sidebar', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open();
  await expect(page.locator('.app-navbar__search')).toBeVisible();
  expect((await shell.sidebar.boundingBox())?.width).toBe(220);

  await page.setViewportSize({ width: 800, height: 900 });
  await expect.poll(async () => (await shell.sidebar.boundingBox())?.width ?? 0).toBe(0);
  await expect(page.locator('.app-navbar__search')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '全屏' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '布局大小' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '系统消息' })).toBeVisible();
  await expect(page.getByRole('button', { name: '智慧大屏' })).toBeVisible();
  // the content uses the whole width
  expect((await page.locator('.app-main').boundingBox())?.x).toBe(0);

  await page.getByRole('button', { name: '展开菜单' }).click();
  const overlay = page.getByTestId('sidebar-overlay');
  await expect(overlay).toBeVisible();
  await expect.poll(async () => (await shell.sidebar.boundingBox())?.width).toBe(220);
  await overlay.click({ position: { x: 600, y: 400 } });
  await expect(overlay).toHaveCount(0);
  await expect.poll(async () => (await shell.sidebar.boundingBox())?.width ?? 0).toBe(0);
});

test('on mobile the sidebar closes again after every navigation', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  const shell = new ShellPage(page);
  await shell.open();
  await page.getByRole('button', { name: '展开菜单' }).click();
  await shell.openFromMenu('订单管理', '订单预警');
  await expect(page).toHaveURL(/#\/OrderManagement\/OrderWarning$/);
  await expect(page.getByTestId('sidebar-overlay')).toHaveCount(0);
  await expect.poll(async () => (await shell.sidebar.boundingBox())?.width ?? 0).toBe(0);

  // back on a wide screen the sidebar can be opened as usual
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.locator('.app-navbar__search')).toBeVisible();
  await page.getByRole('button', { name: '展开菜单' }).click();
  await expect.poll(async () => (await shell.sidebar.boundingBox())?.width).toBe(220);
  await expect(page.getByTestId('sidebar-overlay')).toHaveCount(0);
});
