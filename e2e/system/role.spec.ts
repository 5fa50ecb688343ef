import { expect, test } from '../support/signed-in.fixtures.js';
import { RolePage } from './role.page.js';

const stamp = Date.now().toString(36);

test.describe('系统管理 > 角色', () => {
  test('the system role can be neither deleted nor re-granted', async ({ page }) => {
    const roles = new RolePage(page);
    await roles.open();
    const admin = roles.row('系统管理员');
    await expect(admin.getByText('系统角色')).toBeVisible();
    await expect(admin.getByRole('button', { name: '菜单授权' })).toBeDisabled();
    await expect(admin.getByRole('button', { name: '删除' })).toBeDisabled();
  });

  test('a new role granted two pages through the tree opens again with exactly those checked', async ({ page }) => {
    const roles = new RolePage(page);
    const name = `稽查${stamp}`;
    await roles.open();
    await roles.create({ name, code: `inspect-${stamp}`, description: '只看系统消息和停车场' });
    await roles.search(name);
    await expect(roles.rows).toHaveCount(1);

    await roles.openGrant(name);
    expect(await roles.checked('true')).toEqual([]);
    await roles.toggle('系统消息');
    await roles.toggle('停车场');
    await roles.drawer.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('授权成功')).toBeVisible();
    await expect(roles.drawer).toHaveCount(0);

    await roles.openGrant(name);
    await expect.poll(() => roles.checked('true')).toEqual(['停车场', '系统消息']);
    expect(await roles.checked('mixed')).toEqual(['停车场管理', '系统管理']);
    await roles.drawer.getByRole('button', { name: /取\s*消/ }).click();
  });

  test('a throwaway role is validated, edited and deleted', async ({ page }) => {
    const roles = new RolePage(page);
    const name = `临时${stamp}`;
    await roles.open();

    await page
      .locator('.resource-page')
      .filter({ visible: true })
      .getByRole('button', { name: /新\s*增/ })
      .filter({ visible: true })
      .click();
    await roles.fillForm({ name, code: 'bad code' });
    await roles.save();
    await expect(roles.dialog.getByText('角色编码只能包含字母、数字、下划线和短横线')).toBeVisible();
    await roles.fillForm({ code: `temp-${stamp}` });
    await roles.save();
    await expect(page.getByText('新增成功')).toBeVisible();

    await roles.search(name);
    await roles.row(name).getByRole('button', { name: '编辑' }).click();
    await expect(roles.dialog.getByLabel('角色编码')).toHaveValue(`temp-${stamp}`);
    await roles.fillForm({ name: `${name}改`, description: '改过' });
    await roles.save();
    await expect(page.getByText('修改成功')).toBeVisible();
    await roles.search(`${name}改`);
    await expect(roles.row(`${name}改`)).toContainText('改过');

    await roles.row(`${name}改`).getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: '删除' }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-empty-description')).toBeVisible();
  });
});
