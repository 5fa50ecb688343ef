import { appealEndpoints, type AppealDecisionInput, type AppealDetail } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callEnvelope } from '../../shared/http/call';
import { resourceKeys } from '../../shared/resource/use-resource';
import { parkingRecordResourceKey } from '../orders';

/** Query-key root of 申诉审核: the list, and one appeal with its stay, payments and refunds. */
export const appealResourceKey = 'appeal';

export const useAppeal = (id: string | null) =>
  useQuery({
    queryKey: resourceKeys.detail(appealResourceKey, id ?? ''),
    // a link may point at an appeal that is gone or foreign: the page says so itself, without a pop-up
    queryFn: () => call(appealEndpoints.detail, { params: { id: id! }, silent: true }),
    enabled: Boolean(id),
  });

/** A parking record's appeals, newest first, for its 详情; a record has a few at most (one open at a time). */
export const useRecordAppeals = (recordId: string, enabled: boolean) =>
  useQuery({
    queryKey: [appealResourceKey, 'record', recordId],
    // the section says itself that they could not be loaded
    queryFn: () => call(appealEndpoints.list, { query: { recordId, currentPage: 1, pageSize: 100, sidx: 'filedAt', sort: 'desc' }, silent: true }),
    enabled,
  });

/**
 * 领取 / 释放 answer the appeal without its stay: laid over the detail on screen at once. Either way
 * (a refusal means someone else holds it now) the list and the detail are asked again.
 */
const useHoldMutation = (endpoint: typeof appealEndpoints.claim | typeof appealEndpoints.release) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEnvelope(endpoint, { params: { id } }),
    onSuccess: ({ data }) => queryClient.setQueryData<AppealDetail>(resourceKeys.detail(appealResourceKey, data.id), (shown) => (shown ? { ...shown, ...data } : shown)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(appealResourceKey) }),
  });
};

export const useClaimAppeal = () => useHoldMutation(appealEndpoints.claim);
export const useReleaseAppeal = () => useHoldMutation(appealEndpoints.release);

/**
 * 审核: the decided appeal is shown at once; the records are asked again (the stay's money or plate
 * changed). A refusal (held or decided by someone else meanwhile) means the appeal on screen is stale,
 * so it is asked again then too. Refused fields are placed by the form.
 */
export const useDecideAppeal = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AppealDecisionInput }) => callEnvelope(appealEndpoints.decide, { params: { id }, body, placesFields: true }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(resourceKeys.detail(appealResourceKey, data.id), data);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(parkingRecordResourceKey) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(appealResourceKey) }),
  });
};

/** An appeal photo's bytes, fetched with the signed-in token. */
export const loadAppealPhoto = (id: string, photoId: string) => call(appealEndpoints.photo, { params: { id, photoId }, silent: true });
export const appealPhotoKey = (id: string, photoId: string) => [appealResourceKey, 'photo', id, photoId] as const;
