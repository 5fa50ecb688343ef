import ExcelJS from 'exceljs';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { ParkingAdminPage } from './parking-admin.page.js';

// One story over the shared database with names of its own: a lot with long-rental spaces, then a
// card on it created, refused while wrong, found, edited, exported and deleted as an operator would.
const stamp = Date.now().toString(36);
const lotName = `长租测试停车场${stamp}`;
// a plate of this run: 粤B + 5 characters from the stamp's digits
const plate = `粤B${(Number.parseInt(stamp, 36) % 100_000).toString().padStart(5, '0')}`;

test.describe.configure({ mode: 'serial' });

test('长租车位: create a card, refused while its plate, phone or dates are wrong', async ({ page }, testInfo) => {
  const created = await (await apiAs(page)).post('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 100, longRentalSpaces: 3 });
  expect(created.body.msg).toBe('新增成功');
  const admin = new ParkingAdminPage(page);
  await admin.visit('长租车位');
  await expect(page.getByLabel('停车场长租概况')).toContainText(lotName);
  await admin.create();
  await admin.fill('车牌号', 'ABC123');
  await admin.fill('联系电话', '12345678901');
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await expect(admin.dialog.getByText('请输入正确的车牌号，如 粤B12345')).toBeVisible();
  await expect(admin.dialog.getByText('请输入正确的电话号码')).toBeVisible();
  await expect(admin.dialog.getByText('请选择有效期')).toBeVisible();
  await expect(admin.dialog.getByText('请输入月租金额')).toBeVisible();

  await admin.fill('车牌号', plate.toLowerCase());
  await expect(admin.field('车牌号')).toHaveValue(plate);
  await admin.pickOption(admin.field('车牌颜色'), '绿色');
  await admin.searchOption(admin.field('停车场'), lotName);
  await admin.fill('车主姓名', '王五');
  await admin.fill('联系电话', '13912345678');
  await admin.pickDates('2024-01-01', '2099-12-31');
  // a third decimal is an error under the field, never cut off without a word
  await admin.fill('月租金额', '450.555');
  await expect(admin.field('月租金额')).toHaveValue('450.555');
  await expect(admin.dialog.getByText('月租金额最多两位小数')).toBeVisible();
  await admin.fill('月租金额', '450.55');
  await expect(admin.dialog.getByText('月租金额最多两位小数')).toBeHidden();
  await expect(admin.dialog.getByText('请输入月租金额')).toBeHidden();
  await admin.fill('车位数', '4');
  await page.screenshot({ path: testInfo.outputPath('long-rental-form.png') });
  // more spaces than the lot rents out: the server says so under 车位数 and the dialog stays
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await admin.expectFieldError(`车位数不能超过停车场「${lotName}」的长租车位数（3）`);
  await admin.fill('车位数', '2');
  await admin.save('新增成功');
});

test("长租车位: find the card by plate and lot, edit it, switch the lot's space-leave flag", async ({ page }, testInfo) => {
  const admin = new ParkingAdminPage(page);
  await admin.visit('长租车位');
  await admin.searchByName('车牌号', plate.slice(2));
  await expect(page).toHaveURL(/plateNumber=/);
  await expect(admin.rows).toHaveCount(1);
  const row = admin.row(plate);
  expect(await admin.cell(row, '停车场')).toBe(lotName);
  expect(await admin.cell(row, '车牌颜色')).toBe('绿色');
  expect(await admin.cell(row, '月租金额(元)')).toBe('450.55');
  expect(await admin.cell(row, '联系电话')).toBe('139****5678');
  expect(await admin.cell(row, '状态')).toBe('生效中');

  await row.getByRole('button', { name: '编辑' }).click();
  await expect(admin.field('车牌号')).toHaveValue(plate);
  await admin.fill('车主姓名', '王小五');
  await admin.save('修改成功');
  await expect.poll(() => admin.cell(admin.row(plate), '车主姓名')).toBe('王小五');

  const leave = page.getByRole('switch', { name: `${lotName}长租车位离场释放` });
  await expect(leave).not.toBeChecked();
  await leave.click();
  await admin.expectMessage('已开启长租车位离场释放');
  await expect(leave).toBeChecked();
  const api = await apiAs(page);
  const lots = await api.get<{ list: { name: string; longRentalSpaceLeave: boolean }[] }>(`/api/system/Parking?name=${encodeURIComponent(lotName)}`);
  expect(lots.body.data.list[0]!.longRentalSpaceLeave).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('long-rental.png') });
});

test('长租车位: export the filtered cards, then delete the card', async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await page.goto(`/#/parkingAdmin/longRental?plateNumber=${encodeURIComponent(plate)}`);
  await expect(admin.row(plate)).toHaveCount(1);
  const download = page.waitForEvent('download');
  await admin.current.getByRole('button', { name: /导出/ }).click();
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: unknown[][] = [];
  book.getWorksheet('长租车位').eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows).toHaveLength(2);
  expect(rows[1]!.slice(0, 10)).toEqual([plate, '绿色', lotName, '王小五', '139****5678', '2024-01-01', '2099-12-31', '450.55', 2, '生效中']);

  await admin.removeWithPopconfirm(admin.row(plate));
  await admin.expectMessage('删除成功');
  await expect(admin.row(plate)).toHaveCount(0);
});
