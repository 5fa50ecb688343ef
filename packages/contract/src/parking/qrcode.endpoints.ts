import { endpoint } from '../common/endpoint.js';
import { parkingLotParams } from './lot.endpoints.js';
import { parkingLaneQrCodeQuery, parkingQrCodePaths, parkingQrCodeSheet, parkingQrCodeSheetQuery, parkingSpaceQrCodesQuery, scanResolveQuery, scanTarget } from './qrcode.schema.js';

export const parkingQrCodeEndpoints = {
  /** PNG */
  lot: endpoint({ method: 'GET', path: parkingQrCodePaths.lot, params: parkingLotParams, answer: 'file' }),
  /** PNG */
  lane: endpoint({ method: 'GET', path: parkingQrCodePaths.lane, query: parkingLaneQrCodeQuery, answer: 'file' }),
  /** zip of PNGs */
  spaces: endpoint({ method: 'GET', path: parkingQrCodePaths.spaces, query: parkingSpaceQrCodesQuery, answer: 'file' }),
  /** the codes of a lot's lanes and spaces, for printing them all on one sheet */
  sheet: endpoint({ method: 'GET', path: parkingQrCodePaths.sheet, query: parkingQrCodeSheetQuery, answer: parkingQrCodeSheet }),
  resolve: endpoint({ method: 'GET', path: parkingQrCodePaths.resolve, query: scanResolveQuery, answer: scanTarget }),
};
