import type { Page } from '@playwright/test';
import { expect, test } from '../support/signed-in.fixtures.js';
import { ShellPage } from './shell.page.js';

const config = (weatherEnabled: boolean) => ({ apiBaseUrl: '', amapKey: '', amapSecurityCode: '', weatherEnabled });

async function fakeConfig(page: Page, weatherEnabled: boolean) {
  await page.route('**/config.json', (route) => route.fulfill({ json: config(weatherEnabled) }));
}

test('with weather on, the navbar shows "info temperature℃", fetched once per account and day', async ({ page }) => {
  await fakeConfig(page, true);
  const calls: URL[] = [];
  await page.route('**/weather/real/**', (route) => {
    calls.push(new URL(route.request().url()));
    return route.fulfill({ json: { code: 200, msg: '成功', data: { info: '多云', temperature: '18', date: '2026-11-21' } } });
  });
  const shell = new ShellPage(page);
  await shell.open();
  await expect(page.locator('.app-navbar__weather')).toHaveText('多云 18℃');
  expect(calls).toHaveLength(1);
  // the demo tenant's location, with a millisecond timestamp
  expect(calls[0]?.pathname).toBe('/weather/real/101010100');
  expect(Number(calls[0]?.searchParams.get('timestamp'))).toBeGreaterThan(1_600_000_000_000);

  await page.reload();
  await expect(page.locator('.app-navbar__weather')).toHaveText('多云 18℃');
  expect(calls).toHaveLength(1);
});

test('with weather off, nothing is asked and nothing is shown', async ({ page }) => {
  await fakeConfig(page, false);
  let asked = false;
  await page.route('**/weather/real/**', (route) => {
    asked = true;
    return route.abort();
  });
  const shell = new ShellPage(page);
  await shell.open();
  await expect(page.locator('.app-navbar__clock')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.locator('.app-navbar__weather')).toHaveCount(0);
  expect(asked).toBe(false);
});

test('a failing weather call shows nothing and raises no error', async ({ page }) => {
  await fakeConfig(page, true);
  await page.route('**/weather/real/**', (route) => route.fulfill({ status: 502, json: { code: 502, msg: '天气服务暂时不可用', data: null } }));
  const shell = new ShellPage(page);
  await shell.open();
  await expect(page.locator('.app-navbar__clock')).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.locator('.app-navbar__weather')).toHaveCount(0);
  await expect(page.locator('.ant-notification')).toHaveCount(0);
});
