import { z } from 'zod';

/** Envelope codes: 200 success, the HTTP status for failures, 600–602 for sign-in state. */
export const ResponseCode = {
  success: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  serverError: 500,
  /** the token has passed its lifetime */
  tokenExpired: 600,
  /** the token was revoked: signed in elsewhere, account disabled, password changed */
  tokenRevoked: 601,
  /** the token is unknown or malformed */
  tokenInvalid: 602,
} as const;

export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

/** The codes after which the console asks the user to sign in again. */
export const signInAgainCodes: readonly number[] = [ResponseCode.tokenExpired, ResponseCode.tokenRevoked, ResponseCode.tokenInvalid];

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

/** Where in a request a refused field was: the body, the query string or the path. */
export const requestParts = ['body', 'querystring', 'params'] as const;
export type RequestPart = (typeof requestParts)[number];

/** One refused field of a 400: its path in the request part ('longRentalSpaces', 'plates.0') and why, in Chinese. */
export const fieldProblem = z.object({ in: z.enum(requestParts), field: z.string(), message: z.string() });
export type FieldProblem = z.infer<typeof fieldProblem>;

/** A 400's data when it is about fields: every refused field, so a form can show each under its input. */
export const fieldProblems = z.object({ fields: z.array(fieldProblem) });
export type FieldProblems = z.infer<typeof fieldProblems>;

/** A failure's envelope: data is null, or the refused fields of a 400. */
export const failureEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.union([z.null(), fieldProblems]),
});

export type Envelope<T> = { code: number; msg: string; data: T };

/** Default validation messages in Chinese, for both the server and the console. */
export const useChineseMessages = () => z.config(z.locales.zhCN());
