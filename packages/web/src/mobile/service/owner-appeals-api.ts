import { appealEndpoints, pathOf, type OwnerAppealValues, type ServicePhoto } from '@parking/contract';
import { asOwner } from '../../modules/customers';
import { call } from '../../shared/http/call';
import { postPhoto } from '../../shared/photos/private-photos';

/** 我的申诉's calls, each with the owner's token as the owner's other calls carry it. */
export const ownerAppealsApi = {
  list: () => call(appealEndpoints.ownerList, asOwner()),
  file: (body: OwnerAppealValues) => call(appealEndpoints.ownerFile, { body, ...asOwner() }),
  addPhoto: async (id: string, file: File) => (await postPhoto<ServicePhoto[]>(pathOf(appealEndpoints.ownerAddPhoto, { id }), file, asOwner())).data,
  photo: (id: string, photoId: string) => call(appealEndpoints.ownerPhoto, { params: { id, photoId }, ...asOwner() }),
};
