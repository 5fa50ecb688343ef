import { defaultPageSize as contractDefaultPageSize, normalizeSearch, removeEmptyFields } from '@parking/contract';
import type { ResourceColumn, ResourceDescriptor } from './resource-types';

export type SortOrder = 'asc' | 'desc';

/** A list's whole state: what the URL holds and what the list call is made from. */
export interface ListQuery {
  currentPage: number;
  pageSize: number;
  sidx?: string;
  sort?: SortOrder;
  /** query parameter → value as typed; several values are comma-joined */
  filters: Readonly<Record<string, string>>;
}

/** Which URL parameters a resource understands; anything else in the URL is ignored. */
export interface ListQueryShape {
  filterParams: readonly string[];
  sortFields: readonly string[];
  defaultPageSize: number;
}

/** Same bounds as the server's page query. */
const maxPageSize = 1000;

export const searchParamOf = <T, Q>(column: ResourceColumn<T, Q>): string => column.search?.param ?? column.dataIndex;

/** Every query parameter a column's search fills: two for a range, one otherwise. */
export const searchParamsOf = <T, Q>(column: ResourceColumn<T, Q>): readonly string[] => column.search?.range ?? [searchParamOf(column)];

export const searchColumns = <T, Q>(columns: ReadonlyArray<ResourceColumn<T, Q>>) => columns.filter((c) => !c.hideInSearch);

export function listQueryShape<T, Q>(descriptor: ResourceDescriptor<T, Q>): ListQueryShape {
  return {
    filterParams: searchColumns(descriptor.columns).flatMap(searchParamsOf),
    sortFields: descriptor.columns.filter((c) => c.sortable).map((c) => c.dataIndex),
    defaultPageSize: descriptor.defaultPageSize ?? contractDefaultPageSize,
  };
}

const positiveInt = (raw: string | null, max: number): number | undefined => {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : undefined;
};

/** Reads a list's state from the URL; a malformed value falls back to its default, never to an error. */
export function parseListQuery(params: URLSearchParams, shape: ListQueryShape): ListQuery {
  const filters: Record<string, string> = {};
  for (const param of shape.filterParams) {
    const value = params.get(param);
    if (value !== null && value.trim() !== '') filters[param] = value;
  }
  const query: ListQuery = {
    currentPage: positiveInt(params.get('currentPage'), Number.MAX_SAFE_INTEGER) ?? 1,
    pageSize: positiveInt(params.get('pageSize'), maxPageSize) ?? shape.defaultPageSize,
    filters,
  };
  const sidx = params.get('sidx');
  const sort = params.get('sort');
  if (sidx && shape.sortFields.includes(sidx) && (sort === 'asc' || sort === 'desc')) {
    query.sidx = sidx;
    query.sort = sort;
  }
  return query;
}

/** The URL form of a list's state, in a fixed order so equal states give equal links. */
export function serializeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  params.set('currentPage', String(query.currentPage));
  params.set('pageSize', String(query.pageSize));
  if (query.sidx && query.sort) {
    params.set('sidx', query.sidx);
    params.set('sort', query.sort);
  }
  for (const key of Object.keys(query.filters).sort()) {
    const value = query.filters[key];
    if (value !== undefined && value.trim() !== '') params.set(key, value);
  }
  return params;
}

export type RequestParams = Record<string, string | number>;

/**
 * String filters are trimmed and an empty one becomes null. The server's query schemas
 * are strict and a null has no query-string form, so a null filter is left out of the call
 * altogether rather than sent as "" or "null".
 */
export function filterParams(filters: Readonly<Record<string, string>>): Record<string, string> {
  return removeEmptyFields(normalizeSearch({ ...filters })) as Record<string, string>;
}

/** The list call's parameters; also the query key, so equal lists share one cache entry. */
export function toRequestParams(query: ListQuery): RequestParams {
  const params: RequestParams = { currentPage: query.currentPage, pageSize: query.pageSize };
  if (query.sidx && query.sort) {
    params.sidx = query.sidx;
    params.sort = query.sort;
  }
  return { ...params, ...filterParams(query.filters) };
}

/** The export call takes the list's filters and order, not its page. */
export function toExportParams(query: ListQuery): RequestParams {
  const params = toRequestParams(query);
  delete params.currentPage;
  delete params.pageSize;
  return params;
}

/** 序号 continues across pages: row 1 of page 2 at 10 a page is 11. */
export const serialNumber = (index: number, currentPage: number, pageSize: number): number => (currentPage - 1) * pageSize + index + 1;
