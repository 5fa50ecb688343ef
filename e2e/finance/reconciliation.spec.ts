import { formatAmount, revenueColumns, type RevenueReport } from '@parking/contract';
import { apiAs } from '../support/api.js';
import { expect, mwFinance, signIn, test } from '../support/signed-in.fixtures.js';
import { ShellPage } from '../shell/shell.page.js';

// Tenant mw's demo (db/seed/demo-reconciliation.ts): the day before yesterday agrees with the sandbox's
// bill; yesterday has a 我方漏单 (a lost notice, the car left owing) and a 状态不符 (a console-only refund).
// Booking the 我方漏单 from the bill adds its money to 营收报表's 实收 of the day it was paid.
test('mwfinance opens the 对账差错 message, books the 我方漏单 from the bill and sees the report change', async ({ page }) => {
  await page.context().clearCookies();
  await signIn(page, mwFinance);
  const shell = new ShellPage(page);
  await expect(shell.bell.locator('.ant-badge-count')).toHaveText('1');

  await shell.openMessages();
  await expect(shell.messages.getByRole('tab', { name: '财务预警(1)' })).toHaveAttribute('aria-selected', 'true');
  const message = shell.messages.locator('.message-list__item', { hasText: '对账批次' });
  await expect(message).toContainText(/对账批次「\d{8}-01」存在 2 笔差错，请核对/);
  const batchNo = /「(\d{8}-01)」/.exec(await message.innerText())![1]!;
  await message.click();
  await expect(page).toHaveURL(new RegExp(`#/FinancialManagement/accountCheckMistake\\?batchNo=${batchNo}$`));

  // the batch number starts with the day it reconciled (YYYYMMDD): the report of that day, as shown now
  const day = `${batchNo.slice(0, 4)}-${batchNo.slice(4, 6)}-${batchNo.slice(6, 8)}`;
  const api = await apiAs(page);
  const totalsOfDay = async () => (await api.get<RevenueReport>(`/api/system/RevenueReport?from=${day}&to=${day}`)).body.data.totals;
  const receivedCell = async () => {
    await page.goto(`/#/FinancialManagement/revenueReport?from=${day}&to=${day}`);
    const totals = page.locator('.revenue-report-table .ant-table-summary tr').first();
    await expect(totals).toContainText('合计');
    return totals.locator('td').nth(1 + revenueColumns.findIndex((c) => c.field === 'received'));
  };
  const before = await totalsOfDay();
  await expect(await receivedCell()).toHaveText(formatAmount(before.received));
  await page.goBack();
  await expect(page).toHaveURL(/accountCheckMistake/);

  const mistakesPage = page.locator('.resource-page').filter({ visible: true });
  const rows = mistakesPage.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('名词解释').filter({ visible: true })).toBeVisible();
  const ourMissing = rows.filter({ hasText: '我方漏单' });
  await expect(ourMissing).toContainText('长款');
  await expect(ourMissing).toContainText('粤B6R004');
  await expect(ourMissing).toContainText('9.00');
  await expect(rows.filter({ hasText: '状态不符' })).toContainText('5.00');

  await ourMissing.getByRole('button', { name: /处\s*理/ }).click();
  const dialog = page.getByRole('dialog', { name: '处理对账差错' });
  await expect(dialog.getByRole('radio', { name: '以渠道为准' })).toBeChecked();
  await dialog.getByRole('button', { name: /处\s*理/ }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定以渠道为准处理商户订单号');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(shell.toast('差错已处理')).toBeVisible();
  await expect(ourMissing).toContainText('已处理');
  await expect(ourMissing.getByRole('button', { name: /处\s*理/ })).toHaveCount(0);
  await expect(rows.filter({ hasText: '状态不符' })).toContainText('未处理');

  // the 9.00 the provider took is now 实收 of its day, under 沙箱, in the report and on its page
  const after = await totalsOfDay();
  expect({ received: after.received - before.received, sandbox: after.sandbox - before.sandbox }).toEqual({ received: 900, sandbox: 900 });
  await expect(await receivedCell()).toHaveText(formatAmount(after.received));

  // 对账 shows the batch with one mistake left, and the day before it reconciled without any
  await page.goto('/#/FinancialManagement/accountCheck');
  const batches = page.locator('.resource-page').filter({ visible: true }).locator('.ant-table-tbody tr.ant-table-row');
  await expect(batches).toHaveCount(2);
  const withMistakes = batches.filter({ hasText: batchNo });
  await expect(withMistakes).toContainText('成功');
  await expect(withMistakes.getByRole('button', { name: '查看差错' })).toBeVisible();
  await expect(batches.filter({ hasNotText: batchNo }).getByRole('button', { name: '查看差错' })).toHaveCount(0);
});
