import { expect, type Page } from '@playwright/test';

/** The sign-in page as a user meets it: two fields, a checkbox and a button. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/${query}#/login`);
    await expect(this.page.getByPlaceholder('账号')).toBeVisible();
  }

  async signIn(account: string, password: string, options: { rememberMe?: boolean } = {}) {
    await this.page.getByPlaceholder('账号').fill(account);
    await this.page.getByPlaceholder('密码').fill(password);
    if (options.rememberMe) await this.page.getByText('记住我').click();
    await this.page.getByRole('button', { name: /登\s*录/ }).click();
  }
}

/** The sidebar's top-level folder titles, in order. */
export const sidebarFolders = async (page: Page) => (await page.locator('.ant-layout-sider .ant-menu-submenu-title').allInnerTexts()).map((t) => t.trim());
