import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from '../auth/login.page.js';
import { expectViewShown, openFromSidebar } from '../support/sidebar.js';

/** 系统管理 > 系统消息 as a user sees it: a search form, a toolbar, the table and its pager. */
export class SystemMessagePage {
  readonly rows: Locator;
  readonly total: Locator;
  readonly pager: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-table-tbody tr.ant-table-row');
    this.pager = page.locator('.resource-page').filter({ visible: true }).locator('.resource-pager');
    this.total = this.pager.locator('.ant-pagination-total-text');
    this.empty = page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-empty-description');
  }

  /** The first menu page the signed-in user lands on. */
  async home() {
    await this.page.goto('/');
    await expect(this.page).toHaveURL(/#\/parkingAdmin\/parkingList$/);
  }

  /** Starts over as another user, through the login page. */
  async signInAs(account: string, password: string, tenant: string) {
    await this.page.context().clearCookies();
    const login = new LoginPage(this.page);
    await login.open(`?account=${tenant}`);
    await login.signIn(account, password);
    await expect(this.page).toHaveURL(/#\/parkingAdmin\/parkingList$/);
  }

  async openFromSidebar() {
    await openFromSidebar(this.page, '系统管理', '系统消息', /#\/system\/message/);
    await expect(this.rows.first()).toBeVisible();
  }

  /** A shared link: the list state is all in the hash query. */
  async openLink(query: string) {
    await this.page.goto(`/#/system/message?${query}`);
    await expectViewShown(this.page);
    await expect(this.pager).toBeVisible();
  }

  async choose(field: '消息类型' | '状态', option: string) {
    await this.page.locator('.resource-page').filter({ visible: true }).getByLabel(field).click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  }

  async search() {
    await this.page.getByRole('button', { name: /查询/ }).click();
  }

  async choosePageSize(size: number) {
    await this.pager.locator('.ant-pagination-options .ant-select').click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(`${size} 条/页`, { exact: true }).click();
  }

  async jumpTo(pageNumber: number) {
    const input = this.pager.locator('.ant-pagination-options-quick-jumper input');
    await input.fill(String(pageNumber));
    await input.press('Enter');
  }

  /** The texts of one column, by its header. */
  async column(title: string): Promise<string[]> {
    const headers = (await this.page.locator('.resource-page').filter({ visible: true }).locator('.resource-table thead th').allInnerTexts()).map((t) => t.trim());
    const index = headers.indexOf(title);
    expect(index, `column ${title} in ${headers.join(',')}`).toBeGreaterThanOrEqual(0);
    return (await this.rows.locator(`td:nth-child(${index + 1})`).allInnerTexts()).map((t) => t.trim());
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }
}
