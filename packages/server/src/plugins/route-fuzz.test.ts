import { and, desc, eq, sql } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { app } from '../app.js';
import { parkingLots, parkingRecords, tariffs, tariffVersions, tenants } from '../db/schema/index.js';
import { randomSource } from '../simulator/traffic-plan.js';
import { fastifyOptions } from '../server-options.js';
import { bodyBreakers, exampleOf, fieldBreakers, foreignId, type JsonSchema, nestedObject, parameterBreakers, sample } from '../test/fuzz-inputs.js';
import { seededTestDatabase, signIn, testConfig } from '../test/test-app.js';

/**
 * Every route the app registers, documented or not, is sent a seeded set of malformed requests as a
 * signed-in administrator: broken and wrong-shaped bodies, wrong types, NUL and lone surrogates, huge
 * strings, numbers and arrays, far dates, deep nesting, unknown and broken query and path parameters,
 * foreign ids. None may answer 5xx; every refusal is the envelope with a Chinese message and no stack
 * or SQL; and a refused request leaves the database as it was. A route added later is in the list
 * without anyone adding it: the list is what the app registers.
 */

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** the path with {name} placeholders, as the OpenAPI document writes it */
  path: string;
  parameters: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  body: JsonSchema | undefined;
}

interface FuzzRequest {
  label: string;
  url: string;
  payload?: string;
}

interface OpenApiOperation {
  parameters?: Operation['parameters'];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

const database = await seededTestDatabase();
const server = Fastify(fastifyOptions(false));
const registered: { method: Operation['method']; url: string }[] = [];
server.addHook('onRoute', (route) => {
  for (const method of [route.method].flat()) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    registered.push({ method: method as Operation['method'], url: route.url });
  }
});
await server.register(app, { config: testConfig(), database });
await server.ready();
afterAll(async () => {
  await server.close();
  await database.close();
});

/**
 * Valid starting points where a generic example cannot pass the route's own rules, so that one broken
 * field reaches the service behind it: the routes where times and money enter.
 */
const [demo] = await database.db.select().from(tenants).where(eq(tenants.code, 'demo'));
const [tariff] = await database.db
  .select()
  .from(tariffs)
  .where(and(eq(tariffs.tenantId, demo!.id), eq(tariffs.name, '北京一类地区占道停车')));
const [version] = await database.db.select().from(tariffVersions).where(eq(tariffVersions.tariffId, tariff!.id)).orderBy(desc(tariffVersions.versionNo)).limit(1);
const [lot] = await database.db
  .insert(parkingLots)
  .values({ tenantId: demo!.id, name: '模糊测试停车场', type: 1, kind: 'lane', totalSpaces: 10, freeCount: 10, tariffId: tariff!.id })
  .returning();
const [record] = await database.db
  .insert(parkingRecords)
  .values({
    tenantId: demo!.id,
    lotId: lot!.id,
    plateNumber: '粤B0F016',
    state: 'awaiting_payment',
    enteredAt: new Date('2026-06-01T00:00:00Z'),
    exitedAt: new Date('2026-06-01T02:30:00Z'),
    amountDue: 1500,
    unpaid: 1500,
  })
  .returning();
const stay = { enteredAt: '2026-06-01T08:00:00+08:00', exitedAt: '2026-06-01T10:30:00+08:00' };
const examples: Record<string, { body?: Record<string, unknown>; path?: Record<string, string> }> = {
  'POST /api/system/Tariff/Actions/Trial': { body: { tariffId: tariff!.id, ...stay, vehicleClass: 'small', paidAt: stay.exitedAt } },
  'POST /api/system/Tariff': { body: { name: '模糊测试计费规则', rules: version!.rules } },
  'PUT /api/system/Tariff/{id}': { path: { id: tariff!.id }, body: { name: tariff!.name, enabled: true, effectiveFrom: '2026-07-01T00:00:00+08:00', rules: version!.rules } },
  'POST /api/system/RecordEditAudit': { body: { kind: 'times', recordId: record!.id, ...stay, reason: '更正出入场时间' } },
  'POST /api/system/Payment': { body: { recordId: record!.id, channel: 'cash', amount: 100, idempotencyKey: 'fuzz-payment-0001' } },
  'POST /api/system/Parking': { body: { name: '模糊测试新停车场', type: 1, kind: 'lane' } },
  'PUT /api/system/Parking/{id}': { path: { id: lot!.id }, body: { name: lot!.name, type: 1, kind: 'lane', totalSpaces: 10 } },
  'POST /api/system/SpecialBill': { body: { lotId: lot!.id, plateNumber: '粤B0F016', item: '补缴停车费', amount: 500 } },
};

const document = server.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The swagger UI's own files are the library's, not the product's. */
const operations: Operation[] = registered
  .filter((route) => !route.url.startsWith('/api/docs') && !route.url.includes('*'))
  .map((route) => {
    const path = openApiPath(route.url);
    const documented = document.paths[path]?.[route.method.toLowerCase()];
    const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const parameters = documented?.parameters ?? pathNames.map((name) => ({ name, in: 'path', required: true }));
    const content = documented?.requestBody?.content;
    return { method: route.method, path, parameters, body: (content?.['application/json'] ?? Object.values(content ?? {})[0])?.schema };
  });

/** A route's placeholders filled: each path parameter with `values[name]` or an example of its schema. */
const urlOfOperation = (operation: Operation, values: Record<string, string> = {}, query = '') => {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] !== undefined) return values[name];
    const schema = operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
    return encodeURIComponent(String(schema ? exampleOf(schema) : foreignId));
  });
  return query ? `${path}?${query}` : path;
};

const requiredQuery = (operation: Operation) =>
  operation.parameters.filter((p) => p.in === 'query' && p.required && p.schema).map((p) => `${p.name}=${encodeURIComponent(String(exampleOf(p.schema!)))}`);

/** Where a body's fields are: its top-level keys and one level into objects and the first array item. */
const fieldPaths = (base: Record<string, unknown>): string[][] =>
  Object.entries(base).flatMap(([name, value]) => {
    const inner = Array.isArray(value) ? value[0] : value;
    const prefix = Array.isArray(value) ? [name, '0'] : [name];
    const children = inner && typeof inner === 'object' ? Object.keys(inner).map((child) => [...prefix, child]) : [];
    return [[name], ...children];
  });

/** The schema of one property, looking into each branch of a union. */
const propertyOf = (schema: JsonSchema, key: string): JsonSchema => {
  if (key === '0') return schema.items ?? {};
  const branches = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? []), ...(schema.items ? [schema.items] : [])];
  return branches.map((b) => b.properties?.[key]).find((p) => p !== undefined) ?? {};
};

const schemaAt = (schema: JsonSchema, path: string[]): JsonSchema => path.reduce<JsonSchema>(propertyOf, schema);

const withValueAt = (base: unknown, path: string[], value: unknown): unknown => {
  const copy = structuredClone(base) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) target[key] = key === '0' ? [] : {};
    if (Array.isArray(target[key]) && (target[key] as unknown[]).length === 0) (target[key] as unknown[]).push({});
    target = target[key] as Record<string, unknown>;
  }
  target[path.at(-1)!] = value;
  return copy;
};

const requestsFor = (operation: Operation, index: number): FuzzRequest[] => {
  const random = randomSource(0x16_0000 + index);
  const requests: FuzzRequest[] = [];
  const query = requiredQuery(operation);
  const baseQuery = query.join('&');
  const pathValues = examples[`${operation.method} ${operation.path}`]?.path ?? {};
  const urlOf = (values: Record<string, string> = {}, queryString = '') => urlOfOperation(operation, { ...pathValues, ...values }, queryString);

  for (const name of operation.parameters.filter((p) => p.in === 'path').map((p) => p.name)) {
    for (const value of sample(
      random,
      parameterBreakers.filter((v) => v !== ''),
      3,
    )) {
      requests.push({ label: `path ${name}=${value.slice(0, 20)}`, url: urlOf({ [name]: value }, baseQuery) });
    }
  }

  const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const pairs = queryNames.flatMap((name) => parameterBreakers.map((value) => [name, value] as const));
  for (const [name, value] of sample(random, pairs, 6)) {
    const others = query.filter((q) => !q.startsWith(`${name}=`));
    requests.push({ label: `query ${name}=${value.slice(0, 20)}`, url: urlOf({}, [...others, `${name}=${value}`].join('&')) });
  }
  if (queryNames.length > 0) {
    requests.push({ label: 'query repeated', url: urlOf({}, [...query, ...queryNames.slice(0, 1).flatMap((n) => [`${n}=1`, `${n}=2`])].join('&')) });
    requests.push({ label: 'page size 100000', url: urlOf({}, [...query, 'currentPage=0', 'pageSize=100000'].join('&')) });
  }
  requests.push({ label: 'unknown query', url: urlOf({}, [...query, 'zzzUnknown=1', '__proto__=x'].join('&')) });

  if (operation.method === 'GET') return requests;
  const url = urlOf({}, baseQuery);
  const wholeBodies = operation.body ? [...bodyBreakers, ''] : bodyBreakers.slice(0, 4);
  for (const payload of wholeBodies) requests.push({ label: `body ${payload || '(empty)'}`, url, payload });
  if (!operation.body) return requests;

  const base = examples[`${operation.method} ${operation.path}`]?.body ?? exampleOf(operation.body);
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return requests;
  requests.push({ label: 'extra fields', url, payload: JSON.stringify({ ...base, zzzExtra: 'x', zzzNumber: 1 }) });
  requests.push({ label: 'deep nesting', url, payload: JSON.stringify({ ...base, zzzDeep: nestedObject(40) }) });
  const fields = fieldPaths(base as Record<string, unknown>);
  const stringFields = fields.filter((path) => schemaAt(operation.body!, path).type === 'string');
  const [longField] = sample(random, stringFields.length ? stringFields : fields, 1);
  if (longField) requests.push({ label: `1 MB string in ${longField.join('.')}`, url, payload: JSON.stringify(withValueAt(base, longField, 'x'.repeat(1_000_000))) });
  const fieldCases = fields.flatMap((path) => fieldBreakers(schemaAt(operation.body!, path)).map((breaker) => ({ path, breaker })));
  for (const { path, breaker } of sample(random, fieldCases, 14)) {
    requests.push({ label: `${path.join('.')}: ${breaker.label}`, url, payload: JSON.stringify(withValueAt(base, path, breaker.value)) });
  }
  return requests;
};

/** A GET that writes by design: signing out ends the session and logs it. */
const signsOut = (operation: Operation) => operation.path === '/api/oauth/Logout';

/** What no answer may show: a stack frame, a module path, SQL or a driver's words. */
const leak = /\n\s+at [\w<.]|node_modules|Failed query|\bparams:|SQLSTATE|syntax error at or near|violates (unique|foreign key|check) constraint|drizzle|pglite/i;
const chinese = /[\u4e00-\u9fff]/;
const binary = /spreadsheet|image\/|zip|octet-stream/;

/** Tables a refused request may write by design: sessions note their last use, devices' calls are recorded with why they were refused. */
const writesByDesign = new Set(['sessions', 'device_events']);
// execute<T>() cannot name rows for both drivers: the answer is cast to what both give
type TableRows = { rows: { table_name: string }[] };
const tableRows = (await database.db.execute(
  sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
)) as unknown as TableRows;
const tableNames = tableRows.rows.map((r) => r.table_name).filter((name) => !writesByDesign.has(name));

/** Every row of every table the fuzz may not change, as one hash per table. */
const fingerprint = async () => {
  const statement = tableNames
    .map((name) => `select '${name}' as t, count(*)::text as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${name}" x`)
    .join(' union all ');
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute<T>() cannot name rows for both drivers
  const { rows } = (await database.db.execute(sql.raw(statement))) as unknown as { rows: { t: string; n: string; h: string }[] };
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
};

let token = await signIn(server);
/** set when a variant ended the session and the admin signed in again: signing in writes, so the route's baseline is taken afresh */
let signedInAgain = false;

const send = async (operation: Operation, request: FuzzRequest): Promise<LightMyRequestResponse> => {
  const inject = () =>
    server.inject({
      method: operation.method,
      url: request.url,
      headers: { authorization: token, ...(request.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
  const response = await inject();
  // a variant that ended the session (sign-out, a password change) leaves the next ones signed out
  if (response.statusCode === 401 && [600, 601, 602].includes(response.json<{ code: number }>().code)) {
    token = await signIn(server);
    signedInAgain = true;
    return inject();
  }
  return response;
};

const checkAnswer = (operation: Operation, request: FuzzRequest, response: LightMyRequestResponse) => {
  const where = `${operation.method} ${request.url.slice(0, 120)} [${request.label}]`;
  expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  const type = String(response.headers['content-type'] ?? '');
  if (binary.test(type)) return;
  expect(response.body, where).not.toMatch(leak);
  if (response.statusCode < 400 || (response.statusCode === 404 && !type.includes('json'))) return;
  expect(type, where).toContain('application/json');
  const answer = response.json<{ code: unknown; msg: unknown; data: unknown }>();
  expect(typeof answer.code, where).toBe('number');
  expect(answer.msg, where).toMatch(chinese);
};

describe('every route refuses malformed input cleanly', () => {
  it('covers the whole app: every documented operation is registered, and the app registers over 200 routes', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const fuzzed = new Set(operations.map((o) => `${o.method} ${o.path}`));
    expect(documented.filter((d) => !fuzzed.has(d))).toEqual([]);
    expect(operations.length).toBeGreaterThan(200);
  });

  it('declares every path parameter it reads in its schema, so the document and the validation know it', () => {
    const undeclared = operations.filter((o) => {
      const names = [...o.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const documented = document.paths[o.path]?.[o.method.toLowerCase()];
      return names.length > 0 && documented !== undefined && names.some((n) => !documented.parameters?.some((p) => p.in === 'path' && p.name === n));
    });
    expect(undeclared.map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  operations.forEach((operation, index) => {
    it(`${operation.method} ${operation.path}`, async () => {
      const requests = requestsFor(operation, index);
      let before = await fingerprint();
      const refused: FuzzRequest[] = [];
      let accepted = false;
      for (const request of requests) {
        signedInAgain = false;
        const response = await send(operation, request);
        if (signedInAgain) before = await fingerprint();
        checkAnswer(operation, request, response);
        if (response.statusCode < 300) accepted = true;
        else refused.push(request);
      }
      if (!accepted || (operation.method === 'GET' && !signsOut(operation))) {
        expect(await fingerprint(), `${operation.method} ${operation.path} changed data`).toEqual(before);
        return;
      }
      // some variant was taken (extra fields are dropped, say): each refused one must still change nothing
      for (const request of refused) {
        const unchanged = await fingerprint();
        await send(operation, request);
        expect(await fingerprint(), `${operation.method} ${request.url} [${request.label}] changed data`).toEqual(unchanged);
      }
    }, 120_000);
  });
});
