import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { expectViewShown } from '../support/sidebar.js';
import { ShellPage } from './shell.page.js';

test('a page opened from a list stands under it in the breadcrumb, and the list crumb leads back to the list as it was left', async ({ page }) => {
  const shell = new ShellPage(page);
  const crumbs = shell.navbar.locator('.ant-breadcrumb li:not(.ant-breadcrumb-separator)');
  await shell.open('/parkingAdmin/parkingSpace?currentPage=1&pageSize=20');
  await expectViewShown(page);
  await expect(crumbs).toHaveText(['停车场管理', '泊位']);
  const lots = (await (await apiAs(page)).get<{ list: { id: string }[] }>('/api/system/Parking?currentPage=1&pageSize=1')).body.data.list;
  expect(lots.length, 'a seeded lot').toBeGreaterThan(0);

  await shell.open(`/parkingAdmin/add/${lots[0]!.id}`);
  await expectViewShown(page);
  await expect(crumbs).toHaveText(['停车场管理', '泊位', '新增泊位']);
  // only the list is a link: the folder has no page, and the last item is where one is
  await expect(shell.navbar.locator('.ant-breadcrumb a')).toHaveText(['泊位']);

  await shell.navbar.locator('.ant-breadcrumb').getByRole('link', { name: '泊位' }).click();
  await expect(page).toHaveURL(/#\/parkingAdmin\/parkingSpace\?currentPage=1&pageSize=20$/);
  await expect(crumbs).toHaveText(['停车场管理', '泊位']);
  await expect(page.locator('.tags-view__item[data-path="/parkingAdmin/parkingSpace"]')).toHaveAttribute('aria-current', 'page');
});

test('a parking record detail reads 订单管理 / 停车记录 / 详情, and 停车记录 opens the list', async ({ page }) => {
  const shell = new ShellPage(page);
  const crumbs = shell.navbar.locator('.ant-breadcrumb li:not(.ant-breadcrumb-separator)');
  // the breadcrumb comes from the route, whichever record the address names
  await shell.open('/OrderManagement/parkingRecordOrderInfo/00000000-0000-4000-8000-000000000000');
  await expect(crumbs).toHaveText(['订单管理', '停车记录', '详情']);
  await shell.navbar.locator('.ant-breadcrumb').getByRole('link', { name: '停车记录' }).click();
  await expect(page).toHaveURL(/#\/OrderManagement\/ParkingRecordOrder$/);
  await expect(crumbs).toHaveText(['订单管理', '停车记录']);
});
