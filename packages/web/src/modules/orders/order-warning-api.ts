import { orderWarningPaths, type OrderWarning, type OrderWarningHandleInput } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../shared/http/http-client';
import { resourceKeys } from '../../shared/resource/use-resource';
import { orderWarningResourceKey } from './order-warning.resource';

const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** One warning, for the dialog a message link (…?id=) opens; a missing one is said on the page, not in a pop-up. */
export const useOrderWarning = (id: string | null) =>
  useQuery({
    queryKey: resourceKeys.detail(orderWarningResourceKey, id ?? ''),
    queryFn: () => requestData<OrderWarning>({ method: 'GET', url: withId(orderWarningPaths.item, id!), silent: true }),
    enabled: id !== null,
    retry: false,
  });

/** 处理: closes a warning with a remark; both tabs and the detail are read again. */
export const useHandleOrderWarning = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OrderWarningHandleInput }) => requestData<OrderWarning>({ method: 'POST', url: withId(orderWarningPaths.handle, id), data: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(orderWarningResourceKey) }),
  });
};
