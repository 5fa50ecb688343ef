import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listQueryShape, parseListQuery, serializeListQuery, type ListQuery } from '../../shared/resource/list-query';
import type { ResourceDescriptor } from '../../shared/resource/resource-types';

/**
 * A list's state in the URL, as useListUrlState keeps it, but leaving the page's own parameters
 * (订单预警's `type` tab and the `id` a message pointed at) in place when the list changes.
 */
export function useKeptListState<T, Q>(descriptor: ResourceDescriptor<T, Q>, kept: readonly string[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const shape = useMemo(() => listQueryShape(descriptor), [descriptor]);
  const query = useMemo(() => parseListQuery(searchParams, shape), [searchParams, shape]);
  const setQuery = (next: Partial<ListQuery>) => {
    const params = serializeListQuery({ ...query, ...next });
    for (const name of kept) {
      const value = searchParams.get(name);
      if (value !== null) params.set(name, value);
    }
    setSearchParams(params);
  };
  return { query, setQuery };
}
