// npm run bench — figures for the sign-in path, measured through the whole app (no network) on
// embedded PGlite, or on PostgreSQL when TEST_DATABASE_URL is set; then the orders core (bench/orders.ts)
// on the PostgreSQL server. `npm run bench -- signin` or `-- orders` runs one of them; `-- soak` runs only
// the hour-long memory soak (bench/soak.ts), and `-- first-page` only the login page's bytes and the time
// from sign-in to the first list in Chromium (bench/first-page.ts); neither runs by default. `-- revenue` runs only
// the 营收报表 over a year of 5,000,000 stays on PostgreSQL (bench/revenue-report.ts); `-- screens` only
// 数据大屏 with 0, 1 and 50 screens open under the simulator (bench/screens.ts); `-- tariff` only the fee engine
// beside the unit-by-unit walk it replaced (bench/tariff.ts); `-- failover` only two API processes behind
// HAProxy with one killed under device traffic (bench/failover.ts); `-- link-months` only migration 0061 on
// 1,000,000 payments (bench/link-months.ts); `-- payment-months` only 0068–0072, payments moved to monthly
// partitions, on 1,000,000 payments (bench/payment-months.ts); `-- tenant-keys` only 0074–0077, the tenant in
// every primary key and link, on 1,000,000 records and payments (bench/tenant-keys.ts). Not part of npm test.
import { performance } from 'node:perf_hooks';
import { runFailoverBench } from './failover.js';
import { runLinkMonthsBench } from './link-months.js';
import { runPaymentMonthsBench } from './payment-months.js';
import { runFirstPageBench } from './first-page.js';
import { runOrdersBench } from './orders.js';
import { runRevenueBench } from './revenue-report.js';
import { runScreensBench } from './screens.js';
import { runSoak } from './soak.js';
import { runTariffBench } from './tariff.js';
import { runTenantKeysBench } from './tenant-keys.js';
import { percentile } from './timing.js';
import { buildTestApp, demoPasswordMd5, postLogin, signIn } from '../packages/server/src/test/test-app.js';

const measure = async (label: string, runs: number, once: () => Promise<void>) => {
  for (let i = 0; i < Math.min(5, runs); i++) await once();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} runs ${String(runs).padStart(5)}  p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  ${(runs / (total / 1000)).toFixed(0)} /s`,
  );
};

const main = async () => {
  const t = await buildTestApp();
  console.log(`database: ${t.database.kind}; node ${process.version}; rss at start ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
  const token = await signIn(t.app);

  await measure('POST /api/oauth/Login (argon2id)', 50, async () => {
    const r = await postLogin(t.app, { account: 'admin', password: demoPasswordMd5, tenant: 'demo' });
    if (r.statusCode !== 200) throw new Error(r.body);
  });
  await measure('GET /api/oauth/CurrentUser', 500, async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: token } });
    if (r.statusCode !== 200) throw new Error(r.body);
  });
  await measure('GET /api/oauth/branding', 1000, async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/oauth/branding?account=demo' });
    if (r.statusCode !== 200) throw new Error(r.body);
  });
  console.log(`rss at end ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
  await t.close();
};

const only = process.argv[2];
if (only === 'soak') await runSoak();
else if (only === 'first-page') await runFirstPageBench();
else if (only === 'revenue') await runRevenueBench();
else if (only === 'screens') await runScreensBench();
else if (only === 'tariff') await runTariffBench();
else if (only === 'failover') await runFailoverBench();
else if (only === 'link-months') await runLinkMonthsBench();
else if (only === 'payment-months') await runPaymentMonthsBench();
else if (only === 'tenant-keys') await runTenantKeysBench();
else {
  if (only !== 'orders') await main();
  if (only !== 'signin') await runOrdersBench();
}
