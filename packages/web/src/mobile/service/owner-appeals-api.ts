import { appealEndpoints, type OwnerAppealValues } from '@parking/contract';
import { asOwner } from '../../modules/customers';
import { call } from '../../shared/http/call';

/** 我的申诉's calls, each with the owner's token as the owner's other calls carry it. */
export const ownerAppealsApi = {
  list: () => call(appealEndpoints.ownerList, asOwner()),
  file: (body: OwnerAppealValues) => call(appealEndpoints.ownerFile, { body, ...asOwner() }),
};
