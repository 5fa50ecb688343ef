import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { OrderWarning, Paged } from '@parking/contract';
import { expect, type TestInfo } from '@playwright/test';
import type { apiAs } from './api.js';

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

/** The lots `--lots 2 --streets 1` sets up and reuses: a barrier lot and a street. */
export const simulatedLots = ['仿真停车场01', '仿真路段02'] as const;

/**
 * What a spec's simulated traffic leaves ringing or counting goes, so the specs after it find tenant
 * demo's bell and lists as seeded: the simulated devices (their outages close), the lanes, the
 * warnings left open, and the lots are switched off. The stays and money stay (records are never
 * deleted); the simulator sets the rest up again when it next runs.
 */
export const retireSimulatedLots = async (api: Awaited<ReturnType<typeof apiAs>>, names: readonly string[] = simulatedLots) => {
  for (const name of names) {
    const lot = (
      await api.get<Paged<{ id: string; name: string; type: number; kind: string; totalSpaces: number }>>(`/api/system/Parking?name=${encodeURIComponent(name)}&pageSize=100`)
    ).body.data.list.find((l) => l.name === name);
    if (!lot) continue;
    for (const device of (await api.get<Paged<{ id: string }>>(`/api/system/Device?lotId=${lot.id}&pageSize=100`)).body.data.list) {
      expect((await api.delete(`/api/system/Device/${device.id}`)).body.code).toBe(200);
    }
    for (const lane of (await api.get<Paged<{ id: string }>>(`/api/system/ParkingLane?lotId=${lot.id}&pageSize=100`)).body.data.list) {
      expect((await api.delete(`/api/system/ParkingLane/${lane.id}`)).body.code).toBe(200);
    }
    for (const warning of (await api.get<Paged<OrderWarning>>(`/api/system/OrderWarning?state=open&lotId=${lot.id}&pageSize=1000`)).body.data.list) {
      expect((await api.post(`/api/system/OrderWarning/${warning.id}/Actions/Handle`, { remark: '仿真数据，无需处理' })).body.code).toBe(200);
    }
    const { type, kind, totalSpaces } = lot;
    expect((await api.put(`/api/system/Parking/${lot.id}`, { name, type, kind, totalSpaces, tariffId: null, enabled: false })).body.code).toBe(200);
  }
};
