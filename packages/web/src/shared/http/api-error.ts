import type { FieldProblem } from '@parking/contract';
import type { RequestOutcome } from './error-catalogue';
import { serverMessage } from './error-catalogue';
import { fieldProblemsIn } from './field-problems';

/** A failed call as callers see it: the HTTP status, the envelope code, msg and data when there were any. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly code: number | null;
  readonly data: unknown;
  readonly reason: RequestOutcome['kind'];
  /** the server's id of the request (its 请求编号), when it answered with one */
  readonly requestId: string | null;

  constructor(outcome: RequestOutcome) {
    const body = outcome.kind === 'response' ? outcome.body : undefined;
    super(serverMessage(body) ?? fallbackMessages[outcome.kind]);
    this.name = 'ApiError';
    this.reason = outcome.kind;
    this.status = outcome.kind === 'response' ? outcome.status : null;
    this.requestId = outcome.kind === 'response' ? (outcome.requestId ?? null) : null;
    const envelope = typeof body === 'object' && body !== null ? (body as { code?: unknown; data?: unknown }) : {};
    this.code = typeof envelope.code === 'number' ? envelope.code : null;
    this.data = envelope.data ?? null;
  }
}

const fallbackMessages: Record<RequestOutcome['kind'], string> = {
  response: '服务错误',
  timeout: '网络请求超时',
  'no-response': '接口请求失败',
  cancelled: '请求已取消',
};

/** The refused fields of a failed call, or none when it failed otherwise. */
export const fieldProblemsOf = (error: unknown): FieldProblem[] => (error instanceof ApiError ? fieldProblemsIn({ data: error.data }) : []);
