/**
 * Malformed inputs for the route fuzz test, made from a route's OpenAPI schemas: a plausible
 * request (examples of each declared field) and variants that break it one way at a time.
 * Everything is drawn from a seeded generator (the simulator's), so a run is the same every time.
 */

export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** `count` items of `list`, drawn without repeats. */
export const sample = <T>(random: () => number, list: readonly T[], count: number): T[] => {
  const pool = [...list];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return picked;
};

/** An id of no row in any tenant: the "foreign id" every path and reference gets. */
export const foreignId = '7f3e2a10-5b4c-4d8e-9f00-1a2b3c4d5e6f';

/** Strings that satisfy the patterns the contract uses (plates, times, hashes, phones, codes). */
const patternCandidates = ['粤B12345', '08:00', 'd41d8cd98f00b204e9800998ecf427e0', '13800138000', '2026-06-01', 'abc123', 'A1', 'a', '1', 'x@example.com', 'https://example.com'];

const firstOf = (schema: JsonSchema): JsonSchema => {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return choices.find((c) => c.type !== 'null') ?? choices[0]!;
  if (schema.allOf) return Object.assign({}, ...schema.allOf) as JsonSchema;
  return schema;
};

const typeOf = (schema: JsonSchema): string | undefined => {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type) return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
};

const stringExample = (schema: JsonSchema): string => {
  if (schema.format === 'uuid') return foreignId;
  if (schema.format === 'date-time') return '2026-06-01T08:00:00+08:00';
  if (schema.format === 'date') return '2026-06-01';
  if (schema.format === 'email') return 'x@example.com';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (schema.pattern) {
    const rule = new RegExp(schema.pattern, 'u');
    const found = patternCandidates.find((c) => fits(c) && rule.test(c));
    if (found) return found;
  }
  return 'x'.repeat(Math.max(1, min));
};

/** A value the schema would take, as far as a generic reading can tell (patterns are guessed). */
export const exampleOf = (input: JsonSchema, depth = 0): unknown => {
  const schema = firstOf(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  switch (typeOf(schema)) {
    case 'string':
      return stringExample(schema);
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return depth < 6 && schema.items && (schema.minItems ?? 0) > 0 ? Array.from({ length: schema.minItems! }, () => exampleOf(schema.items!, depth + 1)) : [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, depth + 1)]));
    default:
      return null;
  }
};

/** A value of the wrong kind for the schema. */
const wrongType = (schema: JsonSchema): unknown => {
  switch (typeOf(firstOf(schema))) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return 'not-an-object';
    default:
      return [];
  }
};

/** One field's replacements: each a way the field can be wrong. */
export const fieldBreakers = (schema: JsonSchema): { label: string; value: unknown }[] => {
  const breakers: { label: string; value: unknown }[] = [
    { label: 'wrong type', value: wrongType(schema) },
    { label: 'null', value: null },
    { label: 'NUL', value: 'a\u0000b' },
    { label: 'lone surrogate', value: 'a\ud800b' },
    { label: '10k string', value: '长'.repeat(10_000) },
    { label: 'huge number', value: 1e308 },
    { label: 'negative', value: -1 },
    { label: 'past 2^53', value: 2 ** 53 + 2 },
    { label: 'fraction', value: 1.5 },
    { label: 'year 0001', value: '0001-01-01T00:00:00Z' },
    { label: 'year 1500', value: '1500-06-01T08:00:00+08:00' },
    { label: 'year 9999', value: '9999-12-31T23:59:59Z' },
    { label: 'beyond Date', value: '+275760-09-14T00:00:00Z' },
    { label: 'nested object', value: { a: { b: { c: ['d'] } } } },
    { label: '10k-item array', value: Array.from({ length: 10_000 }, (_, i) => i) },
  ];
  const inner = firstOf(schema);
  if (inner.items) breakers.push({ label: 'broken item', value: [wrongType(inner.items), null, 'a\u0000'] });
  return breakers;
};

/** Values that break a query or path parameter, already URL-encoded. */
export const parameterBreakers = [
  '%00',
  'a%00b',
  'x'.repeat(5_000),
  '-1',
  '1e308',
  '99999999999999999999',
  'abc',
  '0001-01-01',
  '9999-12-31T23:59:59Z',
  '%F0%9F%9A%97',
  '..%2F..%2Fetc%2Fpasswd',
  '',
];

/** Whole bodies that are not what any route takes, as sent on the wire. */
export const bodyBreakers = ['{"a":', '[]', 'null', '42', '"text"', '{}', '{"__proto__":{"isAdministrator":true}}', '{"constructor":{"prototype":{"x":1}}}'];

/** An object nested `levels` deep. */
export const nestedObject = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
};
