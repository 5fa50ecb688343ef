import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { ShellPage } from '../shell/shell.page.js';
import { CustomersPage } from './customers.page.js';

// One owner of its own with a vehicle (set up through the API as demo's admin). Staff enter the
// owner's 行驶证 for it on the page (后台录入); the bell counts the new 车辆认证审核 message; opening
// it shows the request with its photo; 通过 makes the vehicle 已认证 on 车辆. The message is removed at the end, so the specs that count tenant demo's messages still
// find only the seeded ones.
const stamp = Date.now().toString(36);
const digits = (Number.parseInt(stamp, 36) % 100_000_000).toString().padStart(8, '0');
const phone = `137${digits}`;
const masked = `137****${digits.slice(-4)}`;
const plate = `粤A${digits.slice(-5)}`;
/** a 1×1 PNG: an image by its bytes */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const made = { vehicleId: '', requestId: '' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  const owner = await api.post<{ id: string }>('/api/system/Customer', { phone, nickname: `认证车主${stamp}` });
  expect(owner.body.code).toBe(200);
  const vehicle = await api.post<{ id: string }>('/api/system/CustomerVehicle', { customerId: owner.body.data.id, plateNumber: plate });
  expect(vehicle.body.code).toBe(200);
  made.vehicleId = vehicle.body.data.id;
  await page.close();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/');
  const api = await apiAs(page);
  const messages = await api.get<{ list: { id: string; businessId: string }[] }>('/api/system/systemMessage?currentPage=1&pageSize=100&messageTypeList=2');
  for (const message of messages.body.data.list.filter((m) => m.businessId === made.requestId)) await api.delete(`/api/system/systemMessage/${message.id}`);
  await page.close();
});

test('a 行驶证 entered by staff rings the bell; its message opens the review, 通过 makes the vehicle 已认证', async ({ page }, testInfo) => {
  const shell = new ShellPage(page);
  await shell.open();
  const badge = shell.bell.locator('.ant-badge-count');
  await expect(badge).toBeVisible();
  const before = Number(await badge.innerText());

  // the server judges the photo by its bytes, whatever the browser calls it
  const token = (await page.context().cookies()).find((c) => c.name === 'SMART-TOKEN')!.value;
  const refused = await page.request.post(`/api/system/CarAuthentication?kind=verify&vehicleId=${made.vehicleId}`, {
    headers: { authorization: token },
    multipart: { file: { name: '行驶证.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.4 not a photo') } },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).msg).toBe('行驶证照片只能是 JPG、PNG 或 WebP 格式的图片');

  // 后台录入 on the page: the vehicle found by its plate, the photo chosen from disk
  await shell.open('/customer/CarAuthenticationAudit');
  const view = page.locator('.resource-page').filter({ visible: true });
  await view.getByRole('button', { name: /后台录入/ }).click();
  const dialog = page.locator('.ant-modal:not(.ant-modal-confirm):visible');
  await expect(dialog.locator('.ant-modal-title')).toHaveText('后台录入认证申请');
  await dialog.getByLabel('车辆', { exact: true }).click();
  await dialog.getByLabel('车辆', { exact: true }).fill(plate);
  await page.locator('.ant-select-dropdown:visible').getByTitle(`${plate}（车主 ${masked}，未认证）`, { exact: true }).click();
  await dialog.locator('input[type=file]').setInputFiles({ name: '行驶证.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByText('行驶证.png')).toBeVisible();
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-message-notice', { hasText: '提交成功' })).toBeVisible();
  const api = await apiAs(page);
  const listed = await api.get<{ list: { id: string; status: string }[] }>(`/api/system/CarAuthentication?plateNumber=${encodeURIComponent(plate)}`);
  expect(listed.body.data.list).toHaveLength(1);
  made.requestId = listed.body.data.list[0]!.id;

  // counts are polled every 10 s
  await expect(badge).toHaveText(String(before + 1), { timeout: 15_000 });
  await shell.openMessages();
  await shell.messages.getByRole('tab', { name: /^申诉审核/ }).click();
  const message = shell.message(`车主 ${masked} 提交车辆「${plate}」认证申请，请审核行驶证`);
  await expect(message).toBeVisible();
  await expect(message).toContainText('车辆认证审核');
  await page.screenshot({ path: testInfo.outputPath('vehicle-auth-message.png') });
  await message.click();
  await expect(page).toHaveURL(new RegExp(`#/customer/CarAuthenticationAudit\\?id=${made.requestId}$`));
  await expect(shell.messages).toBeHidden();

  const drawer = page.locator('.ant-drawer:visible');
  await expect(drawer.locator('.ant-drawer-title')).toHaveText(`认证申请 · ${plate}`);
  await expect(drawer.getByText(masked)).toBeVisible();
  await expect(drawer.getByText('认证中')).toBeVisible();
  await expect(drawer.getByAltText('行驶证照片')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('vehicle-auth-drawer.png') });
  await drawer.getByRole('button', { name: /^通\s*过$/ }).click();
  const confirm = page.locator('.ant-modal-confirm:visible');
  await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText(`确定通过车辆「${plate}」的认证申请吗？`);
  await confirm.getByRole('button', { name: /通\s*过/ }).click();
  await expect(page.locator('.ant-message-notice', { hasText: '审核通过' })).toBeVisible();
  await expect(drawer.getByText('已通过')).toBeVisible();
  await expect(drawer.getByRole('button', { name: /^通\s*过$/ })).toHaveCount(0);
  // decided: it leaves the count
  await expect(badge).toHaveText(String(before), { timeout: 15_000 });

  const admin = new CustomersPage(page);
  await admin.visit('车辆');
  await admin.search('车牌号', plate);
  const row = admin.row(plate);
  await expect(row).toBeVisible();
  expect(await admin.cell(row, '绑定状态')).toBe('已认证');
  await page.screenshot({ path: testInfo.outputPath('vehicle-auth-verified.png') });

  // the decision is in the operation log with who made it
  const log = await api.get<{ list: { account: string; summary: string }[] }>(`/api/system/log?targetId=${made.requestId}&action=update`);
  expect(log.body.data.list[0]).toMatchObject({ account: 'admin' });
  expect(log.body.data.list[0]!.summary).toContain(`通过车辆「${plate}」认证申请`);
});
