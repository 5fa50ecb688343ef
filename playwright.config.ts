import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18_080);
const baseURL = `http://127.0.0.1:${port}`;
// a fresh embedded database for every run, so the seeded demo data is what the tests see
const dataDir = mkdtempSync(join(tmpdir(), 'parking-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '.test-output/playwright',
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    // a click or fill that cannot happen fails at that step, not at the end of the test
    actionTimeout: 15_000,
    // the console then opens dialogs without their zoom (app-providers.tsx), so a click never lands
    // on a dialog still growing into place
    reducedMotion: 'reduce',
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    // the app as `npm start` serves it; `npm test` builds it first
    command: 'node --max-old-space-size=256 packages/server/dist/server.js',
    url: `${baseURL}/config.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    // every spec signs in from 127.0.0.1; the per-address limit is tested in the server suite
    // devices go offline 3 cycles (10 s at least) after their last heartbeat: look every second
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      LOGIN_RATE_LIMIT: '600',
      DEVICE_OFFLINE_CHECK_MS: '1000',
      // no generated traffic: specs count the seeded messages and records
      DEMO_HISTORY_DAYS: '0',
      // nor the demo's car owners: their 车辆认证审核 messages would change the counted ones
      DEMO_CUSTOMERS: '0',
      // no SMS gateway here: the owner's 获取验证码 answers the code, which the phone page shows
      SMS_REVEAL_CODES: '1',
      // no nightly backup during the run: the 备份 spec counts the backups it takes itself
      BACKUP_KEEP: '0',
    },
  },
});
