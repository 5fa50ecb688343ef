import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { Envelope } from '@parking/contract';
import { getToken } from './token-cookie';
import { ApiError } from './api-error';
import { decideHttpAction, type RequestOutcome } from './error-catalogue';
import { performHttpAction } from './http-effects';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** the caller reports failures itself; the HTTP error catalogue stays quiet */
    silent?: boolean;
    /** the caller shows refused fields under their inputs; the catalogue reports other failures */
    placesFields?: boolean;
  }
}

/** A request gives up after 20 minutes (1,200,000 ms). */
export const requestTimeoutMs = 1_200_000;

export const http = axios.create({
  timeout: requestTimeoutMs,
  headers: { 'Content-Type': 'application/json' },
});

/** From /config.json; '' keeps calls on the page's own origin. */
export const setApiBaseUrl = (apiBaseUrl: string): void => {
  http.defaults.baseURL = apiBaseUrl || undefined;
};

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', token);
  return config;
});

export function outcomeOfError(error: unknown): RequestOutcome {
  if (axios.isCancel(error)) return { kind: 'cancelled' };
  const axiosError = error as AxiosError;
  if (axiosError.response) return { kind: 'response', status: axiosError.response.status, body: axiosError.response.data };
  if (axiosError.code === 'ECONNABORTED' || axiosError.code === 'ETIMEDOUT' || /timeout/i.test(axiosError.message ?? '')) {
    return { kind: 'timeout' };
  }
  return { kind: 'no-response' };
}

http.interceptors.response.use(
  (response: AxiosResponse) => {
    const outcome: RequestOutcome = { kind: 'response', status: response.status, body: response.data };
    const action = decideHttpAction(outcome, response.config);
    if (action.type === 'pass') return response;
    performHttpAction(action);
    return Promise.reject(new ApiError(outcome));
  },
  (error: unknown) => {
    const outcome = outcomeOfError(error);
    performHttpAction(decideHttpAction(outcome, (error as AxiosError).config));
    return Promise.reject(new ApiError(outcome));
  },
);

/** One call, answered with the envelope's data. */
export async function requestData<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<Envelope<T>>(config);
  return response.data.data;
}
