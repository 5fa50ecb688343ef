import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { LoginPage } from '../auth/login.page.js';
import { expect, mwAdmin, signIn, test } from '../support/signed-in.fixtures.js';
import { ShellPage } from './shell.page.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const resetPath = /\/api\/system\/Permission\/Users\/[0-9a-f-]+\/Actions\/ResetPassword$/;
const newPassword = 'mwPass2026';

async function openDialog(page: Page) {
  await new ShellPage(page).openUserMenu();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.locator('.ant-modal', { hasText: '修改密码' });
  await expect(dialog).toBeVisible();
  // a click during the opening zoom can miss 确定 on a loaded machine: wait until it has settled
  await expect(page.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter')).toHaveCount(0);
  return dialog;
}

// mwadmin of tenant mw is no other spec's account, and the password is put back at the end.
test('change password: the current password first, the rules in Chinese, a refusal shown as is, then 修改成功, a reload and the new password', async ({ page }) => {
  await page.context().clearCookies();
  await signIn(page, mwAdmin);
  const shell = new ShellPage(page);
  let dialog = await openDialog(page);
  const current = dialog.getByPlaceholder('请输入当前密码');
  const password = dialog.getByPlaceholder('请输入新密码');
  const confirmation = dialog.getByPlaceholder('请再次输入新密码');
  const submit = dialog.getByRole('button', { name: '确定' });

  await submit.click();
  await expect(dialog.getByText('请输入当前密码', { exact: true })).toBeVisible();
  await expect(dialog.getByText('请输入新密码', { exact: true })).toBeVisible();
  await expect(dialog.getByText('请再次输入新密码', { exact: true })).toBeVisible();

  for (const weak of ['abc12', 'abcdefg', '1234567', 'abc 1234']) {
    await password.fill(weak);
    await expect(dialog.getByText('密码应当至少6位且含有数字、字母')).toBeVisible();
  }
  await password.fill(newPassword);
  await expect(dialog.getByText('密码应当至少6位且含有数字、字母')).toHaveCount(0);
  // a current password that is not theirs: the form cannot know, the server will say
  await current.fill('not-my-password1');
  await confirmation.fill(newPassword);
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
  // changing the new password afterwards makes the confirmation wrong again, and submit checks it
  await password.fill(`${newPassword}x`);
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();
  let sent = false;
  page.on('request', (request) => {
    if (resetPath.test(new URL(request.url()).pathname)) sent = true;
  });
  await submit.click();
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();
  expect(sent).toBe(false);
  await password.fill(newPassword);

  // the wrong current password: the server refuses, its msg shows as an error and the dialog stays
  await submit.click();
  await expect(shell.toast('当前密码不正确')).toBeVisible();
  await expect(dialog).toBeVisible();

  // any other non-200 answer: its msg, as an error
  await current.fill('admin123');
  await page.route(resetPath, (route) => route.fulfill({ status: 400, json: { code: 400, msg: '新密码不能与最近使用的密码相同', data: null } }), { times: 1 });
  await submit.click();
  await expect(shell.toast('新密码不能与最近使用的密码相同')).toBeVisible();
  await expect(dialog).toBeVisible();

  const request = page.waitForRequest((r) => resetPath.test(new URL(r.url()).pathname) && r.method() === 'POST');
  const loaded = page.waitForEvent('load');
  await submit.click();
  const body = (await request).postDataJSON() as { id: string; oldPassword: string; userPassword: string; validatePassword: string };
  expect(body.oldPassword).toBe(md5('admin123'));
  expect(body.userPassword).toBe(md5(newPassword));
  expect(body.validatePassword).toBe(md5(newPassword));
  expect((await request).url()).toContain(`/Users/${body.id}/Actions/ResetPassword`);
  await expect(shell.toast('修改成功')).toBeVisible();
  await loaded;
  // still signed in after the reload: only the other sessions ended
  await expect(page.locator('.app-navbar')).toBeVisible();

  // log out, then the old password fails and the new one works
  await shell.openUserMenu();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('提示');
  await expect(page.getByText('确定注销并退出系统吗？')).toBeVisible();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page).toHaveURL(/#\/login/);
  const login = new LoginPage(page);
  await login.signIn('mwadmin', 'admin123');
  await expect(page.locator('.ant-notification').getByText('登录失败')).toBeVisible();
  await login.signIn('mwadmin', newPassword);
  await expect(page.locator('.app-navbar')).toBeVisible();
  // told once of the failures since the last sign-in: the wrong current password and the old password
  await expect(page.locator('.ant-notification').getByText('登录提醒')).toBeVisible();
  await expect(page.locator('.ant-notification').getByText(/^上次登录后有2次失败的登录尝试，最近一次来自 IP 127\.0\.0\.1 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();

  // put admin123 back for later runs against the same data
  dialog = await openDialog(page);
  await dialog.getByPlaceholder('请输入当前密码').fill(newPassword);
  await dialog.getByPlaceholder('请输入新密码').fill('admin123');
  await dialog.getByPlaceholder('请再次输入新密码').fill('admin123');
  const restored = page.waitForEvent('load');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(shell.toast('修改成功')).toBeVisible();
  await restored;
});
