import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import { startBackupControl } from './control.js';
import { backupsDirOf, newBackupPath } from './kept-backups.js';

const cli = resolve(import.meta.dirname, 'backup.cli.ts');

/**
 * `npm run backup` / `npm run restore` as a person runs them: the process, its output and exit code.
 * Each start compiles the command with tsx, seconds apiece on a machine running every test file.
 */
const run = (args: string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => done({ code, output }));
  });

const source = mkdtempSync(join(tmpdir(), 'parking-cli-src-'));

beforeAll(async () => {
  const db = await PGlite.create(join(source, 'pglite'));
  await db.exec(`CREATE TABLE schema_migrations (name text PRIMARY KEY); INSERT INTO schema_migrations VALUES ('0000_init.sql');
    CREATE TABLE payments (amount int); INSERT INTO payments VALUES (500), (1200)`);
  await db.close();
  mkdirSync(join(source, 'photos'));
  writeFileSync(join(source, 'photos', 'in.jpg'), 'photo');
}, 60_000);

describe('npm run backup and npm run restore', () => {
  let file: string;

  it('backs up a data directory no server runs on, and asks the server when one does', async () => {
    const offline = await run(['backup'], { DATA_DIR: source });
    expect(offline.output).toContain('备份完成');
    expect(offline.code).toBe(0);
    [file] = readdirSync(backupsDirOf(source)).map((name) => join(backupsDirOf(source), name));

    // a server of this data directory: the command leaves the database to it and copies what it wrote
    const control = await startBackupControl(source, async () => {
      const path = await newBackupPath(source, new Date('2026-11-30T19:00:00Z'));
      copyFileSync(file, path);
      return { path, bytes: readFileSync(path).length };
    });
    try {
      const out = join(mkdtempSync(join(tmpdir(), 'parking-cli-out-')), 'copy.tar.gz');
      const online = await run(['backup', '--out', out], { DATA_DIR: source });
      expect(online.output).toContain('由运行中的服务器进程');
      expect(online.code).toBe(0);
      expect(readFileSync(out)).toEqual(readFileSync(file));
      // nor may a restore touch the data directory of a running server, forced or not
      const busy = await run(['restore', file, '--force'], { DATA_DIR: source });
      expect(busy.output).toContain('请先停止它');
      expect(busy.code).toBe(2);
    } finally {
      await control.close();
    }
  }, 120_000);

  it('restores the files and the database into an empty folder', async () => {
    const target = mkdtempSync(join(tmpdir(), 'parking-cli-dst-'));
    const restored = await run(['restore', file], { DATA_DIR: target });
    expect(restored.output).toContain('恢复完成');
    expect(restored.code).toBe(0);
    expect(readFileSync(join(target, 'photos', 'in.jpg'), 'utf8')).toBe('photo');
    const db = await PGlite.create(join(target, 'pglite'));
    expect((await db.query<{ sum: number }>('SELECT sum(amount)::int AS sum FROM payments')).rows[0]!.sum).toBe(1700);
    await db.close();
    expect(existsSync(join(target, 'pglite'))).toBe(true);
  }, 120_000);
});
