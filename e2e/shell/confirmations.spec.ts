import type { Page } from '@playwright/test';
import { ResourcePage } from '../support/resource.page.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { expectViewShown } from '../support/sidebar.js';

const openList = async (page: Page, path: string) => {
  await page.goto(`/#${path}`);
  await expectViewShown(page);
  const list = new ResourcePage(page);
  await expect(list.rows.first()).toBeVisible();
  return list;
};

test('a disabled 删除 says why on hover', async ({ page }) => {
  const roles = await openList(page, '/system/role');
  const remove = roles.row('系统管理员').getByRole('button', { name: '删除' });
  await expect(remove).toBeDisabled();
  await remove.hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText('「系统管理员」是系统角色，拥有全部菜单，不能删除');
});

test('a delete confirmation names the kind and the row, and 取消 keeps the row', async ({ page }) => {
  const cards = await openList(page, '/ParkingOperations/groupCard');
  const row = cards.row('JT-2026-0001');
  await row.getByRole('button', { name: '删除' }).click();
  const confirm = page.locator('.ant-popconfirm:visible');
  await expect(confirm.getByText('确定删除集团卡「JT-2026-0001」吗？')).toBeVisible();
  await confirm.getByRole('button', { name: '取消' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);
});
