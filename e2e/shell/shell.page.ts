import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in shell as a user sees it: sidebar, navbar, tag bar. */
export class ShellPage {
  readonly sidebar: Locator;
  readonly navbar: Locator;
  readonly tags: Locator;
  readonly tagMenu: Locator;
  /** the navbar's 系统消息 bell and the dialog it opens */
  readonly bell: Locator;
  /** the bell's count of open messages and tasks; absent when there are none */
  readonly badge: Locator;
  readonly messages: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.locator('.ant-layout-sider');
    this.navbar = page.locator('.app-navbar');
    this.tags = page.locator('.tags-view__item');
    this.tagMenu = page.locator('.tags-view__menu');
    this.bell = page.getByRole('button', { name: '系统消息' });
    this.badge = this.bell.locator('.ant-badge-count');
    this.messages = page.locator('.message-dialog');
  }

  /** Opens the message dialog once the badge shows there is something to open. */
  async openMessages() {
    await expect(this.badge).toBeVisible();
    await this.bell.click();
    await expect(this.messages).toBeVisible();
  }

  /** A message or task of the dialog's open tab, by text it shows. */
  message(text: string): Locator {
    return this.messages.locator('.message-list__item:visible', { hasText: text });
  }

  async open(path = '/parkingAdmin/parkingList') {
    await this.page.goto(`/#${path}`);
    await expect(this.navbar).toBeVisible();
  }

  /** Opens a page from the sidebar: its folder first when that is closed. */
  async openFromMenu(folderTitle: string, pageTitle: string) {
    const folder = this.sidebar.locator('li.ant-menu-submenu').filter({ has: this.page.locator(':scope > .ant-menu-submenu-title', { hasText: folderTitle }) });
    const title = folder.locator(':scope > .ant-menu-submenu-title');
    const item = folder.locator('.ant-menu-item', { hasText: pageTitle });
    // The open class is the menu's state; visibility would lie while a folder animates shut. A page
    // change just made may still close the folder after it was read open (the sidebar keeps only the
    // new page's folders open), so the item gets a short wait and the folder is read again.
    await expect(async () => {
      if (!(await folder.evaluate((node) => node.classList.contains('ant-menu-submenu-open')))) await title.click();
      await item.click({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    // A lazily loaded page changes the address only once its code is in; a second click before then
    // cancels the first navigation, and its tab never appears. The item turns selected when it lands;
    // on a phone-width screen the sidebar folds away once it lands, taking the item with it.
    await expect.poll(() => item.evaluateAll((nodes) => nodes.length === 0 || nodes.some((node) => node.classList.contains('ant-menu-item-selected'))), { timeout: 15_000 }).toBe(true);
  }

  tag(title: string): Locator {
    return this.page.locator('.tags-view__item', { hasText: title });
  }

  async tagTitles(): Promise<string[]> {
    return (await this.tags.allInnerTexts()).map((text) => text.trim());
  }

  async openUserMenu() {
    await this.page.getByRole('button', { name: '用户菜单' }).click();
  }

  /** The toast antd shows for message.success / error / warning. */
  toast(text: string): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }
}
