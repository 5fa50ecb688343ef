import { endpoint, idParams, itemEndpoints, listEndpoints } from '../common/endpoint.js';
import {
  groupCard,
  groupCardBindInput,
  groupCardInput,
  groupCardListQuery,
  groupCardOpenPaths,
  groupCardPage,
  groupCardPaths,
  groupCardPublic,
  groupCardTokenQuery,
} from './group-card.schema.js';

const params = idParams('集团卡编号格式不正确');

export const groupCardEndpoints = {
  ...listEndpoints(groupCardPaths, groupCardListQuery, groupCardPage),
  /** PNG */
  qrcode: endpoint({ method: 'GET', path: groupCardPaths.qrcode, params, answer: 'file' }),
  ...itemEndpoints(groupCardPaths, { params, body: groupCardInput, answer: groupCard }),
};

/** No sign-in: the driver's phone, with the token of the card's QR code. */
export const groupCardOpenEndpoints = {
  info: endpoint({ method: 'GET', path: groupCardOpenPaths.info, query: groupCardTokenQuery, answer: groupCardPublic }),
  plates: endpoint({ method: 'POST', path: groupCardOpenPaths.plates, body: groupCardBindInput, answer: groupCardPublic }),
};
