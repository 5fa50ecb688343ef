import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toRequestParams, type ListQuery, type RequestParams } from './list-query';
import { listCall, removeRow, saveRow } from './resource-api';
import type { ResourceDescriptor } from './resource-types';

/** One query-key scheme for every resource (STYLE: react-admin/refine). */
export const resourceKeys = {
  all: (resource: string) => [resource] as const,
  list: (resource: string, params: RequestParams) => [resource, 'list', params] as const,
  detail: (resource: string, id: string | number) => [resource, 'detail', id] as const,
};

export function useResourceList<T, Q>(descriptor: ResourceDescriptor<T, Q>, query: ListQuery) {
  const params = { ...toRequestParams(query), ...descriptor.fixedParams };
  return useQuery({
    queryKey: resourceKeys.list(descriptor.resource, params),
    queryFn: () => listCall<T>(descriptor, params),
    // the old page stays on screen under the loading veil instead of flashing empty
    placeholderData: keepPreviousData,
  });
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
    mutationFn: ({ id, body }: SaveInput) => saveRow(descriptor, id, body),
    onSuccess: invalidate,
  });
}
