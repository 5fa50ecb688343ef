import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { ParkingAdminPage } from './parking-admin.page.js';

// A lane-based lot of its own (set up through the API: the lot pages have their own spec), then as
// an operator: its two lanes, 120 spaces by pattern A001–A120, one space marked faulty, exports of
// both lists, and the lot's lanes and spaces removed again.
const stamp = Date.now().toString(36);
const lotName = `车道测试场${stamp}`;
let lotId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  const created = await api.post<{ id: string }>('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 120 });
  expect(created.body.msg).toBe('新增成功');
  lotId = created.body.data.id;
  await page.close();
});

test("车道: an entry and an exit of the lot, with the form's rules and the lot filter", async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await admin.visit('车道');
  await admin.create();
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await admin.expectFieldError('请选择停车场');
  await admin.expectFieldError('请输入车道名称');
  await admin.pickOption(admin.field('停车场'), lotName);
  await admin.fill('车道名称', '东门入口');
  await expect(admin.dialog.getByRole('radio', { name: '入口' })).toBeChecked();
  await admin.save('新增成功');

  await admin.create();
  await admin.pickOption(admin.field('停车场'), lotName);
  await admin.fill('车道名称', '东门出口');
  await admin.dialog.locator('.ant-radio-button-wrapper', { hasText: '出口' }).click();
  await admin.fill('排序', '1');
  await admin.save('新增成功');

  await admin.pickOption(admin.current.locator('.resource-search').getByLabel('停车场', { exact: true }), lotName);
  await admin.current.locator('.resource-search').getByRole('button', { name: /查询/ }).click();
  await expect(page).toHaveURL(new RegExp(`lotId=${lotId}`));
  await expect(admin.rows).toHaveCount(2);
  expect(await admin.cell(admin.row('东门出口'), '方向')).toBe('出口');
  expect(await admin.cell(admin.row('东门入口'), '缴费后自动放行')).toBe('是');

  const rows = await admin.exportRows();
  expect(rows.map((r) => r.slice(0, 3))).toEqual([
    ['车道名称', '停车场', '方向'],
    ['东门入口', lotName, '入口'],
    ['东门出口', lotName, '出口'],
  ]);
});

test('泊位: 批量新增 previews A001–A120, refuses a reversed range, and makes the 120 spaces', async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await admin.visit('泊位');
  await admin.current.getByRole('button', { name: /批量新增/ }).click();
  await admin.dialog.getByRole('button', { name: '下一步' }).click();
  await admin.expectFieldError('请选择停车场');
  await admin.pickOption(admin.field('停车场'), lotName);
  await admin.dialog.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(new RegExp(`#/parkingAdmin/add/${lotId}`));

  const batch = page.locator('.space-batch-page').filter({ visible: true });
  const preview = batch.getByRole('status');
  await expect(preview).toHaveText('将生成 120 个泊位：A001、A002、A003 … A120');
  await batch.getByLabel('起始编号').fill('130');
  await expect(preview).toHaveText('结束编号不能小于起始编号');
  await expect(batch.getByRole('button', { name: '生成泊位' })).toBeDisabled();
  await batch.getByLabel('起始编号').fill('1');
  await expect(preview).toHaveText('将生成 120 个泊位：A001、A002、A003 … A120');
  await batch.getByRole('button', { name: '生成泊位' }).click();
  await expect(batch.getByText('已生成120个泊位', { exact: true })).toBeVisible();
  await expect(batch.getByText(`${lotName} A001–A120`)).toBeVisible();

  // the same numbers again are refused whole, with the server's reason
  await batch.getByRole('button', { name: '继续新增' }).click();
  await batch.getByRole('button', { name: '生成泊位' }).click();
  await admin.expectRefusal(`停车场「${lotName}」已有泊位编号A001、A002、A003、A004、A005等120个，未生成任何泊位`);

  await batch.getByRole('button', { name: '返回泊位列表' }).click();
  await expect(page).toHaveURL(new RegExp(`#/parkingAdmin/parkingSpace\\?lotId=${lotId}`));
  await expect(admin.current.locator('.resource-pager .ant-pagination-total-text')).toHaveText('共 120 条');
});

test("泊位: one marked 故障 is found by its state; the export holds the lot's spaces", async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await page.goto(`/#/parkingAdmin/parkingSpace?lotId=${lotId}&number=A007`);
  await expect(admin.rows).toHaveCount(1);
  await admin.row('A007').getByRole('button', { name: '编辑' }).click();
  await expect(admin.field('泊位编号')).toHaveValue('A007');
  await admin.fill('地磁编号', '含 空格');
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await admin.expectFieldError('地磁编号只能包含字母、数字、下划线和短横线');
  await admin.fill('地磁编号', `GM-${stamp}`);
  await admin.dialog.locator('.ant-radio-button-wrapper', { hasText: '故障' }).click();
  await admin.save('修改成功');
  await expect.poll(() => admin.cell(admin.row('A007'), '泊位状态')).toBe('故障');

  await page.goto(`/#/parkingAdmin/parkingSpace?lotId=${lotId}&state=fault`);
  await expect(admin.rows).toHaveCount(1);
  const rows = await admin.exportRows();
  expect(rows).toHaveLength(2);
  expect(rows[1]!.slice(0, 5)).toEqual(['A007', lotName, '普通', '否', `GM-${stamp}`]);
});

test('删除: a space asks first and goes; the lot then still counts the rest', async ({ page }) => {
  const admin = new ParkingAdminPage(page);
  await page.goto(`/#/parkingAdmin/parkingSpace?lotId=${lotId}&number=A120`);
  await expect(admin.rows).toHaveCount(1);
  await admin.removeWithPopconfirm(admin.row('A120'));
  await admin.expectMessage('删除成功');
  await expect(admin.rows).toHaveCount(0);
  const lot = await (await apiAs(page)).get<{ totalSpaces: number }>(`/api/system/Parking/${lotId}`);
  expect(lot.body.data.totalSpaces).toBe(119);
});

test.afterAll(async ({ browser }) => {
  // the lot goes with its lanes and spaces, so a rerun starts clean
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  for (const [path, key] of [
    ['/api/system/ParkingSpace', 'spaces'],
    ['/api/system/ParkingLane', 'lanes'],
  ] as const) {
    const listed = await api.get<{ list: { id: string }[] }>(`${path}?lotId=${lotId}&pageSize=1000`);
    for (const row of listed.body.data.list) expect((await api.delete(`${path}/${row.id}`)).body.code, key).toBe(200);
  }
  expect((await api.delete(`/api/system/Parking/${lotId}`)).body.code).toBe(200);
  await page.close();
});
