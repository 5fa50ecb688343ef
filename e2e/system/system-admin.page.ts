import { expect, type Locator } from '@playwright/test';
import { ResourcePage } from '../support/resource.page.js';
import { openFromSidebar } from '../support/sidebar.js';

/**
 * 系统管理 > 用户 / 组织 / 岗位 as an administrator sees them: a search form or filter, a toolbar,
 * a table with row actions, and a create/edit dialog.
 */
export class SystemAdminPage extends ResourcePage {
  /** Opens a page of 系统管理 from the sidebar. */
  async open(title: '用户' | '组织' | '岗位', path: string) {
    await this.page.goto('/');
    await openFromSidebar(this.page, '系统管理', title, new RegExp(`#/${path}`));
    await expect(this.current).toBeVisible();
  }

  /** The toolbar's 新增 (not a row's 新增下级). */
  async create() {
    await this.current
      .getByRole('button', { name: /^(plus )?新增$/ })
      .filter({ visible: true })
      .click();
  }

  async fill(label: string, value: string) {
    await this.dialog.getByLabel(label, { exact: true }).fill(value);
  }

  /** Picks one organization in a tree select, typing to find it among the others. */
  async pickOrganization(field: Locator, name: string) {
    await field.click();
    await field.pressSequentially(name.slice(-8));
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click();
  }

  async search() {
    await this.current.locator('.resource-search').getByRole('button', { name: /查询/ }).click();
  }

  async searchField(label: string): Promise<Locator> {
    return this.current.locator('.resource-search').getByLabel(label, { exact: true });
  }

  /** 删除 in a row, confirmed in its popconfirm. */
  async remove(row: Locator) {
    const confirm = this.page.locator('.ant-popconfirm:visible');
    // a click that lands while a search re-renders the table opens nothing: click again until it asks
    await expect(async () => {
      if (!(await confirm.isVisible())) await row.getByRole('button', { name: '删除' }).click();
      await expect(confirm.getByText(/确定删除.+「.+」吗？/)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await confirm.getByRole('button', { name: '删除' }).click();
  }
}
