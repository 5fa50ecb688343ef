import ExcelJS from 'exceljs';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { ParkingAdminPage } from './parking-admin.page.js';

// One story with names of its own over the shared database: an area, a lane-based lot in it whose
// division codes come from its address, then find, edit, correct, export, and delete in order.
/** the part of a listed lot this spec reads back */
interface ListedLot {
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  kind: string;
  totalSpaces: number;
}

const stamp = Date.now().toString(36);
const areaName = `测试片区${stamp}`;
const lotName = `测试停车场${stamp}`;
const address = '广东省深圳市南山区科技园南区高新南七道';

test.describe.configure({ mode: 'serial' });

test('片区: create one with coordinates checked against their range', async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await admin.visit('片区');
  await admin.create();
  await admin.fill('片区名称', areaName);
  await admin.fill('地址', address);
  await admin.fill('经度', '200');
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await expect(admin.dialog.getByText('经度应在-180到180之间')).toBeVisible();
  await admin.fill('经度', '113.947');
  await admin.fill('纬度', '22.531');
  await admin.save('新增成功');
  await expect(admin.row(areaName)).toHaveCount(1);
});

test('停车场: a lane-based lot in the area, codes filled from its address; find, edit, correct the free count', async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await admin.visit('停车场');
  await expect(page.getByLabel('车位汇总')).toBeVisible();
  await admin.create();
  await admin.fill('停车场名称', lotName);
  await admin.pickOption(admin.field('片区'), areaName);
  await admin.pickOption(admin.field('停车场类型'), '商业');
  await expect(admin.dialog.getByRole('radio', { name: '车道型' })).toBeChecked();
  await admin.fill('地址', address);
  await admin.dialog.getByRole('button', { name: '识别省市区' }).click();
  await expect(admin.dialog.locator('.region-cascader')).toContainText('南山区');
  await admin.fill('总车位数', '100');
  await admin.fill('长租车位数', '10');
  // the tariff picker names each tariff with the version in force
  await admin.field('计费规则').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toContainText('北京一类地区占道停车（第1版）');
  await page.screenshot({ path: '/tmp/lotmap-tariff-select.png' });
  await page.locator('.ant-select-dropdown:visible').getByTitle('路侧停车示例（第1版）', { exact: true }).click();
  await admin.save('新增成功');

  await admin.searchByName('停车场名称', lotName);
  await expect(page).toHaveURL(/name=/);
  await expect(admin.rows).toHaveCount(1);
  const row = admin.row(lotName);
  expect(await admin.cell(row, '片区')).toBe(areaName);
  expect(await admin.cell(row, '模式')).toBe('车道型');
  expect(await admin.cell(row, '类型')).toBe('商业');
  expect(await admin.cell(row, '计费规则')).toBe('路侧停车示例');
  const api = await apiAs(page);
  const listed = await api.get<{ list: ListedLot[] }>(`/api/system/Parking?name=${encodeURIComponent(lotName)}`);
  expect(listed.body.data.list[0]).toMatchObject({ provinceCode: '440000', cityCode: '440300', districtCode: '440305', kind: 'lane', totalSpaces: 100 });

  await row.getByRole('button', { name: '编辑' }).click();
  await expect(admin.field('停车场名称')).toHaveValue(lotName);
  await admin.fill('总车位数', '120');
  await admin.save('修改成功');
  await expect.poll(() => admin.cell(admin.row(lotName), '空闲/总车位')).toMatch(/\/ 120$/);

  await admin.row(lotName).getByRole('button', { name: '修正空位' }).click();
  await admin.fill('空闲车位数', '121');
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await expect(admin.dialog.getByText('空闲车位数应在0到120之间')).toBeVisible();
  await admin.fill('空闲车位数', '7');
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await expect(admin.confirm.getByText(/改为 7。$/)).toBeVisible();
  await admin.confirm.getByRole('button', { name: '确定' }).click();
  await admin.expectMessage('修改成功');
  await expect.poll(() => admin.cell(admin.row(lotName), '空闲/总车位')).toBe('7 / 120');
});

test('导出: the xlsx under the current filter holds the lot', async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await page.goto(`/#/parkingAdmin/parkingList?name=${encodeURIComponent(lotName)}`);
  await expect(admin.row(lotName)).toHaveCount(1);
  const download = page.waitForEvent('download');
  await admin.current.getByRole('button', { name: /导出/ }).click();
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const texts: string[] = [];
  book.worksheets[0]!.eachRow((row) => texts.push(row.values ? JSON.stringify(row.values) : ''));
  expect(texts.some((text) => text.includes(lotName))).toBe(true);
  // a header row and the one lot the filter leaves
  expect(texts).toHaveLength(2);
});

test('删除: the area is refused while the lot uses it; the lot goes, then the area', async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await admin.visit('片区');
  await admin.searchByName('片区名称', areaName);
  await admin.removeWithPopconfirm(admin.row(areaName));
  await admin.expectRefusal(`片区「${areaName}」下还有1个停车场，不能删除`);
  await expect(admin.row(areaName)).toHaveCount(1);

  await admin.visit('停车场');
  await admin.searchByName('停车场名称', lotName);
  await admin.row(lotName).getByRole('button', { name: '删除' }).click();
  await expect(admin.confirm.getByText(`停车场「${lotName}」没有绑定车道、泊位、设备或停车记录，删除后不可恢复。确定删除吗？`)).toBeVisible();
  await admin.confirm.getByRole('button', { name: '删除' }).click();
  await admin.expectMessage('删除成功');
  await expect(admin.row(lotName)).toHaveCount(0);

  await admin.visit('片区');
  await admin.searchByName('片区名称', areaName);
  await admin.removeWithPopconfirm(admin.row(areaName));
  await admin.expectMessage('删除成功');
  await expect(admin.row(areaName)).toHaveCount(0);
});
