import { envelope, fieldProblems, type Endpoint } from '@parking/contract';
import type { FastifyContextConfig } from 'fastify';
import type { z } from 'zod';

/** What a route adds to its endpoint: the OpenAPI words and who may call it. */
export interface RouteOptions extends Pick<FastifyContextConfig, 'permission' | 'public' | 'rateLimit'> {
  tags: string[];
  summary: string;
  description?: string;
  consumes?: string[];
  hide?: boolean;
}

/**
 * `replicaSafe: true` marks a GET route that only reads and may read a moment-old copy: lists, pages,
 * reports, exports and screen snapshots. With DATABASE_REPLICA_URL it runs on the replica
 * (db/replica.ts), unless its user wrote within REPLICA_STICKY_MS or the replica cannot serve.
 * Writes, money checks, the session check and whatever reads inside a write stay on the primary:
 * they are never marked, and only a GET endpoint takes the option (the auth plugin checks it again
 * when the route is added).
 */
type ReplicaOption<E extends Endpoint> = E['method'] extends 'GET' ? { replicaSafe?: boolean } : { replicaSafe?: never };

type EnvelopeSchema<Answer extends z.ZodType> = ReturnType<typeof envelope<Answer>>;

type RouteSchema<E extends Endpoint> = Pick<RouteOptions, 'tags' | 'summary' | 'description' | 'consumes' | 'hide'> &
  (E['params'] extends z.ZodType ? { params: E['params'] } : unknown) &
  (E['query'] extends z.ZodType ? { querystring: E['query'] } : unknown) &
  (E['body'] extends z.ZodType ? { body: E['body'] } : unknown) &
  (E['headers'] extends z.ZodType ? { headers: E['headers'] } : unknown) &
  (E['answer'] extends z.ZodType ? { response: { 200: EnvelopeSchema<E['answer']> } & FailureSchemas<E['failures']> } : unknown);

type FailureSchemas<Failures> = Failures extends object ? { [Status in keyof Failures]: Failures[Status] extends z.ZodType ? EnvelopeSchema<Failures[Status]> : never } : unknown;

/**
 * The Fastify route options of a contract endpoint: its method, path and schemas, the success
 * answer wrapped in the envelope (a file answer has no response schema), and the access config.
 * Spread it into `app.route({ ...routeOf(endpoint, options), handler })`.
 */
export const routeOf = <E extends Endpoint>(target: E, options: RouteOptions & ReplicaOption<E>) => {
  const { permission, public: isPublic, rateLimit, replicaSafe, ...doc } = options;
  const config: FastifyContextConfig = {};
  if (permission !== undefined) config.permission = permission;
  if (replicaSafe === true) config.replicaSafe = true;
  if (isPublic !== undefined) config.public = isPublic;
  if (rateLimit !== undefined) config.rateLimit = rateLimit;
  const schema: Record<string, unknown> = { ...doc };
  if (target.params) schema.params = target.params;
  if (target.query) schema.querystring = target.query;
  if (target.body) schema.body = target.body;
  if (target.headers) schema.headers = target.headers;
  if (target.answer !== 'file') {
    // a refusal an endpoint declares may still be one about fields (the contract's checks, a name taken)
    const failures = Object.entries(target.failures ?? {}).map(([status, data]) => [status, envelope(data.or(fieldProblems))]);
    schema.response = { 200: envelope(target.answer), ...Object.fromEntries(failures) };
  }
  return { method: target.method as E['method'], url: target.path as E['path'], config, schema: schema as RouteSchema<E> };
};
