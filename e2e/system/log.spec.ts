import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from '../support/signed-in.fixtures.js';
import { DictionaryPage, throwawayDictName } from './dictionary.page.js';
import { OperationLogPage } from './log.page.js';

// This file makes its own writes to look for: an entry of a throwaway dictionary, added, edited and
// deleted through the 字典 page. Nothing seeded is changed.
const dictName = throwawayDictName('e2e_log');

test.describe.configure({ mode: 'serial' });

/** A moment as a Shanghai wall-clock time, the way the picker takes it. */
const shanghai = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

test('the writes of the 字典 page are logged and found by search', async ({ page }) => {
  const startedAt = new Date(Date.now() - 60_000).toISOString();
  const dictionary = new DictionaryPage(page);
  await dictionary.open();
  await dictionary.openDictionary(dictName);
  await dictionary.add({ label: '日志甲', value: '7', sort: 3 });
  await dictionary.toast('新增成功');
  await dictionary.edit('日志甲', { label: '日志乙', value: '8' });
  await dictionary.toast('修改成功');
  await dictionary.remove('日志乙');
  await dictionary.toast('删除成功');

  const log = new OperationLogPage(page);
  await log.open();
  await log.search({ keyword: dictName });
  await expect(page).toHaveURL(new RegExp(`keyword=${dictName}`));
  await expect(log.total).toHaveText('共 3 条');
  // newest first
  await expect.poll(() => log.column('说明')).toEqual([`删除字典「${dictName}」项「日志乙」`, `修改字典「${dictName}」项「日志乙」`, `新增字典「${dictName}」项「日志甲」`]);
  await expect.poll(() => log.column('操作')).toEqual(['删除', '修改', '新增']);
  await expect.poll(() => log.column('账号')).toEqual(['admin', 'admin', 'admin']);
  // the object by its kind and its name: the newest name each entry gave it
  await expect.poll(() => log.column('对象')).toEqual(['字典项 日志乙', '字典项 日志乙', '字典项 日志甲']);
  await expect.poll(() => log.column('模块')).toEqual(['系统管理', '系统管理', '系统管理']);
  for (const time of await log.column('操作时间')) expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  await log.choose('操作', '修改');
  await log.search({ account: 'admin' });
  await expect(log.total).toHaveText('共 1 条');
  await expect(page).toHaveURL(/action=update/);

  // a time range picked on the form: from an hour ahead finds nothing; the URL carries it with the Shanghai offset
  await log.between(shanghai(Date.now() + 3_600_000), shanghai(Date.now() + 7_200_000));
  await log.search({});
  await expect(page).toHaveURL(/endTime=[^&]*%2B08%3A00.*startTime=[^&]*%2B08%3A00/);
  await expect(log.total).toHaveText('共 0 条');

  // and from a link: since this test began finds them
  const keyword = encodeURIComponent(dictName);
  await page.goto(`/#/system/log?currentPage=1&pageSize=10&keyword=${keyword}&startTime=${encodeURIComponent(startedAt)}`);
  await expect(log.total).toHaveText('共 3 条');
  await expect(page.getByPlaceholder('开始时间')).not.toHaveValue('');
  const later = new Date(Date.now() + 3_600_000).toISOString();
  await page.goto(`/#/system/log?currentPage=1&pageSize=10&keyword=${keyword}&startTime=${encodeURIComponent(later)}`);
  await expect(log.total).toHaveText('共 0 条');
  await expect(page.locator('.resource-page').filter({ visible: true }).locator('.resource-table .ant-empty-description')).toHaveText('暂无数据');
});

test('详情 shows who, when and from where, an edit as the changed fields before → after, and a deletion as what was deleted', async ({ page }) => {
  const log = new OperationLogPage(page);
  await log.open();
  await log.search({ keyword: dictName });
  await expect(log.total).toHaveText('共 3 条');
  await log.details('修改字典');
  await expect(log.drawer.locator('.log-detail')).toContainText('admin');
  await expect(log.drawer.locator('.log-detail')).toContainText('127.0.0.1');
  await expect(log.drawer.locator('.log-detail')).toContainText('Mozilla');
  await expect(log.drawer.locator('.log-detail')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

  // only what changed, by the 字典 form's labels; 排序 and 字典名称 stayed as they were
  await expect(log.mode).toHaveText('已修改');
  expect(await log.diff()).toEqual([
    ['字典标签', '日志甲', '→', '日志乙'],
    ['字典值', '7', '→', '8'],
  ]);

  await log.drawer.getByRole('button', { name: /close|关闭/i }).click();
  await expect(log.drawer).toBeHidden();
  await log.details('删除字典');
  await expect(log.mode).toHaveText('已删除');
  // the entry's own id is its 对象, named above: not a row of UUID
  expect(await log.diff()).toEqual([
    ['字典名称', dictName],
    ['字典标签', '日志乙'],
    ['字典值', '8'],
    ['排序', '3'],
  ]);
  await log.drawer.getByRole('button', { name: /close|关闭/i }).click();
  await log.details('新增字典');
  await expect(log.mode).toHaveText('新建');
  await expect(log.drawer.getByText('已修改')).toHaveCount(0);
});

test('导出 downloads an xlsx of the searched entries', async ({ page }) => {
  const log = new OperationLogPage(page);
  await log.open();
  await log.search({ keyword: dictName });
  await expect(log.total).toHaveText('共 3 条');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = await download.path();
  expect((await readFile(path)).subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(page.locator('.ant-message').getByText('导出成功')).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  expect(rows[0]?.slice(0, 8)).toEqual(['时间', '账号', '模块', '操作', '对象', '对象名称', '对象编号', '说明']);
  expect(rows.slice(1).map((r) => r.slice(2, 6))).toEqual([
    ['系统管理', '删除', '字典项', '日志乙'],
    ['系统管理', '修改', '字典项', '日志乙'],
    ['系统管理', '新增', '字典项', '日志甲'],
  ]);
  expect(rows.slice(1).every((r) => r[7]?.includes(dictName))).toBe(true);
  const edit = rows.find((r) => r[3] === '修改')!;
  expect(JSON.parse(edit[8]!)).toMatchObject({ label: '日志甲', value: '7' });
  expect(JSON.parse(edit[9]!)).toMatchObject({ label: '日志乙', value: '8' });
});
