#!/usr/bin/env node
// Makes the upgrade test's fixture of one released migration level: the database a landed commit
// leaves behind after its own first start (seed and demo history) and its own traffic simulator.
//
//   npm run upgrade-fixture -- <commit>      # e.g. b024645 (the commit that landed 0047)
//   npm run upgrade-fixture -- <commit> --released-only   # only the list below
//
// It also writes upgrade-fixtures/released-migrations.json: every migration up to the newest level
// with a fixture, with a hash of its statements, which db/migrate-rules.test.ts holds the
// migrations folder to (no released migration renamed, removed or changed, none added before it).
//
// Needs a PostgreSQL server (UPGRADE_FIXTURE_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
// on which it creates and drops a scratch database. The commit is checked out in a temporary git
// worktree that borrows this checkout's node_modules. The fixture, written to
// packages/server/src/db/upgrade-fixtures/<level>.json.gz, holds the commit's migration files as
// they were then (the schema is made by applying them) and every table's rows as JSON.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
// run under tsx (npm run upgrade-fixture): the hash is the migration runner's own
import { statementsHash } from '../packages/server/src/db/migrate.ts';

const root = resolve(import.meta.dirname, '..');
const fixturesDir = join(root, 'packages/server/src/db/upgrade-fixtures');
const migrationsPath = 'packages/server/src/db/migrations';
const serverUrl = process.env.UPGRADE_FIXTURE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// what the commit's own tools make: one day of the demo's history, then two lots of simulated traffic
const demoHistoryDays = '1';
const simulatorArgs = ['--lots', '2', '--cars', '40', '--minutes', '180', '--seed', '26'];

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

const [commitArg, option] = process.argv.slice(2);
if (!commitArg || commitArg === '--help') {
  console.log('usage: node scripts/upgrade-fixture.mjs <commit>   (writes packages/server/src/db/upgrade-fixtures/<level>.json.gz)');
  process.exit(commitArg ? 0 : 1);
}
const commit = git('rev-parse', '--verify', `${commitArg}^{commit}`);
const migrationNames = git('ls-tree', '--name-only', `${commit}:${migrationsPath}`)
  .split('\n')
  .filter((name) => name.endsWith('.sql'))
  .sort();
const level = migrationNames.at(-1).replace(/\.sql$/, '');
const simulatorCli = git('ls-tree', '-r', '--name-only', commit)
  .split('\n')
  .find((path) => path.endsWith('simulator/simulate.cli.ts'));
if (!simulatorCli) throw new Error(`${commit} has no traffic simulator (simulate.cli.ts): pick a later commit`);

const withDatabase = (url, name) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

/** node_modules of the worktree: this checkout's packages, but the workspace packages of the worktree itself */
const borrowNodeModules = (worktree) => {
  const own = join(worktree, 'node_modules');
  mkdirSync(own);
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry === '@parking') continue;
    symlinkSync(join(root, 'node_modules', entry), join(own, entry));
  }
  mkdirSync(join(own, '@parking'));
  for (const workspace of ['contract', 'server', 'web']) symlinkSync(join(worktree, 'packages', workspace), join(own, '@parking', workspace));
  for (const workspace of ['contract', 'server', 'web']) {
    const theirs = join(root, 'packages', workspace, 'node_modules');
    if (existsSync(theirs) && existsSync(join(worktree, 'packages', workspace))) symlinkSync(theirs, join(worktree, 'packages', workspace, 'node_modules'));
  }
};

const run = (command, args, options) =>
  new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });

/** The commit's server on the scratch database until its demo history is written; answers a stop function. */
const startServer = async (worktree, databaseUrl, port, dataDir) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/server.ts'], {
    cwd: worktree,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_HISTORY_DAYS: demoHistoryDays,
      DEMO_HEARTBEAT_MS: '0',
      LOG_LEVEL: 'info',
    },
  });
  const exited = new Promise((done) => child.on('exit', done));
  await new Promise((done, fail) => {
    let pending = '';
    const timer = setTimeout(() => fail(new Error('no "demo traffic history generated" within 10 minutes')), 600_000);
    child.on('exit', (code) => fail(new Error(`the server exited with ${code} before its demo history was written`)));
    child.stdout.on('data', (chunk) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (line.includes('demo traffic history failed')) fail(new Error(line));
        if (line.includes('demo traffic history generated')) {
          clearTimeout(timer);
          console.log(line);
          done();
        }
      }
    });
  });
  child.stdout.resume();
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
};

/** Every table's rows as JSON text, and every sequence's value, read in one snapshot. */
const dumpDatabase = async (databaseUrl) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = (
      await client.query(`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations' ORDER BY c.relname`)
    ).rows.map((row) => row.name);
    const data = [];
    for (const table of tables) {
      const columns = (
        await client.query(
          `SELECT attname FROM pg_attribute WHERE attrelid = format('public.%I', $1::text)::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
          [table],
        )
      ).rows.map((row) => row.attname);
      const quoted = columns.map((column) => `"${column}"`).join(', ');
      // a stable order, so the same database gives the same file
      const { rows } = await client.query(`SELECT count(*)::int AS n, coalesce(json_agg(t ORDER BY t::text)::text, '[]') AS rows FROM (SELECT ${quoted} FROM "${table}") AS t`);
      data.push({ table, columns, count: rows[0].n, rows: rows[0].rows });
    }
    const sequences = (
      await client.query(`SELECT s.sequencename AS name, s.last_value::text AS value FROM pg_sequences s WHERE s.schemaname = 'public' AND s.last_value IS NOT NULL ORDER BY 1`)
    ).rows;
    await client.query('COMMIT');
    return { data, sequences };
  } finally {
    await client.end();
  }
};

/** Today's text of every migration up to the newest released level; a level older than the list's leaves it. */
const recordReleased = () => {
  const file = join(fixturesDir, 'released-migrations.json');
  const through = `${level}.sql`;
  const known = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { through: '', migrations: {} };
  if (known.through >= through) return;
  const dir = join(root, migrationsPath);
  const migrations = Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.sql') && name <= through)
      .sort()
      .map((name) => [name, statementsHash(readFileSync(join(dir, name), 'utf8'))]),
  );
  writeFileSync(file, `${JSON.stringify({ through, migrations }, null, 2)}\n`);
  console.log(`${file}: released through ${through}`);
};

const main = async () => {
  if (option === '--released-only') return recordReleased();
  const worktree = mkdtempSync(join(tmpdir(), `upgrade-fixture-${level.slice(0, 4)}-`));
  rmSync(worktree, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'upgrade-fixture-data-'));
  const scratch = `upgrade_fixture_${level.slice(0, 4)}_${process.pid}`;
  const databaseUrl = withDatabase(serverUrl, scratch);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  git('worktree', 'add', '--detach', worktree, commit);
  try {
    borrowNodeModules(worktree);
    await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contract'], { cwd: worktree });
    await admin.query(`CREATE DATABASE ${scratch}`);
    const port = await freePort();
    const stop = await startServer(worktree, databaseUrl, port, dataDir);
    try {
      await run(process.execPath, ['--import', 'tsx', simulatorCli, '--url', `http://127.0.0.1:${port}`, ...simulatorArgs], { cwd: worktree });
    } finally {
      await stop();
    }
    const { data, sequences } = await dumpDatabase(databaseUrl);
    const migrations = migrationNames.map((name) => ({ name, sql: git('show', `${commit}:${migrationsPath}/${name}`) }));
    const fixture = {
      level,
      commit,
      subject: git('log', '-1', '--format=%s', commit).slice(0, 160),
      made: `DEMO_HISTORY_DAYS=${demoHistoryDays} first start, then simulate.cli.ts ${simulatorArgs.join(' ')}`,
      migrations,
      data,
      sequences,
    };
    mkdirSync(fixturesDir, { recursive: true });
    const file = join(fixturesDir, `${level}.json.gz`);
    writeFileSync(file, gzipSync(JSON.stringify(fixture), { level: 9 }));
    const rows = data.reduce((sum, table) => sum + table.count, 0);
    console.log(`${file}: ${rows} rows in ${data.length} tables, ${readFileSync(file).length} bytes`);
    recordReleased();
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    git('worktree', 'remove', '--force', worktree);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
