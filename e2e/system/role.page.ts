import { expect, type Locator, type Page } from '@playwright/test';
import { expectViewShown } from '../support/sidebar.js';

/** 系统管理 > 角色 as a user sees it: a keyword search, the table, the role form and the 菜单授权 drawer. */
export class RolePage {
  readonly rows: Locator;
  readonly dialog: Locator;
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-table-tbody tr.ant-table-row');
    this.dialog = page.locator('.ant-modal:visible');
    this.drawer = page.locator('.ant-drawer-open');
  }

  async open() {
    await this.page.goto('/#/system/role');
    await expectViewShown(this.page);
    await expect(this.rows.first()).toBeVisible();
  }

  row(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }

  async search(keyword: string) {
    await this.page.getByPlaceholder('角色名称或编码').fill(keyword);
    await this.page.getByRole('button', { name: /查\s*询/ }).click();
  }

  async fillForm(fields: { name?: string; code?: string; description?: string }) {
    if (fields.name !== undefined) await this.dialog.getByLabel('角色名称').fill(fields.name);
    if (fields.code !== undefined) await this.dialog.getByLabel('角色编码').fill(fields.code);
    if (fields.description !== undefined) await this.dialog.getByLabel('角色说明').fill(fields.description);
  }

  async save() {
    await this.dialog.getByRole('button', { name: /保\s*存/ }).click();
  }

  async create(fields: { name: string; code: string; description?: string }) {
    await this.page
      .locator('.resource-page')
      .filter({ visible: true })
      .getByRole('button', { name: /新\s*增/ })
      .filter({ visible: true })
      .click();
    await this.fillForm(fields);
    await this.save();
    await expect(this.page.getByText('新增成功')).toBeVisible();
    await expect(this.dialog).toHaveCount(0);
  }

  async openGrant(name: string) {
    await this.row(name).getByRole('button', { name: '菜单授权' }).click();
    await expect(this.drawer.getByText(`菜单授权 - ${name}`)).toBeVisible();
    await expect(this.drawer.locator('.ant-tree')).toBeVisible();
  }

  treeItem(title: string): Locator {
    return this.drawer.getByRole('treeitem', { name: title, exact: true });
  }

  async toggle(title: string) {
    await this.treeItem(title).locator('.ant-tree-checkbox').click();
  }

  /** The titles of the tree's fully checked and half-checked menus. */
  async checked(state: 'true' | 'mixed'): Promise<string[]> {
    return (await this.drawer.locator(`[role="treeitem"][aria-checked="${state}"] .ant-tree-title`).allInnerTexts()).map((t) => t.trim());
  }
}
