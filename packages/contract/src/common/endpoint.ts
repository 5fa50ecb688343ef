import { z } from 'zod';

/** the schema of an endpoint's part, named so a client can test for one without importing zod */
export type EndpointSchema = z.ZodType;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The names of a path's `:name` segments: '/api/system/Parking/:id/EventRules' → 'id'. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * One endpoint, declared once: the server registers its schemas from it and the console's client
 * infers what it sends and gets from it. `answer` is the envelope's `data`; 'file' is a download
 * (xlsx, photo, QR png) answered with the bytes, not an envelope.
 */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** headers the server reads (a device's signature); the console sends none */
  headers?: z.ZodType;
  answer: z.ZodType | 'file';
  /** the data of a refusal the handler answers itself (a 400 whose envelope carries details) */
  failures?: Readonly<Partial<Record<400 | 403 | 404 | 409, z.ZodType>>>;
}

/** A path with `:name` segments must say how each is checked, and nothing else. */
type ParamsFit<Path extends string> = [PathParamNames<Path>] extends [never] ? { params?: undefined } : { params: z.ZodObject<Record<PathParamNames<Path>, z.ZodType>> };

const paramPattern = /:([A-Za-z_][A-Za-z0-9_]*)/g;

export const pathParamNames = (path: string): string[] => [...path.matchAll(paramPattern)].map((match) => match[1] as string);

/** Throws unless the params name exactly the path's `:name` segments: the types hold this for a literal path, this check for a widened or generic one. */
const withFittingParams = <E extends Endpoint>(definition: E): E => {
  const names = pathParamNames(definition.path).sort();
  const declared = Object.keys(definition.params?.shape ?? {}).sort();
  if (names.join() !== declared.join()) {
    throw new Error(`endpoint ${definition.method} ${definition.path}: params declare [${declared.join()}], the path names [${names.join()}]`);
  }
  return definition;
};

export const endpoint = <const Definition extends Endpoint>(definition: Definition & ParamsFit<Definition['path']>): Definition => withFittingParams(definition);

export type ParamsOf<E extends Endpoint> = Record<PathParamNames<E['path']>, string | number>;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
/** what the envelope's data holds; never for a file, which has no envelope */
export type AnswerOf<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : never;

/** The params argument: required exactly when the path has `:name` segments. */
export type PathArgs<E extends Endpoint> = [PathParamNames<E['path']>] extends [never] ? [params?: Record<string, never>] : [params: ParamsOf<E>];

/** The URL of an endpoint with each `:name` replaced by its encoded value. */
export const pathOf = <E extends Endpoint>(target: E, ...[params]: PathArgs<E>): string =>
  target.path.replace(paramPattern, (_, name: string) => {
    const value = (params as Record<string, string | number> | undefined)?.[name];
    if (value === undefined) throw new Error(`${target.path}: missing path param ${name}`);
    return encodeURIComponent(String(value));
  });

/** `{ id }` path params checked as a uuid, with the message that names the resource ("岗位编号格式不正确"). */
export const idParams = (message: string) => z.object({ id: z.uuid(message) });

/**
 * The three addresses of a resource the console lists, exports and edits one at a time:
 * `/api/system/ParkingLane`, `/api/system/ParkingLane/:id`, `/api/system/ParkingLane/Actions/Export`.
 */
export const resourcePaths = <const Base extends string>(base: Base) => ({ list: base, item: `${base}/:id`, export: `${base}/Actions/Export` }) as const;

/** An endpoint as endpoint() types a literal declaration: each part readonly, the path as given. */
type Declared<Method extends HttpMethod, Path extends string, Parts> = Readonly<{ method: Method; path: Path } & Parts>;

/** 列表 and 导出 of a resource: one filter, answered as a page or as the xlsx of every matching row. */
export const listEndpoints = <const Paths extends { list: string; export: string }, Query extends z.ZodType, Page extends z.ZodType>(
  paths: Paths,
  query: Query,
  page: Page,
): {
  list: Declared<'GET', Paths['list'], { query: Query; answer: Page }>;
  export: Declared<'GET', Paths['export'], { query: Query; answer: 'file' }>;
} => ({
  list: withFittingParams({ method: 'GET', path: paths.list, query, answer: page }),
  export: withFittingParams({ method: 'GET', path: paths.export, query, answer: 'file' }),
});

/** 详情, 新增, 编辑 and 删除 of one row: create and update take the same input and answer the row. */
export const itemEndpoints = <const Paths extends { list: string; item: string }, Params extends z.ZodObject, Body extends z.ZodType, Item extends z.ZodType>(
  paths: Paths,
  { params, body, answer }: { params: Params; body: Body; answer: Item },
): {
  detail: Declared<'GET', Paths['item'], { params: Params; answer: Item }>;
  create: Declared<'POST', Paths['list'], { body: Body; answer: Item }>;
  update: Declared<'PUT', Paths['item'], { params: Params; body: Body; answer: Item }>;
  remove: Declared<'DELETE', Paths['item'], { params: Params; answer: z.ZodNull }>;
} => ({
  detail: withFittingParams({ method: 'GET', path: paths.item, params, answer }),
  create: withFittingParams({ method: 'POST', path: paths.list, body, answer }),
  update: withFittingParams({ method: 'PUT', path: paths.item, params, body, answer }),
  remove: withFittingParams({ method: 'DELETE', path: paths.item, params, answer: z.null() }),
});

/** 通过 and 驳回 of a request under review: both take the reviewer's decision and answer the request. */
export const reviewEndpoints = <const Paths extends { approve: string; reject: string }, Params extends z.ZodObject, Body extends z.ZodType, Request extends z.ZodType>(
  paths: Paths,
  { params, body, answer }: { params: Params; body: Body; answer: Request },
): {
  approve: Declared<'POST', Paths['approve'], { params: Params; body: Body; answer: Request }>;
  reject: Declared<'POST', Paths['reject'], { params: Params; body: Body; answer: Request }>;
} => ({
  approve: withFittingParams({ method: 'POST', path: paths.approve, params, body, answer }),
  reject: withFittingParams({ method: 'POST', path: paths.reject, params, body, answer }),
});
