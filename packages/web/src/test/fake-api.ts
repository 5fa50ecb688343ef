import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { http } from '../shared/http/http-client';

export interface FakeReply {
  status: number;
  body: unknown;
}

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  params: unknown;
  data: unknown;
}

export type FakeRoutes = Record<string, FakeReply | ((call: RecordedCall) => FakeReply)>;

export const ok = (data: unknown): FakeReply => ({ status: 200, body: { code: 200, msg: 'ok', data } });

/** Answers the axios instance's calls from a table keyed "METHOD /path"; unknown calls get a 404. */
export function installFakeApi(routes: FakeRoutes): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const call: RecordedCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      headers: config.headers.toJSON(),
      params: config.params,
      data: config.data,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url}`];
    const reply = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { code: 404, msg: '未找到', data: null } });
    const response: AxiosResponse = { data: reply.body, status: reply.status, statusText: '', headers: {}, config };
    if (config.validateStatus && !config.validateStatus(reply.status)) {
      const { AxiosError } = await import('axios');
      throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return calls;
}
