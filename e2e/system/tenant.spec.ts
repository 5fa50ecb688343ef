import { expect, signedOut, mwAdmin, signIn, test } from '../support/signed-in.fixtures.js';
import { apiAs } from '../support/api.js';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe.configure({ mode: 'serial' });

const code = `t${Date.now() % 1_000_000}`;
const title = `${code}智慧停车`;

test('系统管理 > 租户: a platform administrator opens a new tenant whose administrator can sign in', async ({ page, browser }, testInfo) => {
  await page.goto('/#/system/tenant');
  const rows = page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-table-row');
  await expect(rows.filter({ hasText: 'demo' })).toContainText('平台');

  await page.locator('.resource-page').filter({ visible: true }).getByRole('button', { name: '新增' }).filter({ visible: true }).click();
  const dialog = page.locator('.ant-modal', { hasText: '新增租户' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('请输入租户编码')).toBeVisible();
  await dialog.getByLabel('租户编码').fill('9bad');
  await expect(dialog.getByText('租户编码为2-32位小写字母、数字、_ 或 -，以字母开头')).toBeVisible();

  await dialog.getByLabel('租户编码').fill(code);
  await dialog.getByLabel('企业名称').fill(`${code}停车有限公司`);
  await dialog.getByLabel('平台标题').fill(title);
  await dialog.getByLabel('页脚文字').fill(`Copyright © 2026 ${code}`);
  await dialog.getByLabel('管理员账号').fill('boss');
  await dialog.getByLabel('初始密码').fill('Boss2026');
  await dialog.getByLabel('确认密码').fill('Boss2027');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();
  await dialog.getByLabel('确认密码').fill('Boss2026');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.ant-message').getByText('新增成功')).toBeVisible();
  await expect(rows.filter({ hasText: code })).toContainText(title);

  // the new tenant's sign-in page carries its branding; its administrator gets a whole console
  const context = await browser.newContext(signedOut(testInfo));
  const boss = await context.newPage();
  await signIn(boss, { account: 'boss', password: 'Boss2026', tenant: code });
  await expect(boss.locator('.app-sidebar, .ant-layout-sider').getByText('系统管理')).toBeVisible();
  await expect(boss).toHaveTitle(new RegExp(`${title}$`));
  await context.close();
});

test('uploading a logo changes the tenant sign-in page; a wrong file type is refused with the rule', async ({ page }) => {
  await page.goto('/#/system/tenant');
  await page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-table-row', { hasText: code }).getByRole('button', { name: '编辑' }).click();
  const dialog = page.locator('.ant-modal', { hasText: `编辑租户` });

  await dialog
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.locator('.ant-message').getByText('只能上传 PNG、JPG、GIF、WebP 格式的图片')).toBeVisible();

  await dialog.locator('input[type=file]').first().setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.locator('.ant-message').getByText('上传成功')).toBeVisible();
  await expect(dialog.getByAltText('Logo 预览')).toHaveAttribute('src', /^\/uploads\/brand\/.+\.png$/);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-table-row', { hasText: code }).locator('img')).toHaveAttribute(
    'src',
    /^\/uploads\/brand\//,
  );

  const served = await page.request.get(
    (await page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-table-row', { hasText: code }).locator('img').getAttribute('src'))!,
  );
  expect(served.headers()['content-type']).toBe('image/png');
});

test('数据保留: the retention days are refused outside 30–3650 with the field’s own words, and kept once saved', async ({ page }) => {
  await page.goto('/#/system/tenant');
  const row = page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-table-row', { hasText: code });
  await row.getByRole('button', { name: '编辑' }).click();
  const dialog = page.locator('.ant-modal', { hasText: '编辑租户' });
  // a new tenant starts on the defaults
  await expect(dialog.getByLabel('过车照片保留天数')).toHaveValue('365');
  await expect(dialog.getByLabel('原始过车事件保留天数')).toHaveValue('180');

  await dialog.getByLabel('过车照片保留天数').fill('10');
  await dialog.getByLabel('原始过车事件保留天数').fill('4000');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('过车照片保留天数至少30天')).toBeVisible();
  await expect(dialog.getByText('原始过车事件保留天数最多3650天')).toBeVisible();

  await dialog.getByLabel('过车照片保留天数').fill('400');
  await dialog.getByLabel('原始过车事件保留天数').fill('90');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.ant-message').getByText('修改成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: '编辑' }).click();
  await expect(dialog.getByLabel('过车照片保留天数')).toHaveValue('400');
  await expect(dialog.getByLabel('原始过车事件保留天数')).toHaveValue('90');
  await dialog.getByRole('button', { name: '取消' }).click();

  // the server holds the same bounds whatever the form lets through
  const api = await apiAs(page);
  const [tenant] = (await api.get<{ list: { id: string }[] }>(`/api/system/Tenant?keyword=${code}`)).body.data.list;
  const refused = await api.put(`/api/system/Tenant/${tenant!.id}`, { name: `${code}停车有限公司`, title, bigScreenType: 1, photoRetentionDays: 29, eventRetentionDays: 90 });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.body)).toContain('过车照片保留天数至少30天');
});

test('stopping a tenant asks first, then signs its users out', async ({ page, browser }, testInfo) => {
  const context = await browser.newContext(signedOut(testInfo));
  const boss = await context.newPage();
  await signIn(boss, { account: 'boss', password: 'Boss2026', tenant: code });

  await page.goto('/#/system/tenant');
  await page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-table-row', { hasText: code }).getByRole('button', { name: '编辑' }).click();
  const dialog = page.locator('.ant-modal', { hasText: '编辑租户' });
  await dialog.getByLabel('启用').click();
  await dialog.getByRole('button', { name: '保存' }).click();
  const confirm = page.locator('.ant-modal-confirm', { hasText: '停用租户' });
  await expect(confirm).toContainText('所有用户立即退出登录');
  await confirm.getByRole('button', { name: '停用' }).click();
  await expect(page.locator('.ant-message').getByText('修改成功')).toBeVisible();
  await expect(page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-table-row', { hasText: code })).toContainText('停用');

  await boss.reload();
  await expect(boss).toHaveURL(/#\/login/);
  await context.close();
});

test("another tenant's administrator has no 租户 menu, and the server refuses the API", async ({ browser }, testInfo) => {
  const context = await browser.newContext(signedOut(testInfo));
  const page = await context.newPage();
  await signIn(page, mwAdmin);
  await page.getByRole('menuitem', { name: /系统管理/ }).click();
  await expect(page.getByRole('menuitem', { name: /用户/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /租户/ })).toHaveCount(0);
  await page.goto('/#/system/tenant');
  await expect(page).toHaveURL(/#\/404/);
  const api = await apiAs(page);
  expect((await api.get('/api/system/Tenant')).status).toBe(403);
  await context.close();
});
