import { complaintEndpoints, pathOf, type OwnerComplaintValues, type ServicePhoto } from '@parking/contract';
import { asOwner } from '../../modules/customers';
import { call } from '../../shared/http/call';
import { postPhoto } from '../../shared/photos/private-photos';

/** 我的投诉's calls, each with the owner's token as the owner's other calls carry it. */
export const ownerComplaintsApi = {
  list: () => call(complaintEndpoints.ownerList, asOwner()),
  file: (body: OwnerComplaintValues) => call(complaintEndpoints.ownerFile, { body, ...asOwner() }),
  supplement: (id: string, content: string) => call(complaintEndpoints.ownerReply, { params: { id }, body: { content }, ...asOwner() }),
  addPhoto: async (id: string, file: File) => (await postPhoto<ServicePhoto[]>(pathOf(complaintEndpoints.ownerAddPhoto, { id }), file, asOwner())).data,
  photo: (id: string, photoId: string) => call(complaintEndpoints.ownerPhoto, { params: { id, photoId }, ...asOwner() }),
};

/** The order page's driver adds a photo to the complaint just filed, with the same record token. */
export const addRecordComplaintPhoto = async (id: string, o: string, file: File) =>
  (await postPhoto<ServicePhoto[]>(pathOf(complaintEndpoints.recordAddPhoto, { id }), file, { params: { o }, silent: true })).data;
