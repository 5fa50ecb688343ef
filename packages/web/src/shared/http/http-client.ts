import axios, { AxiosHeaders, type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
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

/** The server's own request ids (plugins/request-log.ts): anything else in the header is not shown to the user. */
const requestIdPattern = /^[A-Za-z0-9-]{8,64}$/;

/** The id the server gave the request, from its x-request-id header, when it is one. */
export const requestIdOf = (headers: AxiosResponse['headers'] | undefined): string | undefined => {
  const value: unknown = headers instanceof AxiosHeaders ? headers.get('x-request-id') : headers?.['x-request-id'];
  return typeof value === 'string' && requestIdPattern.test(value) ? value : undefined;
};

/** An answer as the error catalogue reads it. */
const outcomeOfResponse = (response: AxiosResponse): RequestOutcome => {
  const requestId = requestIdOf(response.headers);
  return { kind: 'response', status: response.status, body: response.data, ...(requestId ? { requestId } : {}) };
};

export function outcomeOfError(error: unknown): RequestOutcome {
  if (axios.isCancel(error)) return { kind: 'cancelled' };
  const axiosError = error as AxiosError;
  if (axiosError.response) return outcomeOfResponse(axiosError.response);
  if (axiosError.code === 'ECONNABORTED' || axiosError.code === 'ETIMEDOUT' || /timeout/i.test(axiosError.message ?? '')) {
    return { kind: 'timeout' };
  }
  return { kind: 'no-response' };
}

http.interceptors.response.use(
  (response: AxiosResponse) => {
    const outcome = outcomeOfResponse(response);
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
