import { profilePaths, type OwnSession } from '@parking/contract';
import { ParkingRecordPage } from '../orders/parking-record.page.js';
import { apiAs } from '../support/api.js';
import { expect, test } from '../support/signed-in.fixtures.js';

// The console reads every time on the Shanghai clock, whatever the browser's zone: pickers show and send
// Shanghai wall time, "today" is Shanghai's today, lists show times in Shanghai. The browser's clock is
// fixed at 2026-01-15 23:30 UTC, which is already Friday 2026-01-16 07:30 in Shanghai (the 15th in UTC
// and in New York), so a day taken from the browser's own zone would show.
const browserNow = new Date('2026-01-15T23:30:00Z');
const shanghaiText = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    new Date(iso),
  );

for (const zone of ['UTC', 'America/New_York']) {
  test.describe(`a browser in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test.beforeEach(async ({ page }) => {
      await page.clock.setFixedTime(browserNow);
    });

    test('计费试算 prices 08:00–09:10 on the Shanghai clock and the navbar says Shanghai’s day', async ({ page }, testInfo) => {
      await page.goto('/#/parkingAdmin/tariff');
      await expect(page.locator('.app-navbar__date')).toHaveText('2026-01-16');
      await expect(page.locator('.app-navbar__week')).toHaveText('星期五');
      await expect(page.locator('.app-navbar__time')).toHaveText('07:30:00');

      // the seeded tariff took effect at midnight on 2025-01-01 in Shanghai
      const row = page.locator('.ant-table-row', { hasText: '路侧停车示例' });
      await expect(row).toContainText('2025/01/01 00:00');

      // the panel opens on today's 08:00–09:10, today being Shanghai's
      await row.getByRole('button', { name: '试算' }).click();
      const panel = page.locator('.tariff-trial');
      await expect(panel.getByLabel('车型')).toBeVisible();
      await expect(panel.getByLabel('入场时间')).toHaveValue('2026-01-16 08:00');
      await expect(panel.getByLabel('出场时间')).toHaveValue('2026-01-16 09:10');
      const sent = page.waitForRequest((request) => request.url().endsWith('/api/system/Tariff/Actions/Trial'));
      await panel.getByRole('button', { name: /试\s*算/ }).click();
      expect((await sent).postDataJSON()).toMatchObject({ enteredAt: '2026-01-16T08:00:00+08:00', exitedAt: '2026-01-16T09:10:00+08:00' });
      // the road sample 08:00–09:10 by day: 首小时 2 × 5元 + 首小时后 1 × 6元 = 16元
      await expect(panel.locator('.ant-statistic-content')).toContainText('16.00');
      const lines = panel.locator('.ant-table-tbody .ant-table-row');
      await expect(lines.first()).toContainText('01/16 08:00');
      await expect(lines.last()).toContainText('01/16 09:10');

      // another day typed in (the exit first, so the stay is never backwards): what is picked is what is sent and shown
      for (const [label, text] of [
        ['出场时间', '2026-03-02 09:10'],
        ['入场时间', '2026-03-02 08:00'],
      ] as const) {
        const input = panel.getByLabel(label);
        await input.click();
        await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(1);
        await input.fill(text);
        await input.press('Enter');
        // Enter takes the typed time and closes the picker
        await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
        await expect(input).toHaveValue(text);
      }
      await expect(panel.locator('.ant-form-item-explain-error')).toHaveCount(0);
      const again = page.waitForRequest((request) => request.url().endsWith('/api/system/Tariff/Actions/Trial'));
      await panel.getByRole('button', { name: /试\s*算/ }).click();
      expect((await again).postDataJSON()).toMatchObject({ enteredAt: '2026-03-02T08:00:00+08:00', exitedAt: '2026-03-02T09:10:00+08:00' });
      await expect(panel.locator('.ant-statistic-content')).toContainText('16.00');
      await expect(lines.first()).toContainText('03/02 08:00');
      await expect(lines.last()).toContainText('03/02 09:10');
      await page.screenshot({ path: testInfo.outputPath('tariff-trial-zone.png'), fullPage: true });
    });

    test('the tariff editor’s live 计费试算 opens on Shanghai’s today and prices the stay on the Shanghai clock', async ({ page }) => {
      await page.goto('/#/parkingAdmin/tariff');
      await page.getByRole('button', { name: '新增计费规则' }).click();
      const editor = page.getByRole('dialog', { name: '新增计费规则' });
      const trial = editor.locator('.tariff-live-trial');
      // today 08:00–10:10, today being Shanghai's Friday 16th
      await expect(trial.getByLabel('试算入场时间')).toHaveValue('2026-01-16 08:00');
      await expect(trial.getByLabel('试算出场时间')).toHaveValue('2026-01-16 10:10');
      // the new form's 08:00–20:00 at 2元 per 30 minutes, a part unit counted whole: 5 units
      await expect(trial.locator('.ant-statistic-content')).toHaveText('10.00元');
      await expect(trial).toContainText('08:00–10:10');
      await editor.getByRole('button', { name: /取\s*消/ }).click();
    });

    test('a list filtered to one day asks for that Shanghai day, and the picker’s today is Shanghai’s', async ({ page }) => {
      const records = new ParkingRecordPage(page);
      await records.visit();
      const range = records.search.locator('.ant-picker-range input');
      await range.nth(0).click();
      await expect(page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today')).toHaveAttribute('title', '2026-01-16');
      await range.nth(0).fill('2026-01-16 00:00:00');
      await range.nth(0).press('Enter');
      await range.nth(1).fill('2026-01-16 23:59:59');
      await range.nth(1).press('Enter');
      const asked = page.waitForRequest((request) => request.url().includes('/api/system/ParkingRecord?') && request.url().includes('enteredFrom'));
      await records.search.getByRole('button', { name: /查\s*询/ }).click();
      const query = new URL((await asked).url()).searchParams;
      expect([query.get('enteredFrom'), query.get('enteredTo')]).toEqual(['2026-01-16T00:00:00+08:00', '2026-01-16T23:59:59+08:00']);
      // and the day comes back as picked from the address
      await page.reload();
      await expect(records.search.locator('.ant-picker-range input').nth(0)).toHaveValue('2026-01-16 00:00:00');
      await expect(records.search.locator('.ant-picker-range input').nth(1)).toHaveValue('2026-01-16 23:59:59');
    });

    test('a record’s times show on the Shanghai clock', async ({ page }) => {
      await page.goto('/#/user/center');
      await page.getByRole('tab', { name: '登录设备' }).click();
      const api = await apiAs(page);
      const sessions = await api.get<OwnSession[]>(profilePaths.sessions);
      const own = sessions.body.data.find((session) => session.current)!;
      const row = page.locator('.ant-table-row', { hasText: '当前' });
      await expect(row).toContainText(shanghaiText(own.createdAt));
      await expect(row).toContainText(shanghaiText(own.expiresAt));
    });
  });
}
