import { pathOf, type AnswerOf, type BodyOf, type Endpoint, type EndpointSchema, type Envelope, type ParamsOf, type PathArgs, type PathParamNames, type QueryOf } from '@parking/contract';
import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import { http } from './http-client';

/** What a call may add to the request besides the endpoint's own parts. */
export interface CallOptions {
  /** the caller reports failures itself; the HTTP error catalogue stays quiet */
  silent?: boolean;
  /** the caller shows refused fields under their inputs (placeFieldProblems); other failures are reported as usual */
  placesFields?: boolean;
  signal?: AbortSignal;
  /** send the body as application/x-www-form-urlencoded (the login form) */
  form?: boolean;
  /** a file endpoint answers a Blob; 'arraybuffer' keeps the bytes for callers that read them */
  responseType?: 'blob' | 'arraybuffer';
  onDownloadProgress?: (event: AxiosProgressEvent) => void;
  /** headers the endpoint reads (an Idempotency-Key) */
  headers?: Record<string, string>;
}

type ParamsInput<E extends Endpoint> = [PathParamNames<E['path']>] extends [never] ? { params?: undefined } : { params: ParamsOf<E> };
type QueryInput<E extends Endpoint> = E['query'] extends EndpointSchema ? { query?: QueryOf<E> } : { query?: undefined };
type BodyInput<E extends Endpoint> = E['body'] extends EndpointSchema ? { body: BodyOf<E> } : { body?: undefined };

export type CallInput<E extends Endpoint> = ParamsInput<E> & QueryInput<E> & BodyInput<E> & CallOptions;

/** The input may be left out only when the endpoint needs neither params nor a body. */
export type CallArgs<E extends Endpoint> = [PathParamNames<E['path']>] extends [never]
  ? E['body'] extends EndpointSchema
    ? [input: CallInput<E>]
    : [input?: CallInput<E>]
  : [input: CallInput<E>];

/** The answer of a call: the envelope's data, or the bytes of a file endpoint. */
export type CallAnswer<E extends Endpoint> = E['answer'] extends 'file' ? Blob : AnswerOf<E>;

/** A call's input as the generic helpers hold it, before an endpoint says which parts it takes. */
export interface LooseInput extends CallOptions {
  params?: Record<string, string | number>;
  query?: unknown;
  body?: unknown;
}

const requestOf = <E extends Endpoint>(target: E, input: LooseInput | undefined): AxiosRequestConfig => {
  const { params, query, body, form, responseType, headers, ...options } = input ?? {};
  const config: AxiosRequestConfig = {
    ...options,
    method: target.method,
    url: pathOf(target, ...([params] as PathArgs<E>)),
    params: query,
    responseType: responseType ?? (target.answer === 'file' ? 'blob' : undefined),
    headers: { ...headers, ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
  };
  if (body !== undefined) config.data = form ? new URLSearchParams(body as Record<string, string>).toString() : body;
  return config;
};

/** Untyped form of callEnvelope, for generic helpers (the resource table) whose endpoint is not known statically. */
export async function callEnvelopeLoose(target: Endpoint, input?: LooseInput): Promise<Envelope<unknown>> {
  const response = await http.request<Envelope<unknown>>(requestOf(target, input));
  return response.data;
}

/** The whole envelope, for the writes whose `msg` the user is shown ("新增成功"). */
export async function callEnvelope<E extends Endpoint>(target: E, ...[input]: CallArgs<E>): Promise<Envelope<AnswerOf<E>>> {
  const response = await http.request<Envelope<AnswerOf<E>>>(requestOf(target, input as LooseInput | undefined));
  return response.data;
}

/** One typed call: the URL from the endpoint and its params, answered with what the endpoint declares. */
export async function call<E extends Endpoint>(target: E, ...[input]: CallArgs<E>): Promise<CallAnswer<E>> {
  const response = await http.request<unknown>(requestOf(target, input as LooseInput | undefined));
  if (target.answer === 'file') return response.data as CallAnswer<E>;
  return (response.data as Envelope<CallAnswer<E>>).data;
}
