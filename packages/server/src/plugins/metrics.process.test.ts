import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = resolve(import.meta.dirname, '../server.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'parking-metrics-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// the real process on PGlite: the server:postgres project leaves *.process.test.ts out (vitest.config.ts)
describe('the server process with METRICS_PORT', () => {
  it('serves /metrics on its own port, counting the routes of the real app, and not on the API', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      // port 0 for both: the addresses are read from the log
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        METRICS_PORT: '0',
        METRICS_HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'info',
        DEMO_HISTORY_DAYS: '0',
        DEMO_HEARTBEAT_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
    try {
      // a generous limit: on a busy machine a first start (migrate, seed, argon2) takes long
      const deadline = Date.now() + 120_000;
      while (!output.includes('Server listening')) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const api = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
      const metrics = /"address":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/.exec(output)![1]!;
      expect((await fetch(`${api}/api/oauth/branding`)).status).toBe(200);
      expect((await fetch(`${api}/metrics`)).status).toBe(404);
      const text = await (await fetch(metrics)).text();
      expect(text).toContain('http_requests_total{method="GET",route="/api/oauth/branding",status="200"} 1');
      expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
      expect(text).toContain('parking_database_info{kind="pglite"} 1');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 180_000);
});
