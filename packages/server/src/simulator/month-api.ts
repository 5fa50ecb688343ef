import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { authPaths } from '@parking/contract';
import { signDeviceCall } from '../modules/devices/index.js';
import type { DeviceSender } from './run-traffic.js';
import { SimulationError, type ConsoleApi } from './simulation-setup.js';

/**
 * The month's calls go through the whole app in-process (`inject`): the same routes, validation,
 * signatures and rate limits as over the network, without sockets, and each driver's phone with
 * an address of its own, as drivers' phones have.
 */
export interface Answer<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

export type AppCall = <T>(method: 'GET' | 'POST', url: string, options?: { body?: unknown; token?: string; remoteAddress?: string }) => Promise<Answer<T>>;

export const appCall =
  (app: FastifyInstance): AppCall =>
  async <T>(method: 'GET' | 'POST', url: string, options: { body?: unknown; token?: string; remoteAddress?: string } = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: options.token ? { authorization: options.token } : {},
      ...(options.body === undefined ? {} : { payload: options.body as object }),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    let envelope: { code: number; msg: string; data: T };
    try {
      envelope = response.json();
    } catch {
      envelope = { code: response.statusCode, msg: response.body.slice(0, 200), data: undefined as T };
    }
    return { status: response.statusCode, ...envelope, headers: response.headers };
  };

/** A call that must succeed: anything else stops the simulation with what the server said. */
export const mustOk = async <T>(answer: Promise<Answer<T>>, what: string) => {
  const got = await answer;
  if (got.code !== 200) throw new SimulationError(`${what} 失败：${got.status} ${got.msg}`);
  return got.data;
};

export const signInApp = async (call: AppCall, tenant: string, account: string, password: string) =>
  (
    await mustOk(
      call<{ token: string }>('POST', authPaths.login, { body: { account, password: createHash('md5').update(password).digest('hex'), tenant, rememberMe: true } }),
      `登录 ${tenant}/${account}`,
    )
  ).token;

/** The console API of one signed-in user, in the shape the lot set-up takes. */
export const appConsole = (call: AppCall, token: string): ConsoleApi => ({
  get: <T>(path: string) => mustOk(call<T>('GET', path, { token }), `GET ${path}`),
  post: <T>(path: string, body?: unknown) => mustOk(call<T>('POST', path, { token, body: body ?? {} }), `POST ${path}`),
});

/** Devices sign their calls with the server's (simulated) time. */
export const appDeviceSender =
  (app: FastifyInstance, now: () => Date): DeviceSender =>
  async <T>(path: string, device: Parameters<DeviceSender>[1], fields: Record<string, unknown>) => {
    const { body, headers } = signDeviceCall(path, device, { timestamp: now().getTime(), ...fields });
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
    const envelope = response.json<{ code: number; msg: string; data?: T }>();
    return { status: response.statusCode, ...envelope };
  };
