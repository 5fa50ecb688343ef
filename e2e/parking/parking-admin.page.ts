import { expect, type Locator, type Page } from '@playwright/test';
import { ResourcePage } from '../support/resource.page.js';
import { expectViewShown } from '../support/sidebar.js';

const addresses = { 片区: 'parkingArea', 停车场: 'parkingList', 车道: 'parkingLane', 泊位: 'parkingSpace', 长租车位: 'longRental' } as const;

/** 停车场管理 > 片区 / 停车场 / 车道 / 泊位 / 长租车位 as an operator sees them: search form, summary, table with row actions, dialogs. */
export class ParkingAdminPage extends ResourcePage {
  readonly confirm: Locator;

  constructor(page: Page) {
    super(page, '.ant-modal:not(.ant-modal-confirm):visible');
    this.confirm = page.locator('.ant-modal-confirm:visible');
  }

  /** Straight to the page by its address, as a bookmark opens it. */
  async visit(title: keyof typeof addresses) {
    await this.page.goto(`/#/parkingAdmin/${addresses[title]}`);
    await expectViewShown(this.page);
    await expect(this.current).toBeVisible();
  }

  async create() {
    await this.current
      .getByRole('button', { name: /^(plus )?新增$/ })
      .filter({ visible: true })
      .click();
    await expect(this.dialog).toBeVisible();
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  /** A rule's message under a field of the dialog (not a placeholder that reads the same). */
  async expectFieldError(text: string) {
    await expect(this.dialog.locator('.ant-form-item-explain-error').getByText(text, { exact: true })).toBeVisible();
  }

  async fill(label: string, value: string) {
    await this.field(label).fill(value);
  }

  async searchByName(label: string, name: string) {
    const search = this.current.locator('.resource-search');
    await search.getByLabel(label, { exact: true }).fill(name);
    await search.getByRole('button', { name: /查询/ }).click();
  }

  /** 删除 of the generic table (片区): its popconfirm. */
  async removeWithPopconfirm(row: Locator) {
    await row.getByRole('button', { name: '删除' }).click();
    const confirm = this.page.locator('.ant-popconfirm:visible');
    await confirm.getByRole('button', { name: '删除' }).click();
  }
}
