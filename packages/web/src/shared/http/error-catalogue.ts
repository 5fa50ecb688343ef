import { ResponseCode, signInAgainCodes } from '@parking/contract';

/** What went wrong with one request, reduced to what the error catalogue decides on. */
export type RequestOutcome = { kind: 'response'; status: number; body: unknown } | { kind: 'timeout' } | { kind: 'no-response' } | { kind: 'cancelled' };

export type HttpAction =
  | { type: 'pass' }
  | { type: 'ignore' }
  | { type: 'confirm-sign-in'; title: string; content: string }
  | { type: 'navigate'; to: string }
  | { type: 'notify'; title: string; description: string | undefined; duration: number };

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

const asEnvelope = (body: unknown): EnvelopeLike => (typeof body === 'object' && body !== null ? (body as EnvelopeLike) : {});

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

/**
 * The HTTP error catalogue: what the console does about a failed request, the first matching rule
 * winning. A `silent` request is one whose caller reports its own failure (the login form does),
 * so the catalogue stays out of its way.
 */
export function decideHttpAction(outcome: RequestOutcome, silent = false): HttpAction {
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

  const description = serverMessage(body);
  if (status >= 400) return { type: 'notify', title: '服务错误', description, duration: notifyDuration };
  // Left: a status outside 200–300 below 400, or a 2xx whose envelope reports a failure.
  return { type: 'notify', title: '错误', description, duration: notifyDuration };
}
