import { z } from 'zod';
import { endpoint, idParams, listEndpoints } from '../common/endpoint.js';
import { appeal, appealDecisionInput, appealDetail, appealListQuery, appealPage, appealPaths, ownerAppeal, ownerAppealInput } from './appeal.schema.js';
import { servicePhoto, servicePhotoParams } from './service-photo.schema.js';

const params = idParams('申诉编号格式不正确');
const photoParams = servicePhotoParams('申诉编号格式不正确');
const photos = z.array(servicePhoto);

/** 申诉审核 for staff of the page; the owner's own appeals with the owner's token. */
export const appealEndpoints = {
  ...listEndpoints(appealPaths, appealListQuery, appealPage),
  detail: endpoint({ method: 'GET', path: appealPaths.item, params, answer: appealDetail }),
  claim: endpoint({ method: 'POST', path: appealPaths.claim, params, answer: appeal }),
  release: endpoint({ method: 'POST', path: appealPaths.release, params, answer: appeal }),
  decide: endpoint({ method: 'POST', path: appealPaths.decide, params, body: appealDecisionInput, answer: appealDetail }),
  ownerList: endpoint({ method: 'GET', path: appealPaths.owner, answer: z.array(ownerAppeal) }),
  ownerFile: endpoint({ method: 'POST', path: appealPaths.owner, body: ownerAppealInput, answer: ownerAppeal }),
  photo: endpoint({ method: 'GET', path: appealPaths.photo, params: photoParams, answer: 'file' }),
  /** a photo is the multipart field `file` (read from the stream, not declared); each answers the appeal's photos after it */
  ownerAddPhoto: endpoint({ method: 'POST', path: appealPaths.ownerPhotos, params, answer: photos }),
  ownerPhoto: endpoint({ method: 'GET', path: appealPaths.ownerPhoto, params: photoParams, answer: 'file' }),
  ownerRemovePhoto: endpoint({ method: 'DELETE', path: appealPaths.ownerPhoto, params: photoParams, answer: photos }),
};
