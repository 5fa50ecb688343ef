import { expect, type Locator, type Page } from '@playwright/test';
import { ResourcePage } from '../support/resource.page.js';
import { expectViewShown, openFromSidebar } from '../support/sidebar.js';

const addresses = { 车主: /#\/customer\/customerList/, 车辆: /#\/customer\/carList/ } as const;

/** 车主管理 > 车主 / 车辆 as an operator sees them. */
export class CustomersPage extends ResourcePage {
  constructor(page: Page) {
    super(page, '.ant-modal:not(.ant-modal-confirm):visible');
  }

  /** Opened from the sidebar, as a person does. */
  async open(title: keyof typeof addresses) {
    await openFromSidebar(this.page, '车主管理', title, addresses[title]);
    await expect(this.current).toBeVisible();
  }

  /** Opened by its address (after a phone-sized window folded the sidebar away). */
  async visit(title: keyof typeof addresses) {
    await this.page.goto(`/#/customer/${title === '车主' ? 'customerList' : 'carList'}`);
    await expectViewShown(this.page);
    await expect(this.current).toBeVisible();
  }

  async openDialog(button: RegExp) {
    await this.current.getByRole('button', { name: button }).filter({ visible: true }).click();
    await expect(this.dialog).toBeVisible();
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  /** 车主 of 绑定车辆: found by typing the phone, picked by its whole number and nickname. */
  async pickOwner(phone: string, label: string) {
    await this.field('车主').click();
    await this.field('车主').fill(phone);
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
  }

  async fieldError(text: string) {
    await expect(this.dialog.locator('.ant-form-item-explain-error').getByText(text, { exact: true })).toBeVisible();
  }

  /** The list narrowed by one text filter of the search form. */
  async search(label: string, text: string) {
    const form = this.current.locator('.resource-search');
    await form.getByLabel(label, { exact: true }).fill(text);
    // the list that answers is waited for: a row of the list before it can be clicked in the moment
    // the table is replaced, and that click is lost under the table's loading mask
    const answered = this.page.waitForResponse((response) => response.request().method() === 'GET' && /\/api\/system\/Customer(Vehicle)?\?/.test(response.url()));
    await form.getByRole('button', { name: /查询/ }).click();
    await answered;
    await expect(this.current.locator('.resource-table .ant-spin-spinning')).toHaveCount(0);
  }

  /** A row action (停用, 解绑…) confirmed in the dialog that asks, whose title is checked. */
  async confirmRowAction(row: Locator, action: string, question: string) {
    await row.getByRole('button', { name: action }).click();
    const confirm = this.page.locator('.ant-modal-confirm:visible');
    await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText(question);
    await confirm.getByRole('button', { name: action }).click();
    await expect(confirm).toBeHidden();
  }
}
