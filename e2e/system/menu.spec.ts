import { expect, test } from '../support/signed-in.fixtures.js';
import { MenuPage } from './menu.page.js';

const stamp = Date.now().toString(36);
const folder = `测试目录${stamp}`;
const page1 = `测试页面${stamp}`;

test.describe('系统管理 > 菜单', () => {
  test('a throwaway folder with a page: created with icons, seen in the table and sidebar, renamed, deleted child first', async ({ page }) => {
    const menus = new MenuPage(page);
    await menus.open();
    // the seeded catalogue is there, folders first
    await expect(menus.row('系统管理')).toContainText('SettingOutlined');

    await page
      .locator('.resource-page')
      .filter({ visible: true })
      .getByRole('button', { name: /新\s*增/ })
      .filter({ visible: true })
      .first()
      .click();
    await menus.fill({ type: '目录', fullName: folder, enCode: `e2eFolder_${stamp}`, icon: 'GiftOutlined' });
    await menus.save('新增成功');
    await expect(menus.row(folder)).toContainText('GiftOutlined');
    await expect(menus.row(folder).locator('.anticon-gift')).toBeVisible();

    await menus.row(folder).getByRole('button', { name: '新增下级' }).click();
    await expect(menus.dialog.getByText(`新增下级菜单 - ${folder}`)).toBeVisible();
    await menus.fill({ fullName: page1, enCode: `e2ePage_${stamp}`, icon: 'BugOutlined' });
    await menus.dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(menus.dialog.getByText('页面必须填写路由地址，如 system/user')).toBeVisible();
    await menus.fill({ urlAddress: 'e2e/bad route' });
    await expect(menus.dialog.getByText('路由地址只能包含字母、数字和 _ / -，如 system/user')).toBeVisible();
    await menus.fill({ urlAddress: `e2e/page${stamp}` });
    await menus.save('新增成功');
    await expect(menus.row(page1)).toContainText(`e2e/page${stamp}`);
    await expect(menus.row(page1)).toContainText('页面');

    // admin holds the system role, which is granted every new menu: the sidebar shows both after a reload
    await page.reload();
    const sidebar = page.locator('.ant-layout-sider');
    await sidebar.getByRole('menuitem', { name: new RegExp(folder) }).click();
    await expect(sidebar.getByRole('menuitem', { name: new RegExp(page1) })).toBeVisible();

    await menus.open();
    await page.getByRole('button', { name: '展开全部' }).click();
    await menus.row(page1).getByRole('button', { name: '编辑' }).click();
    await expect(menus.dialog.getByLabel('菜单编码')).toHaveValue(`e2ePage_${stamp}`);
    await menus.fill({ fullName: `${page1}改` });
    await menus.save('修改成功');
    await expect(menus.row(`${page1}改`)).toBeVisible();

    // a folder with a page under it is refused, with the server's reason
    await menus.remove(folder);
    await expect(page.getByText(`菜单「${folder}」下还有1个下级菜单，不能删除`)).toBeVisible();
    await expect(menus.row(folder)).toBeVisible();

    await menus.remove(`${page1}改`);
    // the row going is the proof: the 删除成功 toast lasts 3 s and a loaded machine can miss it
    await expect(menus.row(`${page1}改`)).toHaveCount(0);
    await menus.remove(folder);
    await expect(menus.row(folder)).toHaveCount(0);
  });
});
