import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { LogController, type FastifyError, type FastifyServerOptions } from 'fastify';

const envelopeJson = (code: number, msg: string) => JSON.stringify({ code, msg, data: null });

/** What Node's HTTP parser refuses before Fastify sees a request, said in Chinese in the envelope. */
const clientErrorAnswer = (code: string | undefined): [number, string] => {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, '请求头或查询参数过长'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, '请求超时'];
  return [400, '请求格式不正确'];
};

const answerClientError = (error: Error & { code?: string }, socket: Socket) => {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, msg] = clientErrorAnswer(error.code);
  const body = envelopeJson(status, msg);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

/** A query string's values can be phone numbers or signed tokens: the log keeps the path and the names only. */
export const loggedUrl = (url: string) => {
  const [path, query] = url.split('?', 2);
  if (query === undefined) return path!;
  const names = query.split('&').map((pair) => `${pair.split('=', 1)[0]}=…`);
  return `${path}?${names.join('&')}`;
};

/**
 * drizzle puts the statement's parameters in its error message, and PostgreSQL quotes the value it
 * could not take (`invalid input syntax for type uuid: "…"`, `value "…" is out of range`); they may be
 * phones, plates or hashes. Quoted names (`constraint "users_phone"`) stay: they say what failed.
 */
const withoutParameters = (message: string) => message.replace(/\nparams: [\s\S]*$/, '\nparams: (not logged)').replace(/(: |value )"[^"]*"/g, '$1"…"');

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as the log keeps it: its kind, message (without query parameters) and stack, and its
 * cause's the same way, but none of the fields (detail, parameters, where) in which PostgreSQL and
 * the drivers repeat the values that failed.
 */
export const loggedError = (error: unknown, depth = 0): LoggedError => {
  if (!(error instanceof Error)) return { type: typeof error, message: '(not an Error)', stack: '' };
  const message = withoutParameters(error.message);
  const stackFrames = error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')) ?? [];
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message,
    ...(code !== undefined ? { code } : {}),
    stack: [`${error.name}: ${message}`, ...stackFrames].join('\n'),
    ...(error.cause !== undefined && depth < 3 ? { cause: loggedError(error.cause, depth + 1) } : {}),
  };
};

/**
 * plugins/request-log.ts writes one line per answered request, with its route pattern and who asked:
 * Fastify's own "incoming request" / "request completed" pair would repeat it, and its "not found"
 * line holds the raw address, query string and all. Its error lines stay.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {
    // request-log.ts writes the request's line once it is answered
  }
  override requestCompleted() {
    // request-log.ts: "request answered"
  }
  override routeNotFound() {
    // request-log.ts: "request answered" with route null and status 404
  }
}

type LoggedRequest = Record<string, unknown> & { method: string; url: string; remoteAddress?: string | undefined };

/**
 * The options every server of the product is built with, the process's and the tests' alike: what
 * the log may hold, and Chinese enveloped answers for the failures that happen before a route runs.
 */
export const fastifyOptions = (logger: { level: string; stream?: NodeJS.WritableStream } | false): FastifyServerOptions => ({
  logger: logger && {
    level: logger.level,
    ...(logger.stream ? { stream: logger.stream } : {}),
    // secrets travel in headers and bodies, which are never logged; these name them should anyone log one
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'password', '*.password', 'token', '*.token', 'signature', '*.signature'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; socket?: { remoteAddress?: string } }): LoggedRequest => ({
        method: request.method,
        url: loggedUrl(request.url),
        remoteAddress: request.socket?.remoteAddress,
      }),
      err: loggedError,
    },
  },
  logController: new OneLinePerRequest(),
  clientErrorHandler: answerClientError,
  // a signed stream address carries its token in the path (its segments are fetched relative to it): 100 is too short for one
  routerOptions: { maxParamLength: 300 },
  // a path that does not decode (a lone %ED%A0%80) or is past the router's length is the client's mistake, in the envelope like any other
  frameworkErrors: (error: FastifyError, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    // the raw reply: this runs before a route, so no route's reply typing applies
    reply.raw.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(envelopeJson(status, status === 414 ? '请求地址过长' : '请求地址不正确'));
  },
});
