import { expect, type Page } from '@playwright/test';

/**
 * Opens a page from the sidebar as a person does: its folder, then the page.
 * It first lets the landing page settle (the sidebar opens the current page's folder once it has
 * loaded, which, one folder open at a time, would shut a folder opened before), and it opens the
 * folder only while it is closed, so a slow animation never makes it toggle shut again.
 */
export async function openFromSidebar(page: Page, folder: string, item: string, url: RegExp): Promise<void> {
  const sider = page.locator('.ant-layout-sider');
  await expect(sider.locator('.ant-menu-item-selected')).toBeVisible();
  const folderTitle = sider.getByRole('menuitem', { name: new RegExp(folder) });
  const pageItem = sider.getByRole('menuitem', { name: new RegExp(`(^|\\s)${item}$`) });
  await expect(async () => {
    if ((await folderTitle.getAttribute('aria-expanded')) !== 'true') await folderTitle.click();
    await expect(folderTitle).toHaveAttribute('aria-expanded', 'true', { timeout: 3_000 });
    await expect(pageItem).toBeVisible({ timeout: 3_000 });
    await pageItem.click();
    await expect(page).toHaveURL(url, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expectViewShown(page);
}

/**
 * Waits until the page the URL names is the one on screen. A menu page is loaded on its first
 * visit, and while it loads the address bar already names it but the page left behind is still
 * shown (and stays mounted, hidden, afterwards): a locator resolved in that moment would hold on
 * to the old page's elements.
 */
export async function expectViewShown(page: Page): Promise<void> {
  const path = new URL(page.url()).hash.replace(/^#/, '').split('?')[0] || '/';
  await expect(page.locator(`.app-view[data-view-path="${path}"]`)).toBeVisible();
}
