import ExcelJS from 'exceljs';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What every resource page shares as a user sees it: the page on screen (pages opened before stay
 * mounted, hidden, behind their tags), its table rows, a create/edit dialog and the feedback shown.
 */
export class ResourcePage {
  readonly current: Locator;
  readonly rows: Locator;
  readonly dialog: Locator;
  /** the pager's 共 N 条 */
  readonly total: Locator;

  constructor(
    readonly page: Page,
    dialogSelector = '.ant-modal:visible',
  ) {
    this.current = page.locator('.resource-page').filter({ visible: true });
    this.rows = this.current.locator('.resource-table .ant-table-tbody tr.ant-table-row');
    this.dialog = page.locator(dialogSelector);
    this.total = this.current.locator('.resource-pager .ant-pagination-total-text');
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  async pickOption(field: Locator, option: string) {
    await field.click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  }

  /** Types into a searchable select (停车场…) and picks the option, for lists too long to show whole. */
  async searchOption(field: Locator, option: string) {
    await field.click();
    await field.fill(option);
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  }

  async save(message: '新增成功' | '修改成功') {
    await this.dialog.getByRole('button', { name: '保存' }).click();
    await expect(this.dialog).toBeHidden();
    await this.expectMessage(message);
  }

  async expectMessage(text: string) {
    await expect(this.page.locator('.ant-message').getByText(text).last()).toBeVisible();
  }

  /** The refusal the HTTP layer shows with the server's msg. */
  async expectRefusal(msg: string) {
    await expect(this.page.locator('.ant-notification').getByText(msg)).toBeVisible();
  }

  /** The text of one cell of a row, by its column's header. */
  async cell(row: Locator, title: string): Promise<string> {
    const headers = (await this.current.locator('.resource-table thead th').allInnerTexts()).map((t) => t.trim());
    const index = headers.indexOf(title);
    expect(index, `column ${title} in ${headers.join(',')}`).toBeGreaterThanOrEqual(0);
    return (await row.locator(`td:nth-child(${index + 1})`).innerText()).trim();
  }

  /** The rows 导出 of the page on screen downloads, header first, each as its cells' text. */
  async exportRows(): Promise<string[][]> {
    const download = this.page.waitForEvent('download');
    await this.current.getByRole('button', { name: /导出/ }).click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await (await download).path());
    const sheet = book.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).text)));
    return rows;
  }
}
