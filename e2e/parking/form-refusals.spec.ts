import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { ParkingAdminPage } from './parking-admin.page.js';

// What a form says when its input is refused, as an operator meets it on 停车场 and 停车记录: under the
// field, in Chinese, as typed; never a 服务错误 notification with the request's English keys.
const stamp = Date.now().toString(36);
const lotName = `表单校验停车场${stamp}`;

test.describe.configure({ mode: 'serial' });

test('停车场: a rule of the contract is shown under its field before anything is sent, and what was typed stays as typed', async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await admin.visit('停车场');
  await admin.create();
  await admin.fill('停车场名称', lotName);
  await admin.pickOption(admin.field('停车场类型'), '商业');
  await admin.fill('总车位数', '10');
  await admin.fill('长租车位数', '8');
  await admin.fill('预留车位数', '5');
  // a negative number and a fraction stay as typed after leaving the field, with why they are refused
  await admin.fill('充电车位数', '-5');
  await admin.field('总车位数').click();
  await expect(admin.field('充电车位数')).toHaveValue('-5');
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/system/Parking') sent++;
  });
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await admin.expectFieldError('充电车位数最小为0');
  await admin.fill('充电车位数', '3.7');
  await admin.field('总车位数').click();
  await expect(admin.field('充电车位数')).toHaveValue('3.7');
  await admin.expectFieldError('充电车位数必须是整数');
  await admin.fill('充电车位数', '2');
  // the contract's rule across fields: shown under 长租车位数, the request never made
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await admin.expectFieldError('长租车位数与预留车位数之和不能超过总车位数');
  expect(sent).toBe(0);
  await expect(page.locator('.ant-notification')).toHaveCount(0);
  await admin.fill('预留车位数', '2');
  await admin.save('新增成功');
  expect(sent).toBe(1);
});

test('停车场: a name already taken is said under 停车场名称 by the server, and the dialog keeps what was typed', async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await admin.visit('停车场');
  await admin.create();
  await admin.fill('停车场名称', lotName);
  await admin.pickOption(admin.field('停车场类型'), '商业');
  await admin.fill('总车位数', '20');
  await admin.fill('长租车位数', '0');
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await admin.expectFieldError(`停车场名称「${lotName}」已存在`);
  await expect(admin.dialog).toBeVisible();
  await expect(admin.field('总车位数')).toHaveValue('20');
  await expect(page.locator('.ant-notification')).toHaveCount(0);
});

test('停车场: Esc on a changed form asks before throwing the changes away; an untouched form closes at once', async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await admin.visit('停车场');
  await admin.create();
  await page.keyboard.press('Escape');
  await expect(admin.dialog).toBeHidden();

  await admin.create();
  await admin.fill('停车场名称', `未保存${stamp}`);
  await page.keyboard.press('Escape');
  await expect(admin.confirm).toContainText('放弃未保存的修改？');
  await admin.confirm.getByRole('button', { name: '继续编辑' }).click();
  await expect(admin.field('停车场名称')).toHaveValue(`未保存${stamp}`);
  await admin.dialog.locator('.ant-modal-close').click();
  await admin.confirm.getByRole('button', { name: '放弃修改' }).click();
  await expect(admin.dialog).toBeHidden();
});

test('长租车位: more spaces than the lot rents out is said by the server under 车位数', async ({ page }) => {
  const rentLot = `长租校验停车场${stamp}`;
  const created = await (await apiAs(page)).post('/api/system/Parking', { name: rentLot, type: 1, kind: 'lane', totalSpaces: 50, longRentalSpaces: 2 });
  expect(created.body.msg).toBe('新增成功');
  const admin = new ParkingAdminPage(page);
  await admin.visit('长租车位');
  await admin.create();
  await admin.fill('车牌号', '粤B7Q001');
  await admin.pickOption(admin.field('停车场'), rentLot);
  await admin.fill('车主姓名', '赵六');
  await admin.fill('联系电话', '13912345678');
  await admin.pickDates('2026-01-01', '2099-12-31');
  await admin.fill('月租金额', '300');
  await admin.fill('车位数', '3');
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await admin.expectFieldError(`车位数不能超过停车场「${rentLot}」的长租车位数（2）`);
  await expect(page.locator('.ant-notification')).toHaveCount(0);
});

test('停车记录: a reversed amount range is refused beside its filter and not searched', async ({ page }) => {
  await page.goto('/#/OrderManagement/ParkingRecordOrder');
  const search = page.locator('.resource-search').filter({ visible: true });
  await expect(search).toBeVisible();
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/system/ParkingRecord') asked.push(url.search);
  });
  await search.getByLabel('最低应收', { exact: true }).fill('50');
  await search.getByLabel('最高应收', { exact: true }).fill('10');
  await search.getByRole('button', { name: /查\s*询/ }).click();
  await expect(search.locator('.ant-form-item-explain-error')).toHaveText('最高应收金额不能小于最低应收金额');
  expect(asked.filter((query) => query.includes('amountMin'))).toEqual([]);
  await expect(page.locator('.ant-notification')).toHaveCount(0);
  await search.getByLabel('最高应收', { exact: true }).fill('100');
  await search.getByRole('button', { name: /查\s*询/ }).click();
  await expect(search.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await expect.poll(() => asked.some((query) => query.includes('amountMin=5000') && query.includes('amountMax=10000'))).toBe(true);
});
