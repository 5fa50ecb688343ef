import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { askServerForBackup, controlFileName, readControlFile, runningServerOf, startBackupControl } from './control.js';

describe("npm run backup's way to the running server", () => {
  it('takes a backup only for the holder of the secret in DATA_DIR, a file only its owner reads', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parking-control-'));
    let taken = 0;
    const control = await startBackupControl(dataDir, async () => {
      taken += 1;
      return { path: join(dataDir, 'backups', 'b.tar.gz'), bytes: 42 };
    });
    try {
      expect(statSync(join(dataDir, controlFileName)).mode & 0o777).toBe(0o600);
      const server = await runningServerOf(dataDir);
      expect(server?.pid).toBe(process.pid);
      expect(await askServerForBackup(server!)).toEqual({ path: join(dataDir, 'backups', 'b.tar.gz'), bytes: 42 });
      await expect(askServerForBackup({ ...server!, secret: 'guessed' })).rejects.toThrow(/forbidden/);
      const plain = await fetch(`http://127.0.0.1:${server!.port}/backup`, { method: 'POST' });
      expect(plain.status).toBe(403);
      expect(taken).toBe(1);
    } finally {
      await control.close();
    }
    expect(await readControlFile(dataDir)).toBeUndefined();
  });
});
