import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { listQueryShape, parseListQuery, serializeListQuery, type ListQuery } from '../../shared/resource/list-query';
import type { ResourceDescriptor } from '../../shared/resource/resource-types';

/** A list's state and how it changes, wherever it is kept. */
export interface ListState {
  query: ListQuery;
  setQuery: (next: Partial<ListQuery>) => void;
}

/** The URL parameter naming a page's tab; every list of the page leaves it in place. */
export const tabParam = 'tab';

/**
 * A tab's list in the URL, as useListUrlState keeps a page's list, but leaving the page's `tab` in
 * place when the list changes, so a reload or a shared link opens the same tab and list.
 */
export function useTabListState<T, Q>(descriptor: ResourceDescriptor<T, Q>): ListState {
  const [searchParams, setSearchParams] = useSearchParams();
  const shape = useMemo(() => listQueryShape(descriptor), [descriptor]);
  const query = useMemo(() => parseListQuery(searchParams, shape), [searchParams, shape]);
  const setQuery = (next: Partial<ListQuery>) => {
    const params = serializeListQuery({ ...query, ...next });
    const tab = searchParams.get(tabParam);
    if (tab !== null) params.set(tabParam, tab);
    setSearchParams(params);
  };
  return { query, setQuery };
}

/**
 * A list kept on screen only, for the reports that share one tab: `required` filters (a report's
 * days) are put back whenever a search leaves them out, so 重置 returns to them.
 */
export function useLocalListState<T, Q>(descriptor: ResourceDescriptor<T, Q>, required: Readonly<Record<string, string>>): ListState {
  const [query, setState] = useState<ListQuery>(() => ({ currentPage: 1, pageSize: listQueryShape(descriptor).defaultPageSize, filters: required }));
  const setQuery = (next: Partial<ListQuery>) => setState((current) => ({ ...current, ...next, filters: { ...required, ...(next.filters ?? current.filters) } }));
  return { query, setQuery };
}
