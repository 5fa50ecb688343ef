import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestInfo } from '@playwright/test';

/** What the simulator prints last: its summary as one JSON line. */
export interface SimulationSummary {
  seed: number;
  sent: number;
  entries: number;
  exits: number;
  abnormal: number;
  refused: number;
}

/**
 * Runs the traffic simulator as its operator would (`npm run simulate -- …`) against the server under
 * test, signed as tenant demo's admin; it sets up 仿真停车场01, 仿真路段02… on first use and reuses them.
 */
export const runSimulator = async (testInfo: TestInfo, args: readonly string[]): Promise<SimulationSummary> => {
  const repoRoot = resolve(testInfo.project.testDir, '..');
  const cli = resolve(repoRoot, 'packages/server/src/simulator/simulate.cli.ts');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, '--url', testInfo.project.use.baseURL!, ...args], { cwd: repoRoot, timeout: 150_000 });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as SimulationSummary;
};
