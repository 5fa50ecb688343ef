// The public face of parking: areas, lots, lanes, spaces, tariffs and long rental, the signed
// scan tokens of their QR codes, and what devices and the record core read of them.
export { longRentalRoutes } from './long-rental.routes.js';
export { parkingAreaRoutes } from './parking-area.routes.js';
export { parkingCounterRoutes } from './parking-counter.routes.js';
export { parkingLaneRoutes } from './parking-lane.routes.js';
export { parkingLotRoutes } from './parking-lot.routes.js';
export { parkingQrCodeRoutes, type QrCodeRoutesOptions } from './parking-qrcode.routes.js';
export { parkingSpaceRoutes } from './parking-space.routes.js';
export { tariffRoutes } from './tariff.routes.js';

export { getLotEventRules, saveLotEventRules } from './lot-event-rules.service.js';
export { recountLotSpaces } from './parking-space.service.js';
export { qrPng, scanUrl, type QrCodeFile, type QrCodeSigner } from './qrcode.service.js';
export {
  checkScanToken,
  signRecordToken,
  signScanToken,
  signStayToken,
  signStreamToken,
  verifyRecordToken,
  verifyScanToken,
  verifyStayToken,
  verifyStreamToken,
  type RecordTokenPayload,
  type ScanTokenPayload,
} from './scan-token.js';

// read by devices and marketing: the tenant's lots, a lot's lanes and spaces
export { findParkingLot, lotNamesOf, lotOfTenant, type ParkingLotRow } from './parking-lot.repository.js';
export { findLane, lanesOfLot } from './parking-lane.repository.js';
export { findSpace, spacesOfLot } from './parking-space.repository.js';
