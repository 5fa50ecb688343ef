// npm run bench -- first-page — what a user's browser fetches and waits for, in headless Chromium
// against the built server as `npm start` runs it (packages/server/dist and packages/web/dist, so
// `npm run build` first; BENCH_SERVER_ENTRY names another build's server.js). Two figures:
//   1. the login page's JavaScript: bytes on the wire (as the server sent them, compressed or not)
//      and decoded, every script fetched until the network is quiet;
//   2. sign-in submitted → the first rows of the first list page's table on screen, in a new browser
//      context each run (an empty cache, as a first visit), median over FIRST_PAGE_RUNS (10) runs
//      after one warm-up run.
// FIRST_PAGE_PORT (18420) is the server's port; CHROMIUM_PATH the browser (/usr/bin/chromium).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Response } from '@playwright/test';
import { waitForServer } from './server-process.js';

const root = resolve(import.meta.dirname, '..');
const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
};

const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface ScriptFetch {
  url: string;
  encoding: string;
  wireBytes: number;
  rawBytes: number;
}

/** Every script the login page fetches in a fresh context, until no request has been under way for 500 ms. */
const loginPageScripts = async (browser: Browser, base: string): Promise<ScriptFetch[]> => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await page.goto(`${base}/#/login`);
    await page.getByPlaceholder('账号').waitFor();
    await page.waitForLoadState('networkidle');
    return await Promise.all(
      responses.map(async (response) => ({
        url: new URL(response.url()).pathname,
        encoding: (await response.headerValue('content-encoding')) ?? 'identity',
        // the body as it crossed the network, before the browser decoded it
        wireBytes: (await response.request().sizes()).responseBodySize,
        rawBytes: (await response.body()).length,
      })),
    );
  } finally {
    await context.close();
  }
};

/** One sign-in as admin from a fresh context: milliseconds from the form's submit to the first table row on screen. */
const signInToFirstRows = async (browser: Browser, base: string): Promise<{ ms: number; path: string }> => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/#/login`);
    await page.getByPlaceholder('账号').fill('admin');
    await page.getByPlaceholder('密码').fill('admin123');
    await page.waitForLoadState('networkidle');
    // both instants come from the page's own clock: the submit event, then the first frame with a row
    // (the scripts run in the page, written as text since this file is compiled without the DOM's types)
    await page.evaluate("document.addEventListener('submit', () => { window.submittedAt = performance.now(); }, { capture: true, once: true })");
    await page.getByRole('button', { name: /登\s*录/ }).click();
    const shownAt = await page.waitForFunction("document.querySelector('.ant-table-tbody > tr.ant-table-row') ? performance.now() : 0", undefined, {
      polling: 'raf',
      timeout: 30_000,
    });
    const submittedAt = await page.evaluate<number>('window.submittedAt');
    return { ms: ((await shownAt.jsonValue()) as number) - submittedAt, path: new URL(page.url()).hash };
  } finally {
    await context.close();
  }
};

export const runFirstPageBench = async () => {
  const runs = setting('FIRST_PAGE_RUNS', 10);
  const port = setting('FIRST_PAGE_PORT', 18_420);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'parking-first-page-'));
  const entry = process.env.BENCH_SERVER_ENTRY ?? join(root, 'packages/server/dist/server.js');
  const server = spawn(process.execPath, ['--max-old-space-size=256', entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      DEMO_HISTORY_DAYS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let browser: Browser | undefined;
  try {
    await waitForServer(`${base}/config.json`, server);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    console.log(`server ${entry}; chromium ${browser.version()}; load average ${loadAverage()}`);

    const scripts = await loginPageScripts(browser, base);
    for (const s of scripts) console.log(`  ${s.url.padEnd(48)} ${s.encoding.padEnd(8)} ${kb(s.wireBytes).padStart(10)} on the wire ${kb(s.rawBytes).padStart(10)} decoded`);
    const wire = scripts.reduce((sum, s) => sum + s.wireBytes, 0);
    const raw = scripts.reduce((sum, s) => sum + s.rawBytes, 0);
    console.log(`login page JavaScript: ${scripts.length} files, ${kb(wire)} on the wire, ${kb(raw)} decoded`);

    await signInToFirstRows(browser, base);
    const times: number[] = [];
    let landing = '';
    for (let i = 0; i < runs; i++) {
      const run = await signInToFirstRows(browser, base);
      times.push(run.ms);
      landing = run.path;
    }
    console.log(`sign-in → first rows of ${landing}: runs ${runs}  median ${median(times).toFixed(0)} ms  min ${Math.min(...times).toFixed(0)} ms  max ${Math.max(...times).toFixed(0)} ms`);
    console.log(`  each run, ms: ${times.map((t) => t.toFixed(0)).join(', ')}; load average at end ${loadAverage()}`);
  } finally {
    await browser?.close();
    server.kill();
    await new Promise((done) => server.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
};
