import { expect, type Locator, type Page } from '@playwright/test';
import { openFromSidebar } from '../support/sidebar.js';

/** 系统管理 > 操作日志 as a user sees it: a search form, 导出, the table, and a 详情 drawer. */
export class OperationLogPage {
  readonly rows: Locator;
  readonly total: Locator;
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-table-tbody tr.ant-table-row');
    this.total = page.locator('.resource-page').filter({ visible: true }).locator('.resource-pager .ant-pagination-total-text');
    this.drawer = page.getByRole('dialog', { name: '操作日志详情' });
  }

  async open() {
    await this.page.goto('/');
    await expect(this.page.locator('.app-navbar')).toBeVisible();
    await openFromSidebar(this.page, '系统管理', '操作日志', /#\/system\/log/);
    await expect(this.total).toBeVisible();
  }

  async choose(field: '模块' | '操作', option: string) {
    await this.page.locator('.resource-page').filter({ visible: true }).locator('.resource-search').getByLabel(field, { exact: true }).click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  }

  async search(fields: { account?: string; keyword?: string }) {
    if (fields.account !== undefined)
      await this.page.locator('.resource-page').filter({ visible: true }).locator('.resource-search').getByLabel('账号', { exact: true }).fill(fields.account);
    if (fields.keyword !== undefined)
      await this.page.locator('.resource-page').filter({ visible: true }).locator('.resource-search').getByLabel('说明', { exact: true }).fill(fields.keyword);
    await this.page.getByRole('button', { name: /查\s*询/ }).click();
  }

  /** Types 操作时间 from–to (Shanghai wall clock, "YYYY-MM-DD HH:mm:ss"), each confirmed with Enter. */
  async between(from: string, to: string) {
    const search = this.page.locator('.resource-page').filter({ visible: true }).locator('.resource-search');
    await search.getByPlaceholder('开始时间').click();
    await search.getByPlaceholder('开始时间').fill(from);
    await search.getByPlaceholder('开始时间').press('Enter');
    await search.getByPlaceholder('结束时间').fill(to);
    await search.getByPlaceholder('结束时间').press('Enter');
    await expect(this.page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  }

  /** The texts of one column, by its header, each run of white space read as one space. */
  async column(title: string): Promise<string[]> {
    const headers = (await this.page.locator('.resource-page').filter({ visible: true }).locator('.resource-table thead th').allInnerTexts()).map((t) => t.trim());
    const index = headers.indexOf(title);
    expect(index, `column ${title} in ${headers.join(',')}`).toBeGreaterThanOrEqual(0);
    return (await this.rows.locator(`td:nth-child(${index + 1})`).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  async details(summary: string) {
    await this.rows
      .filter({ hasText: summary })
      .getByRole('button', { name: /详\s*情/ })
      .click();
    await expect(this.drawer).toBeVisible();
  }

  /** What 详情 says the operation did: 新建, 已修改 or 已删除. */
  get mode(): Locator {
    return this.drawer.locator('.log-diff-mode');
  }

  /**
   * The 详情 table's rows as their cells' text: [label, value] for a creation or a deletion,
   * [label, before, '→', after] for an update.
   */
  async diff(): Promise<string[][]> {
    const rows = this.drawer.locator('.log-diff tbody tr.ant-table-row');
    const out: string[][] = [];
    for (const row of await rows.all()) out.push((await row.locator('td').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()));
    return out;
  }
}
