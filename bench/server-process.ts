import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** Waits until a started server answers `url` with 2xx; fails at once if it exits, or after 2 minutes. */
export const waitForServer = async (url: string, server: ChildProcess): Promise<void> => {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error('server did not start within 2 minutes');
};
