import { expect, test } from '../support/signed-in.fixtures.js';
import { DictionaryPage, throwawayDictName } from './dictionary.page.js';

// The seeded dictionaries are read by other pages: this file only reads them, and writes to a
// dictionary of its own.

test('系统管理 > 字典 lists the seeded dictionaries and shows 车牌颜色 in order', async ({ page }) => {
  const dictionary = new DictionaryPage(page);
  await dictionary.open();
  const names = page.locator('.dictionary-names .ant-menu-item');
  await expect(names).toHaveCount(3);
  await expect(names.nth(0)).toContainText('车牌颜色');
  await expect(names.nth(1)).toContainText('停车场类型');
  await expect(names.nth(2)).toContainText('设备类型');
  await expect.poll(() => dictionary.labels()).toEqual(['蓝色', '白色', '黄色', '绿色', '黑色']);
  await expect(page).toHaveTitle(/^字典 - /);

  await page.getByLabel('字典标签').fill('色');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/label=/);
  await expect.poll(() => dictionary.labels()).toHaveLength(5);
  await page.getByLabel('字典标签').fill('黄');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect.poll(() => dictionary.labels()).toEqual(['黄色']);

  await names.nth(2).click();
  await expect(page).toHaveURL(/dictName=device_type$/);
  await expect(dictionary.rows).toHaveCount(6);
});

test('an entry is added, refused when its value is taken, edited and deleted in a throwaway dictionary', async ({ page }) => {
  const dictionary = new DictionaryPage(page);
  const dictName = throwawayDictName('e2e_dict');
  await dictionary.open();

  await dictionary.typeDictionary('Bad Name');
  await expect(page.getByText('字典名称只能包含小写字母、数字和下划线，且以字母开头')).toBeVisible();
  await dictionary.openDictionary(dictName);
  await expect(dictionary.empty).toHaveText('暂无数据');
  await expect(page.locator('.dictionary-entries')).toContainText(dictName);

  // the form checks before anything is sent
  await page
    .locator('.resource-page')
    .filter({ visible: true })
    .getByRole('button', { name: /新\s*增/ })
    .filter({ visible: true })
    .click();
  await expect(dictionary.dialog.getByLabel('字典名称')).toHaveValue(dictName);
  await dictionary.save();
  await expect(dictionary.dialog.getByText('请输入字典标签')).toBeVisible();
  await expect(dictionary.dialog.getByText('请输入字典值')).toBeVisible();
  await dictionary.fill({ label: '临时甲', value: '1' });
  await dictionary.save();
  await dictionary.toast('新增成功');
  await expect(dictionary.dialog).toBeHidden();
  await expect.poll(() => dictionary.labels()).toEqual(['临时甲']);

  // the server refuses a value the dictionary has; its msg shows on the field
  await dictionary.add({ label: '临时重复', value: '1' });
  const clash = `字典「${dictName}」中已存在值「1」`;
  await expect(dictionary.dialog.getByText(clash)).toBeVisible();
  await expect(page.locator('.ant-notification').getByText(clash)).toBeVisible();
  // what was typed goes only once the user says so
  await dictionary.dialog.getByRole('button', { name: /取\s*消/ }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '放弃修改' }).click();
  await expect(dictionary.rows).toHaveCount(1);

  await dictionary.edit('临时甲', { label: '临时乙', value: '2', sort: 5 });
  await dictionary.toast('修改成功');
  await expect(dictionary.row('临时乙')).toContainText('5');
  await expect.poll(() => dictionary.labels()).toEqual(['临时乙']);

  // 取消 keeps it; 删除 removes it
  await dictionary.row('临时乙').getByRole('button', { name: '删除' }).click();
  await dictionary.confirm.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dictionary.rows).toHaveCount(1);
  await dictionary.remove('临时乙');
  await dictionary.toast('删除成功');
  await expect(dictionary.empty).toHaveText('暂无数据');

  // the seeded dictionary is as it was
  await page.locator('.dictionary-names .ant-menu-item').first().click();
  await expect.poll(() => dictionary.labels()).toEqual(['蓝色', '白色', '黄色', '绿色', '黑色']);
});
