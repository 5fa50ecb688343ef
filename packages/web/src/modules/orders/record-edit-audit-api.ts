import { recordEditAuditEndpoints, type RecordEditDecisionValues, type RecordEditInput } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { resourceKeys } from '../../shared/resource/use-resource';
import { parkingRecordResourceKey } from './orders-api';

/** Query-key root of 订单修改审核: the audit list and one request. */
export const recordEditResourceKey = 'recordEditAudit';

export const useRecordEdit = (id: string | null) =>
  useQuery({
    queryKey: resourceKeys.detail(recordEditResourceKey, id ?? ''),
    // a message may point at a request that is gone: the page says so itself, without a pop-up
    queryFn: () => call(recordEditAuditEndpoints.detail, { params: { id: id! }, silent: true }),
    enabled: Boolean(id),
  });

/** A request or a decision changes both the audit list and the record it is about. */
const useInvalidateEdits = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: resourceKeys.all(recordEditResourceKey) }),
      queryClient.invalidateQueries({ queryKey: resourceKeys.all(parkingRecordResourceKey) }),
    ]);
};

export const useRequestRecordEdit = () => {
  const invalidate = useInvalidateEdits();
  return useMutation({
    mutationFn: (body: RecordEditInput) => call(recordEditAuditEndpoints.create, { body }),
    onSuccess: invalidate,
  });
};

export type RecordEditVerdict = 'approve' | 'reject';

export const useDecideRecordEdit = () => {
  const invalidate = useInvalidateEdits();
  return useMutation({
    mutationFn: ({ id, verdict, body }: { id: string; verdict: RecordEditVerdict; body: RecordEditDecisionValues }) => call(recordEditAuditEndpoints[verdict], { params: { id }, body }),
    onSuccess: invalidate,
  });
};
