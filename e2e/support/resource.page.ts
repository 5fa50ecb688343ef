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

  /** Types both ends of the dialog's date range (有效期…), each confirmed with Enter. */
  async pickDates(from: string, to: string) {
    const range = this.dialog.locator('.ant-picker-range input');
    await range.nth(0).click();
    await range.nth(0).fill(from);
    await range.nth(0).press('Enter');
    await range.nth(1).fill(to);
    await range.nth(1).press('Enter');
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

  /** The headers of the table on screen, in order. */
  async headers(): Promise<string[]> {
    return (await this.current.locator('.resource-table thead th').allInnerTexts()).map((t) => t.trim());
  }

  /** Shows a column the table left out for room, as a user does: ticks it in 列设置. */
  async showColumn(title: string) {
    const toggle = this.current.getByRole('button', { name: '列设置' });
    await toggle.click();
    const panel = this.page.getByRole('group', { name: '列设置' });
    await panel.getByRole('checkbox', { name: title, exact: true }).check();
    // closed with Esc: where the panel opens over its own button, that button cannot be clicked
    await this.page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect.poll(() => this.headers()).toContain(title);
  }

  /** The text of one cell of a row, by its column's header; a column left out for room is shown first. */
  async cell(row: Locator, title: string): Promise<string> {
    if (!(await this.headers()).includes(title)) await this.showColumn(title);
    const headers = await this.headers();
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
