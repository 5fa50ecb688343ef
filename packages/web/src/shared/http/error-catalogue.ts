import { ResponseCode, signInAgainCodes } from '@parking/contract';
import { fieldProblemsIn } from './field-problems';

/**
 * What went wrong with one request, reduced to what the error catalogue decides on; an answer
 * carries the server's id of the request (its x-request-id header) when it sent one.
 */
export type RequestOutcome = { kind: 'response'; status: number; body: unknown; requestId?: string } | { kind: 'timeout' } | { kind: 'no-response' } | { kind: 'cancelled' };

export type HttpAction =
  | { type: 'pass' }
  | { type: 'ignore' }
  | { type: 'confirm-sign-in'; title: string; content: string }
  | { type: 'navigate'; to: string }
  /** `key`: notices of one key replace each other (parallel calls failing alike show one); title and description by default */
  | { type: 'notify'; title: string; description: string | undefined; duration: number; key?: string };

export const signInAgainTitle = '系统提示';
export const tokenExpiredText = '登录状态已过期，请重新登录';
export const unauthorizedText = '登录状态已过期，您可以继续留在该页面，或者重新登录';
export const forbiddenPath = '/401';
export const notifyDuration = 5;

interface EnvelopeLike {
  code?: unknown;
  msg?: unknown;
  message?: unknown;
  error?: unknown;
}

const asEnvelope = (body: unknown): EnvelopeLike => (typeof body === 'object' && body !== null ? body : {});

/** The server's words for the failure: msg, else message, else the error field. */
export function serverMessage(body: unknown): string | undefined {
  const envelope = asEnvelope(body);
  for (const field of [envelope.msg, envelope.message, envelope.error]) {
    if (typeof field === 'string' && field.trim() !== '') return field;
  }
  return undefined;
}

const envelopeCode = (body: unknown): number | undefined => {
  const code = asEnvelope(body).code;
  return typeof code === 'number' ? code : undefined;
};

const isSuccessStatus = (status: number): boolean => status >= 200 && status < 300;

/** How a fault's notice names its request, so a user's report leads to the server's log line. */
export const requestNumberText = (requestId: string): string => `请求编号：${requestId}`;

/** The server's words, then the request's number, as the last thing the notice says. */
const withRequestNumber = (description: string | undefined, requestId: string | undefined): string | undefined => {
  if (requestId === undefined) return description;
  if (description === undefined) return requestNumberText(requestId);
  return `${description}${/[。！？.!?]$/.test(description) ? '' : '。'}${requestNumberText(requestId)}`;
};

/** What the caller of a request takes on itself. */
export interface FailureHandling {
  /** the caller reports every failure itself (the login form does) */
  silent?: boolean;
  /** the caller shows a refusal about its fields under their inputs (a form, a search form) */
  placesFields?: boolean;
}

/** A refusal: the request was understood and turned down (a 4xx), as against a fault of the server. */
export const refusedTitle = '操作失败';
/** A fault of the server or of what stands in front of it (a 5xx): the only failure called 服务错误. */
export const serverFaultTitle = '服务错误';

/**
 * The HTTP error catalogue: what the console does about a failed request, the first matching rule
 * winning. A caller that reports failures itself, or places refused fields under its inputs, says so
 * (FailureHandling) and the catalogue stays out of its way for those.
 */
export function decideHttpAction(outcome: RequestOutcome, { silent = false, placesFields = false }: FailureHandling = {}): HttpAction {
  if (outcome.kind === 'cancelled') return { type: 'ignore' };
  if (outcome.kind === 'timeout') {
    return silent ? { type: 'ignore' } : { type: 'notify', title: '网络请求超时', description: undefined, duration: notifyDuration };
  }
  if (outcome.kind === 'no-response') {
    return silent ? { type: 'ignore' } : { type: 'notify', title: '接口请求失败', description: undefined, duration: notifyDuration };
  }

  const { status, body } = outcome;
  const code = envelopeCode(body);
  const succeeded = isSuccessStatus(status) && (code === undefined || code === ResponseCode.success);
  if (succeeded) return { type: 'pass' };
  if (silent) return { type: 'ignore' };

  if (code !== undefined && signInAgainCodes.includes(code)) {
    return { type: 'confirm-sign-in', title: signInAgainTitle, content: tokenExpiredText };
  }
  if (status === ResponseCode.unauthorized) {
    return { type: 'confirm-sign-in', title: signInAgainTitle, content: unauthorizedText };
  }
  if (status === ResponseCode.forbidden) return { type: 'navigate', to: forbiddenPath };

  const fields = fieldProblemsIn(body);
  if (fields.length > 0 && placesFields) return { type: 'ignore' };
  // a refusal about fields says each field's own message, never the request part and its key
  const description = fields.length > 0 ? fields.map((problem) => problem.message).join('；') : serverMessage(body);
  if (status >= 500) {
    // calls failing together show one notice, with the number of the last of them
    const key = `${serverFaultTitle}|${description ?? ''}`;
    return { type: 'notify', title: serverFaultTitle, description: withRequestNumber(description, outcome.requestId), duration: notifyDuration, key };
  }
  if (status >= 400) return { type: 'notify', title: refusedTitle, description, duration: notifyDuration };
  // Left: a status outside 200–300 below 400, or a 2xx whose envelope reports a failure.
  return { type: 'notify', title: '错误', description, duration: notifyDuration };
}
