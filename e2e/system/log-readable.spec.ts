import type { OperationLog, Paged } from '@parking/contract';
import { MarketingPage } from '../marketing/marketing.page.js';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';
import { OperationLogPage } from './log.page.js';

// The browser runs on UTC here: every time 操作日志 shows must still be Shanghai's (UTC+8), whatever
// the browser's zone is.
test.use({ timezoneId: 'UTC' });

// A lot, a group and a 集团卡 of its own names, made through the API; the card is then edited on its page.
const stamp = Date.now().toString(36);
const lotName = `日志停车场${stamp}`;
const groupName = `日志集团${stamp}`;
const cardNo = `LOG-${stamp}`.toUpperCase();

/** An instant as Shanghai's wall clock reads it, and as UTC's: what must and must not be shown. */
const shanghaiText = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const utcText = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

test('an edited 集团卡 reads in 操作日志 as 停车运营, 集团卡 by its number, 每月次数 20 → 30 and Shanghai times', async ({ page }) => {
  const api = await apiAs(page);
  const lot = await api.post<{ id: string }>('/api/system/Parking', { name: lotName, type: 1, kind: 'lane', totalSpaces: 100 });
  expect(lot.body.msg).toBe('新增成功');
  const group = await api.post<{ id: string }>('/api/system/Group', { name: groupName, contact: '王经理', phone: '13812345678' });
  const card = await api.post('/api/system/GroupCard', {
    groupId: group.body.data.id,
    cardNo,
    benefit: 'free',
    plates: ['粤B12345'],
    lotIds: [lot.body.data.id],
    validFrom: '2020-01-01',
    validTo: '2099-12-31',
    monthlyQuota: 20,
    allowBind: false,
    maxPlates: 1,
  });
  expect(card.body.msg).toBe('新增成功');

  // the operator changes 每月次数 on the 集团卡 page
  const cards = new MarketingPage(page);
  await cards.visit('集团卡');
  await cards.current.locator('.resource-search').getByLabel('卡号', { exact: true }).fill(cardNo);
  await cards.current.getByRole('button', { name: /查\s*询/ }).click();
  await expect(cards.rows).toHaveCount(1);
  await cards
    .row(cardNo)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await expect(cards.dialog).toBeVisible();
  await cards.fill('每月次数', '30');
  await cards.save('修改成功');

  // 操作日志, filtered by the module the card belongs to
  const log = new OperationLogPage(page);
  await log.open();
  await log.choose('模块', '停车运营');
  const answer = page.waitForResponse((r) => r.url().includes('/api/system/log?') && r.url().includes('keyword='));
  await log.search({ keyword: cardNo });
  const entries = ((await (await answer).json()) as { data: Paged<OperationLog> }).data.list;
  await expect(page).toHaveURL(/module=marketing/);
  await expect(log.total).toHaveText('共 2 条');
  await expect.poll(() => log.column('模块')).toEqual(['停车运营', '停车运营']);
  await expect.poll(() => log.column('对象')).toEqual([`集团卡 ${cardNo}`, `集团卡 ${cardNo}`]);
  // the browser is on UTC; the table reads Shanghai's clock
  expect(entries.map((e) => e.createdAt)).toHaveLength(2);
  expect(await log.column('操作时间')).toEqual(entries.map((e) => shanghaiText(e.createdAt)));
  expect(shanghaiText(entries[0]!.createdAt)).not.toBe(utcText(entries[0]!.createdAt));

  // 详情 of the edit: only what changed, by the form's labels, before → after, times on Shanghai's clock
  await log.details('修改集团卡');
  await expect(log.drawer.locator('.log-detail')).toContainText(shanghaiText(entries[0]!.createdAt));
  await expect(log.mode).toHaveText('已修改');
  const changed = await log.diff();
  expect(changed).toContainEqual(['每月次数', '20', '→', '30']);
  expect(changed.map(([label]) => label)).not.toContain('卡号');
  const updatedAt = changed.find(([label]) => label === '更新时间');
  expect(updatedAt?.[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(log.drawer).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  await log.drawer.getByRole('button', { name: /close|关闭/i }).click();
  await expect(log.drawer).toBeHidden();

  // 详情 of the creation: its values as 新建, the lot by its name, linked to the lot list
  await log.details('新增集团卡');
  await expect(log.mode).toHaveText('新建');
  await expect(log.drawer.getByText('已修改')).toHaveCount(0);
  const created = await log.diff();
  expect(created).toEqual(
    expect.arrayContaining([
      ['卡号', cardNo],
      ['适用停车场', lotName],
      ['优惠方式', '免费停车'],
      ['每月次数', '20'],
    ]),
  );
  await expect(log.drawer).not.toContainText(lot.body.data.id);
  await log.drawer.getByRole('link', { name: lotName }).click();
  await expect(page).toHaveURL(new RegExp(`#/parkingAdmin/parkingList\\?name=${encodeURIComponent(lotName)}`));
  await expect(page.locator('.resource-page').filter({ visible: true }).locator('.resource-table').getByText(lotName)).toBeVisible();
});
