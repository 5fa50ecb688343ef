import type { Route } from '@playwright/test';
import { expect, test } from '../support/signed-in.fixtures.js';
import { ParkingRecordPage } from './parking-record.page.js';

// 导出 while the file is on its way: the button tells the rows the server has written and offers
// 取消. The file is held back between the server and the browser (the server has written it all by
// then, so the rows are all of them), which leaves time to read the button and to cancel.
test('停车记录: 导出 shows the rows written, and 取消 stops the download', async ({ page }) => {
  const held: Route[] = [];
  let exportId = '';
  await page.route('**/api/system/ParkingRecord/Actions/Export**', async (route) => {
    exportId = (await route.request().headerValue('x-export-id')) ?? '';
    await route.fetch();
    held.push(route);
  });
  const records = new ParkingRecordPage(page);
  await records.visit();
  await records.current.getByRole('button', { name: /导\s*出/ }).click();

  const exporting = records.current.getByRole('button', { name: /导出中/ });
  await expect(exporting).toHaveText(/^导出中 [\d,]+ \/ [\d,]+ 行$/);
  expect(exportId).toMatch(/^[0-9a-f]{32}$/);
  await records.current.getByRole('button', { name: /取\s*消/ }).click();
  await records.expectMessage('已取消导出');
  await expect(records.current.getByRole('button', { name: /导\s*出/ })).toHaveText(/^导\s*出$/);
  await expect(records.current.getByRole('button', { name: /取\s*消/ })).toHaveCount(0);
  for (const route of held) await route.abort().catch(() => undefined);
});
