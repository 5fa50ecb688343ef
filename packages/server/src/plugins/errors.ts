import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldProblem, FieldProblems, RequestPart } from '@parking/contract';
import { isUniqueViolation } from '../db/sql-error.js';
import { jsonBodyErrors } from '../shared/json-body.js';
import { AppError } from './app-error.js';

/** How messages name the part of a request a field is in. */
export const requestPartNames: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

type ValidationError = FastifyError & { validation: { instancePath: string; message?: string }[] };

const fieldOf = (issue: { instancePath: string }) => issue.instancePath.replace(/^\//, '').replaceAll('/', '.');

/** Names the field in Chinese terms for a caller reading msg alone: "查询参数 pageSize：每页条数最大为1000". */
const validationMessage = (error: ValidationError) => {
  const first = error.validation[0];
  const field = first ? fieldOf(first) : '';
  const context = requestPartNames[error.validationContext ?? ''] ?? '参数';
  const message = first?.message ?? '格式不正确';
  return field ? `${context} ${field}：${message}` : `${context}：${message}`;
};

const isRequestPart = (part: string | undefined): part is RequestPart => part === 'body' || part === 'querystring' || part === 'params';

/** Every refused field, so a form can put each message under its own input; none for a header or the whole request. */
const validationFields = (error: ValidationError): FieldProblems | null => {
  const part = error.validationContext;
  if (!isRequestPart(part)) return null;
  const fields: FieldProblem[] = error.validation.map((issue) => ({ in: part, field: fieldOf(issue), message: issue.message ?? '格式不正确' })).filter((problem) => problem.field !== '');
  return fields.length > 0 ? { fields } : null;
};

/** Fastify's own 4xx errors and the body parser's, said in Chinese. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  [jsonBodyErrors.invalid]: '请求体不是合法的 JSON',
  [jsonBodyErrors.prototypeKey]: '请求体不能含有字段 __proto__ 或 constructor.prototype',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度不正确',
};

const envelope = (code: number, msg: string, data: unknown = null) => ({ code, msg, data });

/** One place turns every failure into the envelope; a 5xx never shows its cause to the client, only the request's id. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send(envelope(error.code, error.message, error.data));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(400).send(envelope(400, validationMessage(error), validationFields(error)));
      }
      // a unique index caught what a service's own check missed, e.g. two creates racing
      if (isUniqueViolation(error)) {
        return reply.status(409).send(envelope(409, '数据已存在，请勿重复提交'));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        // the rate limiter throws its own envelope, with the wait in its msg
        const msg = (error as { msg?: unknown }).msg;
        return reply.status(429).send(envelope(429, typeof msg === 'string' ? msg : '请求过于频繁，请稍后再试'));
      }
      if (status >= 400 && status < 500) {
        const msg = fastifyMessages[error.code] ?? '请求格式不正确';
        return reply.status(status).send(envelope(status, msg));
      }
      request.log.error({ err: error }, 'request failed');
      // the id of the log line that holds the cause (also in x-request-id), for a caller that keeps only the body
      return reply.status(500).send(envelope(500, '服务器内部错误，请稍后再试', { requestId: request.id }));
    });

    app.setNotFoundHandler((request, reply) => reply.status(404).send(envelope(404, `接口不存在：${request.method} ${request.url.split('?')[0]}`)));
  },
  { name: 'errors' },
);
