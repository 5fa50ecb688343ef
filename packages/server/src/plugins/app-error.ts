import { ResponseCode } from '@parking/contract';

/** A failure the client should hear about: an HTTP status, a Chinese msg and optional data. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: number = statusCode,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const onField = (field: string, message: string) => ({ fields: [{ in: 'body', field, message }] });

export const badRequest = (msg: string, data: unknown = null) => new AppError(400, msg, ResponseCode.badRequest, data);
/**
 * A 400 about one field of the body that only the server can judge (more spaces than the lot rents
 * out): the console shows the message under that field's input.
 */
export const fieldRefused = (field: string, msg: string) => badRequest(msg, onField(field, msg));
export const forbidden = (msg = '没有权限访问该功能') => new AppError(403, msg);
export const notFound = (msg: string) => new AppError(404, msg);
/** A 409; naming the field (a name already taken) lets the console show it under that input. */
export const conflict = (msg: string, field?: string) => new AppError(409, msg, 409, field === undefined ? null : onField(field, msg));
export const tooMany = (msg: string, data: unknown = null) => new AppError(429, msg, ResponseCode.tooMany, data);
/** HTTP 401 carrying one of the sign-in codes 600/601/602 */
export const signInRequired = (code: number, msg: string) => new AppError(401, msg, code);
