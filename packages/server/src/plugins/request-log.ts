import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The header a request id comes in on (from a proxy in front) and goes back out on, on every answer. */
export const requestIdHeader = 'x-request-id';

/** An id from outside is kept only when it is plainly an id: nothing a log line or a header could be tricked by. */
export const safeRequestId = /^[A-Za-z0-9-]{8,64}$/;

/** The caller's own id when it is safe, else a fresh random one. */
export const requestIdOf = (incoming: string | string[] | undefined): string => (typeof incoming === 'string' && safeRequestId.test(incoming) ? incoming : randomUUID());

/** What the one line of a finished request holds: its route's pattern, never the raw URL with its ids and query. */
export const requestLine = (request: FastifyRequest, reply: FastifyReply) => ({
  method: request.method,
  route: request.routeOptions.url ?? null,
  status: reply.statusCode,
  durationMs: Math.round(reply.elapsedTime * 10) / 10,
  ...(request.auth ? { tenantId: request.auth.tenantId, userId: request.auth.userId } : {}),
});

/**
 * Every request gets an id, sent back in `x-request-id` and carried as `reqId` by each line the
 * request logs, and one line when it is answered: a user's 请求编号 leads to its lines.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.setGenReqId((raw) => requestIdOf(raw.headers[requestIdHeader]));
    app.addHook('onRequest', async (request, reply) => {
      reply.header(requestIdHeader, request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode >= 500) request.log.error(requestLine(request, reply), 'request answered');
      else request.log.info(requestLine(request, reply), 'request answered');
    });
  },
  { name: 'request-log' },
);
