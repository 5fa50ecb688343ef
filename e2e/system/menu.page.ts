import { expect, type Locator, type Page } from '@playwright/test';
import { expectViewShown } from '../support/sidebar.js';

export interface MenuFields {
  type?: '目录' | '页面';
  fullName?: string;
  enCode?: string;
  icon?: string;
  urlAddress?: string;
}

/** 系统管理 > 菜单 as a user sees it: the tree table, the menu form with its icon picker. */
export class MenuPage {
  readonly rows: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('.menu-table .ant-table-tbody tr.ant-table-row');
    this.dialog = page.locator('.ant-modal:visible');
  }

  async open() {
    await this.page.goto('/#/system/menu');
    await expectViewShown(this.page);
    await expect(this.rows.first()).toBeVisible();
  }

  row(fullName: string): Locator {
    return this.rows.filter({ has: this.page.locator('td', { hasText: new RegExp(`^${fullName}$`) }) });
  }

  async fill(fields: MenuFields) {
    if (fields.type) await this.dialog.locator('.ant-radio-button-wrapper', { hasText: fields.type }).click();
    if (fields.fullName !== undefined) await this.dialog.getByLabel('菜单名称').fill(fields.fullName);
    if (fields.enCode !== undefined) await this.dialog.getByLabel('菜单编码').fill(fields.enCode);
    if (fields.icon) {
      await this.dialog.getByRole('button', { name: '选择图标' }).click();
      await this.page.getByPlaceholder('搜索图标名称').fill(fields.icon.replace(/Outlined$/, ''));
      await this.page.getByRole('option', { name: fields.icon, exact: true }).click();
      await expect(this.dialog.getByRole('button', { name: '选择图标' })).toContainText(fields.icon);
    }
    if (fields.urlAddress !== undefined) await this.dialog.getByLabel('路由地址').fill(fields.urlAddress);
  }

  async save(success: '新增成功' | '修改成功') {
    await this.dialog.getByRole('button', { name: /保\s*存/ }).click();
    // the toast of a save a moment ago may still show beside this one
    await expect(this.page.getByText(success).last()).toBeVisible();
    await expect(this.dialog).toHaveCount(0);
  }

  async remove(fullName: string) {
    await this.row(fullName).getByRole('button', { name: '删除' }).click();
    // this row's own confirmation: the one of a refused delete may still be closing beside it
    const confirm = this.page.locator('.ant-popconfirm:not(.ant-popover-hidden)', { hasText: `确定删除菜单「${fullName}」吗？` });
    await confirm.getByRole('button', { name: '删除' }).click();
  }
}
