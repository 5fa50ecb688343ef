import { hashKey, keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listQueryShape, parseListQuery, toRequestParams, type ListQuery, type RequestParams } from './list-query';
import { listCall, removeRow, saveRowAnswer } from './resource-api';
import { filterProblems } from './resource-search-form';
import type { ResourceDescriptor } from './resource-types';

/** One query-key scheme for every resource (STYLE: react-admin/refine). */
export const resourceKeys = {
  all: (resource: string) => [resource] as const,
  list: (resource: string, params: RequestParams) => [resource, 'list', params] as const,
  detail: (resource: string, id: string | number) => [resource, 'detail', id] as const,
};

/** A list's cache entry and how it is asked for; a page reading more of the answer than the table shows reads the same entry. */
export const listQueryOptions = <T, Q>(descriptor: ResourceDescriptor<T, Q>, query: ListQuery) => {
  const params = { ...toRequestParams(query), ...descriptor.fixedParams };
  return {
    queryKey: resourceKeys.list(descriptor.resource, params),
    queryFn: () => listCall<T>(descriptor, params),
    // filters the contract refuses (a reversed range typed into the address) are shown beside their inputs, not sent
    enabled: filterProblems(descriptor.endpoints?.list.query, query.filters).length === 0,
  };
};

// lists asked for before their page was on screen, which that page's first mount does not ask again
const prefetched = new Set<string>();
/** A prefetch no page took within this is forgotten (a page that opened on another list leaves it unused). */
const prefetchFreshMs = 5_000;

/**
 * Asks for the list a page opens on, as the address names it, while the page itself is still being
 * drawn: on a page's first visit its rows then come with its first render instead of a round trip
 * after it.
 */
export function prefetchResourceList<T, Q>(client: QueryClient, descriptor: ResourceDescriptor<T, Q>, search: URLSearchParams): void {
  const options = listQueryOptions(descriptor, parseListQuery(search, listQueryShape(descriptor)));
  if (!options.enabled) return;
  const hash = hashKey(options.queryKey);
  prefetched.add(hash);
  setTimeout(() => prefetched.delete(hash), prefetchFreshMs);
  // a failure is met again, and reported, by the page's own query
  void client.query(options).catch(() => undefined);
}

export function useResourceList<T, Q>(descriptor: ResourceDescriptor<T, Q>, query: ListQuery) {
  const options = listQueryOptions(descriptor, query);
  const list = useQuery({
    ...options,
    // the old page stays on screen under the loading veil instead of flashing empty
    placeholderData: keepPreviousData,
    // every mount asks afresh, except the first after a prefetch: that answer is moments old
    refetchOnMount: (asked) => !prefetched.has(asked.queryHash),
  });
  // once the query above has subscribed, the prefetch is taken: a later mount asks afresh
  const hash = hashKey(options.queryKey);
  useEffect(() => void prefetched.delete(hash), [hash]);
  return list;
}

const useInvalidate = (resource: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource) });
};

export function useResourceRemove<T, Q>(descriptor: ResourceDescriptor<T, Q>) {
  const invalidate = useInvalidate(descriptor.resource);
  return useMutation({
    mutationFn: (id: string | number) => removeRow(descriptor, id),
    onSuccess: invalidate,
  });
}

export interface SaveInput {
  /** absent for a new row */
  id?: string | number;
  body: Record<string, unknown>;
}

export function useResourceSave<T, Q>(descriptor: ResourceDescriptor<T, Q>) {
  const invalidate = useInvalidate(descriptor.resource);
  return useMutation({
    mutationFn: ({ id, body }: SaveInput) => saveRowAnswer(descriptor, id, body),
    onSuccess: invalidate,
  });
}
