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

export const endpoint = <const Definition extends Endpoint>(definition: Definition & ParamsFit<Definition['path']>): Definition => {
  // the types hold this for literal paths; the check keeps a widened string path honest too
  const names = pathParamNames(definition.path).sort();
  const declared = Object.keys(definition.params?.shape ?? {}).sort();
  if (names.join() !== declared.join()) {
    throw new Error(`endpoint ${definition.method} ${definition.path}: params declare [${declared.join()}], the path names [${names.join()}]`);
  }
  return definition;
};

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
