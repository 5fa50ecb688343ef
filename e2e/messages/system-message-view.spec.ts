import type { OrderWarning, Paged, RecordEditRequest, SystemMessage } from '@parking/contract';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { SystemMessagePage } from './system-message.page.js';

// Tenant demo's seeded messages are raised from its real objects (db/seed/demo-messages.ts): the
// outages of its three broken devices, a misread entry (订单预警) whose plate an attendant asks to
// correct (订单修改审核), and a blacklisted car that drove in (车辆布控预警). 查看 on each must open
// the object itself, never an empty list or 不存在.
test('查看 on every seeded 系统消息 opens the real warning, audit or offline device it is about', async ({ page }) => {
  test.setTimeout(120_000);
  const messages = new SystemMessagePage(page);
  await messages.home();
  const api = await apiAs(page);
  const seeded = (await api.get<Paged<SystemMessage>>('/api/system/systemMessage?currentPage=1&pageSize=50')).body.data.list;
  // other specs may add messages of their own; the seeded ones are each of these types
  expect(new Set(seeded.map((m) => m.messageType))).toEqual(new Set([1, 4, 6, 8]));

  const view = page.locator('.app-view').filter({ visible: true });
  for (const message of seeded) {
    await messages.openLink(`currentPage=1&pageSize=50&messageTypeList=${message.messageType}`);
    const row = messages.rows.filter({ hasText: message.messageText });
    await expect(row, message.messageText).toHaveCount(1);
    await row.getByRole('button', { name: /查\s*看/ }).click();

    if (message.messageType === 1 || message.messageType === 8) {
      const warning = await api.get<OrderWarning>(`/api/system/OrderWarning/${message.businessId}`);
      expect(warning.body.code, message.messageText).toBe(200);
      await expect(page).toHaveURL(new RegExp(`#/OrderManagement/OrderWarning\\?id=${message.businessId}&type=${message.messageType === 1 ? 1 : 2}$`));
      const dialog = page.locator('.ant-modal:visible').filter({ hasText: '处理订单预警' });
      await expect(dialog).toContainText(warning.body.data.plateNumber);
      await expect(dialog).toContainText(warning.body.data.lotName);
      await expect(view.locator('tr.order-warning-row--focused')).toContainText(warning.body.data.plateNumber);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    } else if (message.messageType === 4) {
      const edit = await api.get<RecordEditRequest>(`/api/system/RecordEditAudit/${message.businessId}`);
      expect(edit.body.code, message.messageText).toBe(200);
      await expect(page).toHaveURL(new RegExp(`#/OrderManagement/parkingOrderEditAudit\\?id=${message.businessId}$`));
      const dialog = page.locator('.ant-modal:visible').filter({ hasText: '订单修改申请' });
      await expect(dialog.getByText(edit.body.data.reason)).toBeVisible();
      await expect(dialog).toContainText(edit.body.data.plateNumber);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    } else {
      // a device-offline message is about the device's sn: its offline tasks list
      await expect(page).toHaveURL(new RegExp(`#/SysOperations/deviceOffline\\?deviceNo=${message.businessId}$`));
      const rows = view.locator('.resource-table .ant-table-tbody tr.ant-table-row');
      await expect(rows.filter({ hasText: message.businessId })).not.toHaveCount(0);
      await expect(rows.filter({ hasNotText: message.businessId })).toHaveCount(0);
    }
  }
});
