import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = resolve(import.meta.dirname, 'server.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'parking-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the real process on a free port (PGlite under dataDir) and waits until it listens. */
const startServer = async (port: number) => {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info', DEMO_HISTORY_DAYS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // a generous limit: on a busy machine a first start (migrate, seed, argon2) takes long; speed lives in bench/
  const deadline = Date.now() + 120_000;
  while (!output.includes('Server listening')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output };
};

const exitOf = (child: ChildProcess) => new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));

describe('the server process', () => {
  it('seeds on first start, shuts down cleanly on SIGTERM, and starts again on the same data', async () => {
    const port = 19_000 + Math.floor(Math.random() * 500);
    const first = await startServer(port);
    expect(first.output()).toContain('demo data seeded');
    const branding = await fetch(`http://127.0.0.1:${port}/api/oauth/branding?account=mw`);
    expect((await branding.json()).data.title).toBe('明湾智慧停车');

    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(first.output()).toContain('shutting down');

    // the embedded database closed cleanly: a second start finds its data and seeds nothing
    const second = await startServer(port);
    expect(second.output()).not.toContain('demo data seeded');
    expect(second.output()).not.toContain('migrations applied');
    const again = await fetch(`http://127.0.0.1:${port}/api/oauth/branding`);
    expect((await again.json()).data.code).toBe('demo');
    const secondExit = exitOf(second.child);
    second.child.kill('SIGINT');
    expect(await secondExit).toBe(0);
  }, 300_000);
});
