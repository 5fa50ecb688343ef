import { expect, test } from '../support/signed-in.fixtures.js';
import { apiAs } from '../support/api.js';
import { CustomersPage } from './customers.page.js';

// One story with an owner of its own: registered, disabled, then given vehicles up to the limit.
const stamp = Date.now().toString(36);
const digits = (Number.parseInt(stamp, 36) % 100_000_000).toString().padStart(8, '0');
const phone = `139${digits}`;
const masked = `139****${digits.slice(-4)}`;
const plateDigits = digits.slice(-5);
const plate = `粤B${plateDigits}`;
const fullUp = '每位车主最多绑定5辆车，请先解绑其他车辆';

test.describe.configure({ mode: 'serial' });

test('车主: register an owner, see the phone masked, disable it after confirming', async ({ page }, testInfo) => {
  const admin = new CustomersPage(page);
  await page.goto('/');
  await admin.open('车主');
  await admin.openDialog(/新\s*增/);
  await admin.field('手机号').fill('1234');
  await admin.dialog.getByRole('button', { name: /保\s*存/ }).click();
  await admin.fieldError('请输入正确的电话号码');
  await admin.field('手机号').fill(phone);
  await admin.field('昵称').fill(`测试车主${stamp}`);
  await admin.save('新增成功');

  await admin.search('手机号', phone);
  await expect(admin.rows).toHaveCount(1);
  const row = admin.row(masked);
  await expect(row).toBeVisible();
  await expect(row).not.toContainText(phone);
  expect(await admin.cell(row, '注册来源')).toBe('后台');
  expect(await admin.cell(row, '状态')).toBe('启用');
  await page.screenshot({ path: testInfo.outputPath('customer-page.png') });

  await admin.confirmRowAction(row, '停用', `确定停用车主「${masked}」吗？`);
  await admin.expectMessage('已停用');
  await expect.poll(() => admin.cell(row, '状态')).toBe('停用');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(admin.row(masked)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('customer-page-phone.png') });
});

test('车辆: bind a plate to the owner, see 未认证, unbind it, and a sixth vehicle is refused', async ({ page }, testInfo) => {
  const admin = new CustomersPage(page);
  await page.goto('/');
  await admin.open('车辆');
  await admin.openDialog(/绑定车辆/);
  await admin.pickOwner(phone, `${phone}（测试车主${stamp}）`);
  await admin.field('车牌号').fill(plate.toLowerCase());
  await admin.dialog.getByRole('button', { name: /绑\s*定/ }).click();
  await expect(admin.dialog).toBeHidden();
  await admin.expectMessage('绑定成功');

  await admin.search('车牌号', plate);
  const row = admin.row(plate);
  await expect(row).toBeVisible();
  expect(await admin.cell(row, '车主手机号')).toBe(masked);
  expect(await admin.cell(row, '绑定状态')).toBe('未认证');
  await page.screenshot({ path: testInfo.outputPath('vehicle-page.png') });
  await admin.confirmRowAction(row, '解绑', `确定解绑车辆「${plate}」吗？`);
  await admin.expectMessage('解绑成功');
  await expect.poll(() => admin.cell(row, '绑定状态')).toBe('已解绑');

  // five more bound behind the page's back: the owner is full
  const api = await apiAs(page);
  const owners = await api.get<{ list: { id: string }[] }>(`/api/system/Customer?phone=${phone}`);
  const customerId = owners.body.data.list[0]!.id;
  for (const province of ['京', '沪', '津', '渝', '川']) {
    const bound = await api.post('/api/system/CustomerVehicle', { customerId, plateNumber: `${province}A${plateDigits}` });
    expect(bound.body.msg).toBe('绑定成功');
  }
  await admin.openDialog(/绑定车辆/);
  await admin.pickOwner(phone, `${phone}（测试车主${stamp}）`);
  await admin.field('车牌号').fill(`粤C${plateDigits}`);
  await admin.dialog.getByRole('button', { name: /绑\s*定/ }).click();
  await admin.fieldError(fullUp);
  await page.screenshot({ path: testInfo.outputPath('vehicle-refused.png') });
  await admin.dialog.getByRole('button', { name: /取\s*消/ }).click();
  await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: '放弃修改' }).click();
  await expect(admin.dialog).toBeHidden();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('vehicle-page-phone.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // 详情 of the owner: the unbound plate is kept, the five bound ones are 未认证
  await admin.visit('车主');
  await admin.search('手机号', phone);
  await admin.row(masked).getByRole('button', { name: '详情' }).click();
  const drawer = page.locator('.ant-drawer:visible');
  await expect(drawer.getByText('车主详情')).toBeVisible();
  await expect(drawer.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(6);
  await expect(drawer.locator('tr', { hasText: plate })).toContainText('已解绑');
  await expect(drawer.getByText('未认证')).toHaveCount(5);
  await page.screenshot({ path: testInfo.outputPath('customer-detail.png') });
});
