import { createHash } from 'node:crypto';
import { authPaths, devicePaths, parkingLanePaths, parkingLotPaths, parkingSpacePaths, tariffPaths } from '@parking/contract';
import type { DeviceCredentials } from '../modules/devices/index.js';
import type { SimDevices } from './run-traffic.js';
import type { SimLot } from './traffic-plan.js';

/** What stops a simulation before it starts: the message is for the person who ran it. */
export class SimulationError extends Error {}
const fail = (message: string): never => {
  throw new SimulationError(message);
};

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The console's API as the administrator, for setting the simulated lots up. */
export const consoleApi = (baseUrl: string, token: string) => {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as Envelope<T>;
    if (answer.code !== 200) fail(`${method} ${path} 失败：${answer.msg}`);
    return answer.data;
  };
  return { get: <T>(path: string) => call<T>('GET', path), post: <T>(path: string, body?: unknown) => call<T>('POST', path, body) };
};
export type ConsoleApi = ReturnType<typeof consoleApi>;
type Page<T> = { list: T[] };

export const signIn = async (baseUrl: string, tenant: string, account: string, password: string) => {
  const response = await fetch(new URL(authPaths.login, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: createHash('md5').update(password).digest('hex'), tenant }),
  }).catch((error: unknown) => fail(`无法连接 ${baseUrl}：${String(error)}。请先 npm start`));
  const answer = (await response.json()) as Envelope<{ token: string }>;
  if (answer.code !== 200) fail(`登录失败：${answer.msg}`);
  return answer.data.token;
};

const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams({ currentPage: '1', pageSize: '100', ...params }).toString()}`;

/** A lot by its exact name, made with the given tariff if it is not there yet. */
const ensureLot = async (api: ConsoleApi, name: string, kind: 'lane' | 'space', tariffId: string) => {
  const found = (await api.get<Page<{ id: string; name: string }>>(query(parkingLotPaths.list, { name }))).list.find((lot) => lot.name === name);
  if (found) return found.id;
  const total = kind === 'lane' ? 300 : 20;
  return (await api.post<{ id: string }>(parkingLotPaths.list, { name, type: kind === 'lane' ? 1 : 0, kind, totalSpaces: total, tariffId, address: '仿真数据' })).id;
};

const ensureLane = async (api: ConsoleApi, lotId: string, name: string, direction: 'in' | 'out') => {
  const found = (await api.get<Page<{ id: string; name: string }>>(query(parkingLanePaths.list, { lotId }))).list.find((lane) => lane.name === name);
  return found?.id ?? (await api.post<{ id: string }>(parkingLanePaths.list, { lotId, name, direction })).id;
};

/** A device by sn with a secret this run knows: a new one answers with it, an existing one has it reset. */
const ensureDevice = async (api: ConsoleApi, tenant: string, input: { sn: string; name: string; type: string; lotId: string; laneId?: string }): Promise<DeviceCredentials> => {
  const found = (await api.get<Page<{ id: string; sn: string }>>(query(devicePaths.list, { deviceNo: input.sn }))).list.find((d) => d.sn === input.sn);
  const { secret } = found
    ? await api.post<{ secret: string }>(devicePaths.resetSecret.replace(':id', found.id))
    : await api.post<{ secret: string }>(devicePaths.list, { ...input, laneId: input.laneId ?? null });
  return { tenant, sn: input.sn, secret };
};

const streetSpaces = Array.from({ length: 20 }, (_, i) => `S${String(i + 1).padStart(3, '0')}`);

/**
 * Makes sure the simulated lots exist, as the administrator would in the console: N lots, the last
 * `streets` of them streets with 20 spaces and a PDA, the others barrier lots with an entry and an
 * exit camera. Runs again find them by name and reset their devices' secrets.
 */
export const setUpSimulation = async (api: ConsoleApi, tenant: string, lots: number, streets: number) => {
  const tariffs = (await api.get<Page<{ id: string; enabled: boolean }>>(query(tariffPaths.list, {}))).list.filter((t) => t.enabled);
  const tariffId = tariffs[0]?.id ?? fail('租户没有启用的计费规则：请先在 计费规则 中新增一条');
  const simLots: SimLot[] = [];
  const devices: Partial<Record<'in' | 'out' | 'pda', DeviceCredentials>>[] = [];
  for (let i = 1; i <= lots; i += 1) {
    const street = i > lots - streets;
    const no = String(i).padStart(2, '0');
    if (street) {
      const lotId = await ensureLot(api, `仿真路段${no}`, 'space', tariffId);
      const existing = (await api.get<Page<{ number: string }>>(query(parkingSpacePaths.list, { lotId }))).list;
      if (existing.length === 0) await api.post(parkingSpacePaths.batch, { lotId, prefix: 'S', start: 1, end: streetSpaces.length, digits: 3 });
      simLots.push({ key: lotId, kind: 'space', spaces: streetSpaces });
      devices.push({ pda: await ensureDevice(api, tenant, { sn: `SIM-PDA-${no}`, name: `仿真路段${no}收费员PDA`, type: 'pda', lotId }) });
      continue;
    }
    const lotId = await ensureLot(api, `仿真停车场${no}`, 'lane', tariffId);
    const inLane = await ensureLane(api, lotId, '仿真入口', 'in');
    const outLane = await ensureLane(api, lotId, '仿真出口', 'out');
    simLots.push({ key: lotId, kind: 'lane' });
    devices.push({
      in: await ensureDevice(api, tenant, { sn: `SIM-CAM-${no}-IN`, name: `仿真停车场${no}入口相机`, type: 'camera', lotId, laneId: inLane }),
      out: await ensureDevice(api, tenant, { sn: `SIM-CAM-${no}-OUT`, name: `仿真停车场${no}出口相机`, type: 'camera', lotId, laneId: outLane }),
    });
  }
  return { simLots, devices: devices as SimDevices };
};
