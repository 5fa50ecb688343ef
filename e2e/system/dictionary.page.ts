import { expect, type Locator, type Page } from '@playwright/test';
import { openFromSidebar } from '../support/sidebar.js';

export interface EntryFields {
  label: string;
  value: string;
  sort?: number;
}

/** 系统管理 > 字典 as a user sees it: dictionaries on the left, the open one's entries on the right. */
export class DictionaryPage {
  readonly rows: Locator;
  readonly empty: Locator;
  readonly dialog: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-table-tbody tr.ant-table-row');
    this.empty = page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-empty-description');
    this.dialog = page.getByRole('dialog').filter({ hasText: /字典项/ });
    this.confirm = page.locator('.ant-popconfirm');
  }

  async open() {
    await this.page.goto('/');
    await expect(this.page.locator('.app-navbar')).toBeVisible();
    await openFromSidebar(this.page, '系统管理', '字典', /#\/system\/dictionary/);
    await expect(this.page.locator('.dictionary-names')).toBeVisible();
  }

  /** Types a name into 其他字典 and presses 打开. */
  async typeDictionary(dictName: string) {
    await this.page.getByPlaceholder('输入字典名称，如 lane_type').fill(dictName);
    await this.page.getByRole('button', { name: /打\s*开/ }).click();
  }

  /** Opens a dictionary by name through 其他字典. */
  async openDictionary(dictName: string) {
    await this.typeDictionary(dictName);
    await expect(this.page).toHaveURL(new RegExp(`dictName=${dictName}`));
  }

  async labels(): Promise<string[]> {
    return (await this.rows.locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
  }

  row(label: string): Locator {
    return this.rows.filter({ has: this.page.locator('td:nth-child(2)', { hasText: new RegExp(`^${label}$`) }) });
  }

  async fill(fields: Partial<EntryFields>) {
    if (fields.label !== undefined) await this.dialog.getByLabel('字典标签').fill(fields.label);
    if (fields.value !== undefined) await this.dialog.getByLabel('字典值').fill(fields.value);
    if (fields.sort !== undefined) await this.dialog.getByLabel('排序').fill(String(fields.sort));
  }

  async save() {
    await this.dialog.getByRole('button', { name: /保\s*存/ }).click();
  }

  async add(fields: EntryFields) {
    await this.page
      .locator('.resource-page')
      .filter({ visible: true })
      .getByRole('button', { name: /新\s*增/ })
      .filter({ visible: true })
      .click();
    await expect(this.dialog).toBeVisible();
    await this.fill(fields);
    await this.save();
  }

  async edit(label: string, fields: Partial<EntryFields>) {
    await this.row(label).getByRole('button', { name: '编辑' }).click();
    await expect(this.dialog).toBeVisible();
    await this.fill(fields);
    await this.save();
  }

  async remove(label: string) {
    await this.row(label).getByRole('button', { name: '删除' }).click();
    await expect(this.confirm.getByText(`确定删除字典项「${label}」吗？`)).toBeVisible();
    await this.confirm.getByRole('button', { name: /删\s*除/ }).click();
  }

  async toast(text: string) {
    await expect(this.page.locator('.ant-message').getByText(text)).toBeVisible();
  }
}

/** A dictionary name no other run or spec uses: lower case, digits and _ as the contract wants. */
export const throwawayDictName = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
