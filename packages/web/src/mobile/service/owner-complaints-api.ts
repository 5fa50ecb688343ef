import { complaintEndpoints, type OwnerComplaintValues } from '@parking/contract';
import { asOwner } from '../../modules/customers';
import { call } from '../../shared/http/call';

/** 我的投诉's calls, each with the owner's token as the owner's other calls carry it. */
export const ownerComplaintsApi = {
  list: () => call(complaintEndpoints.ownerList, asOwner()),
  file: (body: OwnerComplaintValues) => call(complaintEndpoints.ownerFile, { body, ...asOwner() }),
  supplement: (id: string, content: string) => call(complaintEndpoints.ownerReply, { params: { id }, body: { content }, ...asOwner() }),
};
