import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listQueryShape, parseListQuery, serializeListQuery, type ListQuery } from './list-query';
import type { ResourceDescriptor } from './resource-types';

/** A list's page, size, sort and filters live in the hash URL's query, so a reload or a shared link shows the same list. */
export function useListUrlState<T, Q>(descriptor: ResourceDescriptor<T, Q>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const shape = useMemo(() => listQueryShape(descriptor), [descriptor]);
  const query = useMemo(() => parseListQuery(searchParams, shape), [searchParams, shape]);
  const setQuery = (next: Partial<ListQuery>) => setSearchParams(serializeListQuery({ ...query, ...next }));
  return { query, setQuery };
}
