import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { md5 } from '../support/api.js';
import { expect, signIn, test } from '../support/signed-in.fixtures.js';
import { SystemAdminPage } from './system-admin.page.js';

// One story over the shared database, with names of its own: an organization with a sub-unit, a
// position in it, a user holding that position; then the user's life: edit, 停用, 启用, 重置密码,
// 导出, 删除; and the organization and position go again at the end. Seeded rows are only read.
const stamp = Date.now().toString(36);
const org = { name: `测试组织${stamp}`, code: `e2e-org-${stamp}` };
const team = { name: `测试班组${stamp}`, code: `e2e-team-${stamp}` };
const position = { name: `测试岗位${stamp}`, code: `e2e-pos-${stamp}` };
const person = { account: `e2e${stamp}`, realName: `测试员${stamp}`, password: 'abc123', newPassword: 'xyz789' };

test.describe.configure({ mode: 'serial' });

test('组织: create one, add a sub-unit under it, and the parent with a child cannot be deleted', async ({ page }) => {
  const admin = new SystemAdminPage(page);
  await admin.open('组织', 'system/organize');
  await expect(admin.rows.first()).toBeVisible();

  await admin.create();
  await expect(admin.dialog.getByText('新增组织')).toBeVisible();
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await expect(admin.dialog.getByText('请输入组织名称')).toBeVisible();
  await admin.fill('组织名称', org.name);
  await admin.fill('组织编码', '含 空格');
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await expect(admin.dialog.getByText('组织编码只能包含字母、数字、下划线和短横线')).toBeVisible();
  await admin.fill('组织编码', org.code);
  await admin.save('新增成功');
  const parentRow = admin.row(org.name);
  await expect(parentRow).toHaveCount(1);

  await parentRow.getByRole('button', { name: '新增下级' }).click();
  // the sub-unit starts under the row it was added from
  await expect(admin.dialog.getByText(org.name)).toBeVisible();
  await admin.fill('组织名称', team.name);
  await admin.fill('组织编码', team.code);
  await admin.save('新增成功');
  const teamRow = admin.row(team.name);
  await expect(teamRow).toBeVisible();
  // a child row is indented under its parent
  await expect(teamRow.locator('.ant-table-row-indent.indent-level-1')).toHaveCount(1);

  await admin.remove(parentRow);
  await admin.expectRefusal(`组织「${org.name}」下还有1个下级组织，不能删除`);
  await expect(parentRow).toHaveCount(1);

  // the filter finds the sub-unit and keeps its parent above it
  await page.getByPlaceholder('请输入组织名称或编码').fill(team.code);
  await page.getByPlaceholder('请输入组织名称或编码').press('Enter');
  await expect(admin.rows).toHaveCount(2);
});

test('岗位: create one in the organization, find it by its code, edit it', async ({ page }) => {
  const admin = new SystemAdminPage(page);
  await admin.open('岗位', 'system/position');
  await admin.create();
  await admin.fill('岗位名称', position.name);
  await admin.fill('岗位编码', position.code);
  await admin.pickOrganization(admin.dialog.getByLabel('所属组织'), org.name);
  await admin.fill('排序', '5');
  await admin.save('新增成功');

  await (await admin.searchField('岗位名称')).fill(position.code);
  await admin.search();
  await expect(page).toHaveURL(new RegExp(`keyword=${position.code}`));
  await expect(admin.rows).toHaveCount(1);
  const row = admin.row(position.name);
  expect(await admin.cell(row, '所属组织')).toBe(org.name);
  expect(await admin.cell(row, '排序')).toBe('5');

  await row.getByRole('button', { name: '编辑' }).click();
  await admin.fill('排序', '6');
  await admin.save('修改成功');
  await expect.poll(() => admin.cell(admin.row(position.name), '排序')).toBe('6');
});

test('用户: create one in the organization with the position, find them, edit them', async ({ page }) => {
  const admin = new SystemAdminPage(page);
  await admin.open('用户', 'system/user');
  await admin.create();
  await admin.fill('账号', person.account);
  await admin.fill('姓名', person.realName);
  await admin.fill('初始密码', person.password);
  await admin.fill('确认密码', person.password);
  await admin.fill('手机号', '123');
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await expect(admin.dialog.getByText('请输入正确的电话号码')).toBeVisible();
  await admin.fill('手机号', '13812345678');
  await admin.pickOrganization(admin.dialog.getByLabel('组织'), team.name);
  // order matters: the position picked first is the main one
  await admin.pickOption(admin.dialog.getByLabel('岗位'), position.name);
  await admin.pickOption(admin.dialog.getByLabel('岗位'), '客服专员');
  await page.keyboard.press('Escape');
  // a role with menus, so that they have somewhere to land when they sign in
  await admin.pickOption(admin.dialog.getByLabel('角色'), '系统管理员');
  await page.keyboard.press('Escape');
  await admin.save('新增成功');

  await (await admin.searchField('账号')).fill(person.account);
  await admin.pickOrganization(await admin.searchField('组织'), team.name);
  await admin.search();
  await expect(page).toHaveURL(/organizationId=/);
  await expect(admin.rows).toHaveCount(1);
  const row = admin.row(person.account);
  expect(await admin.cell(row, '姓名')).toBe(person.realName);
  expect(await admin.cell(row, '组织')).toBe(team.name);
  expect(await row.locator('.user-positions .ant-tag').allInnerTexts()).toEqual([position.name, '客服专员']);
  expect(await admin.cell(row, '状态')).toBe('启用');
  // the list masks the phone as 集团 does; the edit form, for who may edit, has the whole number
  expect(await admin.cell(row, '手机号')).toBe('138****5678');

  await row.getByRole('button', { name: '编辑' }).click();
  await expect(admin.dialog.getByLabel('账号', { exact: true })).toBeDisabled();
  await expect(admin.dialog.getByLabel('手机号', { exact: true })).toHaveValue('13812345678');
  await admin.fill('姓名', `${person.realName}改`);
  await admin.fill('邮箱', 'e2e@example');
  await admin.dialog.getByRole('button', { name: '保存' }).click();
  await expect(admin.dialog.getByText('请输入正确的邮箱地址')).toBeVisible();
  await admin.fill('邮箱', 'e2e@example.com');
  await admin.save('修改成功');
  await expect.poll(() => admin.cell(admin.row(person.account), '姓名')).toBe(`${person.realName}改`);
  expect(await admin.cell(admin.row(person.account), '邮箱')).toBe('e2e@example.com');
  expect(await admin.row(person.account).locator('.user-positions .ant-tag').allInnerTexts()).toEqual([position.name, '客服专员']);
});

test('three wrong passwords ask them for the captcha: 用户 shows 需验证码, 解除限制 lifts it and they are told of the failures', async ({ page, browser, baseURL }) => {
  for (let n = 1; n <= 3; n++) {
    const answer = await page.request.post('/api/oauth/Login', { form: { account: person.account, password: md5(`wrong${n}x`), tenant: 'demo' } });
    expect((await answer.json()).msg).toBe('账号或密码错误');
  }
  const admin = new SystemAdminPage(page);
  await admin.open('用户', 'system/user');
  await (await admin.searchField('账号')).fill(person.account);
  await admin.search();
  const row = admin.row(person.account);
  await expect.poll(() => admin.cell(row, '登录限制')).toBe('需验证码');

  await row.getByRole('button', { name: '解除限制' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText(`确定解除用户「${person.realName}改」的登录限制吗？`);
  await confirm.getByRole('button', { name: '解除限制' }).click();
  await admin.expectMessage('已解除限制');
  await expect.poll(() => admin.cell(row, '登录限制')).toBe('');
  await expect(row.getByRole('button', { name: '解除限制' })).toHaveCount(0);

  // no captcha asked of them now; the sign-in tells them of the three failures
  const other = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const them = await other.newPage();
  await signIn(them, { account: person.account, password: person.password });
  await expect(them.locator('.ant-notification').getByText(/^上次登录后有3次失败的登录尝试，最近一次来自 IP 127\.0\.0\.1 于 /)).toBeVisible();
  await other.close();
});

test('停用 ends the user’s sign-in; 启用 lets them back; 重置密码 gives them a new one', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const admin = new SystemAdminPage(page);
  await admin.open('用户', 'system/user');
  await (await admin.searchField('账号')).fill(person.account);
  await admin.search();
  const row = admin.row(person.account);

  // they are signed in, in a browser of their own (the fixture's admin sign-in is not theirs)
  const other = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const them = await other.newPage();
  await signIn(them, { account: person.account, password: person.password });

  await row.getByRole('button', { name: '停用' }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText(`确定停用用户「${person.realName}改」吗？`);
  await expect(confirm.getByText('停用后该用户的登录会立即结束，且不能再登录。')).toBeVisible();
  await confirm.getByRole('button', { name: '停用' }).click();
  await admin.expectMessage('已停用');
  await expect.poll(() => admin.cell(row, '状态')).toBe('停用');

  // their open session ended with the 停用: a reload finds them signed out
  await them.reload();
  await expect(them).toHaveURL(/#\/login/);
  await signInRefused(them, person.account, person.password, '账号已被停用，请联系管理员');

  await row.getByRole('button', { name: '启用' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '启用' }).click();
  await admin.expectMessage('已启用');
  await expect.poll(() => admin.cell(row, '状态')).toBe('启用');

  await row.getByRole('button', { name: '重置密码' }).click();
  await admin.fill('新密码', 'short');
  await admin.fill('确认密码', 'short');
  await admin.dialog.getByRole('button', { name: '确定' }).click();
  await expect(admin.dialog.getByText('密码应当至少6位且含有数字、字母')).toBeVisible();
  await admin.fill('新密码', person.newPassword);
  await admin.fill('确认密码', person.newPassword);
  await admin.dialog.getByRole('button', { name: '确定' }).click();
  await admin.expectMessage('密码已重置');

  await signInRefused(them, person.account, person.password, '账号或密码错误');
  await signIn(them, { account: person.account, password: person.newPassword });
  await expect(them.locator('.app-navbar')).toContainText(`${person.realName}改`);
  await other.close();
});

async function signInRefused(page: Page, account: string, password: string, msg: string) {
  await page.goto('/#/login');
  await page.getByPlaceholder('账号').fill(account);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.locator('.ant-notification').getByText('登录失败').last()).toBeVisible();
  await expect(page.locator('.ant-notification').getByText(msg)).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
}

test('导出 downloads an xlsx of the filtered users that holds the user', async ({ page }) => {
  const admin = new SystemAdminPage(page);
  await admin.open('用户', 'system/user');
  await (await admin.searchField('账号')).fill(person.account);
  await admin.search();
  await expect(admin.rows).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  expect(rows[0]!.slice(0, 3)).toEqual(['账号', '姓名', '手机号']);
  expect(rows.slice(1)).toHaveLength(1);
  expect(rows[1]).toEqual(expect.arrayContaining([person.account, `${person.realName}改`, team.name, `${position.name}、客服专员`, '启用']));
});

test('删除: the user, then the position and the organizations they were in; oneself is refused', async ({ page }) => {
  const admin = new SystemAdminPage(page);
  await admin.open('用户', 'system/user');
  await (await admin.searchField('账号')).fill('admin');
  await admin.search();
  await admin.remove(admin.rows.filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) }));
  await admin.expectRefusal('不能删除当前登录的账号');

  await (await admin.searchField('账号')).fill(person.account);
  await admin.search();
  await admin.remove(admin.row(person.account));
  await admin.expectMessage('删除成功');
  await expect(admin.rows).toHaveCount(0);
  await expect(page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-empty-description')).toHaveText('暂无数据');

  await admin.open('岗位', 'system/position');
  await (await admin.searchField('岗位名称')).fill(position.code);
  await admin.search();
  await admin.remove(admin.row(position.name));
  await admin.expectMessage('删除成功');
  await expect(admin.rows).toHaveCount(0);

  await admin.open('组织', 'system/organize');
  await admin.remove(admin.row(team.name));
  await admin.expectMessage('删除成功');
  await expect(admin.row(team.name)).toHaveCount(0);
  await admin.remove(admin.row(org.name));
  await expect(admin.row(org.name)).toHaveCount(0);
});
