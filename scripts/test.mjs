#!/usr/bin/env node
// Runs every suite (lint, format, module boundaries, vitest projects, then Playwright e2e) and ends with one line
// "tests: N passed, N failed" summing them all. Exits non-zero when any test or suite failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const out = resolve(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// how long each stage took, printed at the end: the suite must stay well inside CI's 90 minutes
const stageSeconds = [];
const run = (label, command, args, env = {}) => {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  stageSeconds.push([label, (Date.now() - started) / 1000]);
  return result.status ?? 1;
};

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

const suites = [];

// the contract package is imported by the server build and the e2e server: build it first
const buildStatus = run('build', 'npm', ['run', 'build']);
if (buildStatus !== 0) {
  console.log('\nbuild failed; no suite ran');
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}
// the build compiles the packages; the browser specs and the benchmarks run from source unchecked
const typecheckStatus = run('type check (packages, e2e, bench)', 'npm', ['run', 'typecheck']);
if (typecheckStatus !== 0) {
  console.log('\ntype check failed; no suite ran');
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

// type-aware lint (eslint.config.js); the cache lives outside .test-output so it outlasts this run,
// and a fresh checkout (CI) lints everything. A lint failure is a failed suite; the tests still run.
const lintStatus = run('lint (ESLint, type-aware)', 'npx', ['eslint', '.', '--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/']);
suites.push({ name: 'lint', passed: 0, failed: lintStatus === 0 ? 0 : 1, crashed: false });

// the formatter (.prettierrc.json): a file written otherwise is a failed suite; `npm run format` fixes it
const formatStatus = run('format (Prettier)', 'npm', ['run', 'format:check', '--', '--log-level', 'warn']);
suites.push({ name: 'format', passed: 0, failed: formatStatus === 0 ? 0 : 1, crashed: false });

// module boundaries (.dependency-cruiser.cjs): no cycles, other modules only through their faces, the
// module order; any violation fails the suite
const depsStatus = run('module boundaries (dependency-cruiser)', 'npm', ['run', 'deps']);
suites.push({ name: 'deps', passed: 0, failed: depsStatus === 0 ? 0 : 1, crashed: false });

const vitestFile = resolve(out, 'vitest.json');
const vitestStatus = run('unit and API tests (vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`]);
const vitest = readJson(vitestFile);
suites.push({
  name: 'vitest',
  passed: vitest?.numPassedTests ?? 0,
  failed: (vitest?.numFailedTests ?? 0) + (vitest ? 0 : 1),
  crashed: vitestStatus !== 0 && (vitest?.numFailedTests ?? 0) === 0,
});

const playwrightFile = resolve(out, 'playwright.json');
const playwrightStatus = run('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightFile,
});
const playwright = readJson(playwrightFile);
suites.push({
  name: 'playwright',
  passed: playwright?.stats?.expected ?? 0,
  failed: (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0) + (playwright ? 0 : 1),
  crashed: playwrightStatus !== 0 && (playwright?.stats?.unexpected ?? 0) === 0,
});

// CI shows the end of this output: name what failed just above the summary, so a failure is found from there
const failedNames = [];
for (const file of vitest?.testResults ?? []) {
  for (const test of file.assertionResults ?? []) {
    if (test.status === 'failed') failedNames.push(`vitest ${file.name.replace(`${root}/`, '')} › ${test.fullName}`);
  }
  // a file that failed before any test ran (an import error, a hook) has no failed test of its own
  if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
    failedNames.push(`vitest ${file.name.replace(`${root}/`, '')} › ${(file.message ?? '').split('\n')[0]}`);
  }
}
const walkSuites = (suite, titles) => {
  for (const spec of suite.specs ?? []) {
    if (!spec.ok) failedNames.push(`playwright ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
  }
  for (const child of suite.suites ?? []) walkSuites(child, suite.file === child.file && child.title ? [...titles, child.title] : titles);
};
for (const suite of playwright?.suites ?? []) walkSuites(suite, []);
if (failedNames.length > 0) {
  console.log('\nfailed:');
  for (const name of failedNames) console.log(`  ${name}`);
}

// where the time went: each stage, then the vitest files that took longest (by project)
console.log('\ntime per stage:');
for (const [label, seconds] of stageSeconds) console.log(`  ${label}: ${Math.round(seconds)} s`);
const fileSeconds = (vitest?.testResults ?? []).map((file) => [file.name.replace(`${root}/`, ''), ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000]).sort((a, b) => b[1] - a[1]);
if (fileSeconds.length > 0) {
  console.log("slowest vitest files (each one's own seconds; files run side by side):");
  for (const [name, seconds] of fileSeconds.slice(0, 12)) console.log(`  ${Math.round(seconds)} s ${name}`);
}

console.log('');
let passed = 0;
let failed = 0;
for (const suite of suites) {
  // a suite that exited non-zero with no failed test (a crash, a config error) counts as one failure
  const suiteFailed = suite.failed + (suite.crashed ? 1 : 0);
  console.log(`${suite.name}: ${suite.passed} passed, ${suiteFailed} failed`);
  passed += suite.passed;
  failed += suiteFailed;
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
