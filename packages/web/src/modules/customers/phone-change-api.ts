import { phoneChangeEndpoints, type Envelope, type PhoneChangeCodeInput, type PhoneChangeRejectInput, type PhoneChangeSubmitQuery } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callEnvelope } from '../../shared/http/call';
import { http } from '../../shared/http/http-client';
import { resourceKeys } from '../../shared/resource/use-resource';
import { customerResourceKey } from './customers-api';

/** Query-key root of 手机号变更审核: the list, one request with its evidence, and its photo. */
export const phoneChangeResourceKey = 'phoneChange';

export const usePhoneChange = (id: string | null) =>
  useQuery({
    queryKey: resourceKeys.detail(phoneChangeResourceKey, id ?? ''),
    // a message may point at a request that is gone or foreign: the page says so itself, without a pop-up
    queryFn: () => call(phoneChangeEndpoints.detail, { params: { id: id! }, silent: true }),
    enabled: Boolean(id),
  });

/** The 行驶证 photo, fetched with the signed-in token (it is never at a public address). */
export const usePhoneChangePhoto = (id: string, present: boolean) =>
  useQuery({
    queryKey: [phoneChangeResourceKey, 'photo', id],
    queryFn: () => call(phoneChangeEndpoints.photo, { params: { id }, silent: true }),
    enabled: present,
    retry: false,
    staleTime: Infinity,
  });

/** A decision changes the requests and, approved, the owner's number. */
const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => Promise.all([phoneChangeResourceKey, customerResourceKey].map((key) => queryClient.invalidateQueries({ queryKey: resourceKeys.all(key) })));
};

export const useApprovePhoneChange = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: string) => (await callEnvelope(phoneChangeEndpoints.approve, { params: { id } })).msg,
    // a refusal (the number taken meanwhile, decided by someone else) may mean the list is stale
    onSettled: invalidate,
  });
};

export const useRejectPhoneChange = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: PhoneChangeRejectInput }) => (await callEnvelope(phoneChangeEndpoints.reject, { params: { id }, body })).msg,
    onSuccess: invalidate,
  });
};

/**
 * The phone page's 申请人工变更, for one who lost the old number: no owner token (they cannot sign in),
 * its failures shown on the page itself.
 */
export const phoneChangeRequestApi = {
  code: (body: PhoneChangeCodeInput) => call(phoneChangeEndpoints.code, { body, silent: true }),
  /** what is asked in the query, the 行驶证 photo as multipart field `file`; answers the server's words */
  submit: async (query: PhoneChangeSubmitQuery, photo: File) => {
    const body = new FormData();
    body.append('file', photo);
    // axios would turn FormData into JSON under the client's default JSON content type
    const response = await http.post<Envelope<unknown>>(phoneChangeEndpoints.submit.path, body, { params: query, silent: true, headers: { 'Content-Type': 'multipart/form-data' } });
    return response.data.msg;
  },
};
