import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
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
  list: endpoint({ method: 'GET', path: groupCardPaths.list, query: groupCardListQuery, answer: groupCardPage }),
  export: endpoint({ method: 'GET', path: groupCardPaths.export, query: groupCardListQuery, answer: 'file' }),
  /** PNG */
  qrcode: endpoint({ method: 'GET', path: groupCardPaths.qrcode, params, answer: 'file' }),
  detail: endpoint({ method: 'GET', path: groupCardPaths.item, params, answer: groupCard }),
  create: endpoint({ method: 'POST', path: groupCardPaths.list, body: groupCardInput, answer: groupCard }),
  update: endpoint({ method: 'PUT', path: groupCardPaths.item, params, body: groupCardInput, answer: groupCard }),
  remove: endpoint({ method: 'DELETE', path: groupCardPaths.item, params, answer: z.null() }),
};

/** No sign-in: the driver's phone, with the token of the card's QR code. */
export const groupCardOpenEndpoints = {
  info: endpoint({ method: 'GET', path: groupCardOpenPaths.info, query: groupCardTokenQuery, answer: groupCardPublic }),
  plates: endpoint({ method: 'POST', path: groupCardOpenPaths.plates, body: groupCardBindInput, answer: groupCardPublic }),
};
