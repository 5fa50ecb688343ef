import { complaintEndpoints, pathOf, type ComplaintDetail, type ComplaintSettingsInput, type ServicePhoto } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/http/api-error';
import { call, callEnvelope } from '../../shared/http/call';
import { postPhoto } from '../../shared/photos/private-photos';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key root of 客户投诉: the list, one complaint with its thread, and the tenant's 处理时限. */
export const complaintResourceKey = 'complaint';
const settingsKey = [complaintResourceKey, 'settings'] as const;

export const useComplaint = (id: string | null) =>
  useQuery({
    queryKey: resourceKeys.detail(complaintResourceKey, id ?? ''),
    // a message may point at a complaint that is gone or foreign: the page says so itself, without a pop-up
    queryFn: () => call(complaintEndpoints.detail, { params: { id: id! }, silent: true }),
    enabled: Boolean(id),
  });

/**
 * A reply or 办结 answers the complaint as it now is, shown at once; the list (状态, 回复数) is asked
 * again. A refusal (completed by someone else meanwhile) means what is on screen is stale, so both
 * are asked again then too. Refused fields are placed by the caller's form.
 */
const useThreadMutation = <Input>(send: (id: string, input: Input) => Promise<{ msg: string; data: ComplaintDetail }>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Input }) => send(id, input),
    onSuccess: ({ data }) => queryClient.setQueryData(resourceKeys.detail(complaintResourceKey, data.id), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(complaintResourceKey) }),
  });
};

/** The refusal of a reply or 办结 to a complaint someone else completed meanwhile (该投诉已完成，不能再回复或办结). */
export const isClosedMeanwhile = (error: unknown) => error instanceof ApiError && error.status === 409;

export const useReplyComplaint = () => useThreadMutation((id, content: string) => callEnvelope(complaintEndpoints.reply, { params: { id }, body: { content }, placesFields: true }));

export const useCompleteComplaint = () => useThreadMutation((id, result: string) => callEnvelope(complaintEndpoints.complete, { params: { id }, body: { result }, placesFields: true }));

export const useComplaintSettings = () => useQuery({ queryKey: settingsKey, queryFn: () => call(complaintEndpoints.settings) });

export const useUpdateComplaintSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ComplaintSettingsInput) => callEnvelope(complaintEndpoints.updateSettings, { body, placesFields: true }),
    onSuccess: ({ data }) => queryClient.setQueryData(settingsKey, data),
  });
};

/** A complaint photo's bytes, fetched with the signed-in token. */
export const loadComplaintPhoto = (id: string, photoId: string) => call(complaintEndpoints.photo, { params: { id, photoId }, silent: true });
export const complaintPhotoKey = (id: string, photoId: string) => [complaintResourceKey, 'photo', id, photoId] as const;

/** Adding or removing a photo answers the complaint's photos: laid over the detail at once, the list asked again. */
const usePhotoMutation = <Input>(send: (id: string, input: Input) => Promise<ServicePhoto[]>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Input }) => send(id, input),
    onSuccess: (photos, { id }) => queryClient.setQueryData<ComplaintDetail>(resourceKeys.detail(complaintResourceKey, id), (shown) => (shown ? { ...shown, photos } : shown)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(complaintResourceKey) }),
  });
};

export const useAddComplaintPhoto = () =>
  usePhotoMutation(async (id, file: File) => (await postPhoto<ServicePhoto[]>(pathOf(complaintEndpoints.addPhoto, { id }), file, { silent: true })).data);

export const useRemoveComplaintPhoto = () => usePhotoMutation((id, photoId: string) => call(complaintEndpoints.removePhoto, { params: { id, photoId } }));

/** Sends photos picked on 新增投诉 to the complaint just saved; answers what to tell staff when some were refused. */
export const uploadComplaintPhotos = async (id: string, files: readonly File[]) => {
  const refusals: string[] = [];
  for (const file of files) {
    await postPhoto(pathOf(complaintEndpoints.addPhoto, { id }), file, { silent: true }).catch((error: unknown) => refusals.push(error instanceof Error ? error.message : '上传失败'));
  }
  return refusals.length ? `${refusals.length}张照片未上传（${refusals[0]}），可在投诉详情中补传` : undefined;
};
