import { orderWarningEndpoints, type OrderWarningHandleInput } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { resourceKeys } from '../../shared/resource/use-resource';
import { orderWarningResourceKey } from './order-warning.resource';

/** One warning, for the dialog a message link (…?id=) opens; a missing one is said on the page, not in a pop-up. */
export const useOrderWarning = (id: string | null) =>
  useQuery({
    queryKey: resourceKeys.detail(orderWarningResourceKey, id ?? ''),
    queryFn: () => call(orderWarningEndpoints.detail, { params: { id: id! }, silent: true }),
    enabled: id !== null,
    retry: false,
  });

/** 处理: closes a warning with a remark; both tabs and the detail are read again. */
export const useHandleOrderWarning = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OrderWarningHandleInput }) => call(orderWarningEndpoints.handle, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(orderWarningResourceKey) }),
  });
};
