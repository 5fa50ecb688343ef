import { scanPagePaths, type ParkingQrCodeSheet, type ScanAction, type ScanTarget } from '@parking/contract';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.js';
import type { parkingLanes } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../plugins/app-error.js';
import { pages } from '../../shared/xlsx-export.js';
import type { AuthContext } from '../../types.js';
import { findTenant } from '../system/index.js';
import { findParkingLane, pageParkingLanes } from './parking-lane.repository.js';
import { getParkingLane } from './parking-lane.service.js';
import { findParkingLot } from './parking-lot.repository.js';
import { getParkingLot } from './parking-lot.service.js';
import { countLotSpaces, findParkingSpace, pageParkingSpaces, spacesOfLot } from './parking-space.repository.js';
import { signScanToken, verifyScanToken, type ScanTokenPayload } from './scan-token.js';

/** How QR codes are made here: the signing key and the public address they point at. */
export interface QrCodeSigner {
  secret: string;
  /** e.g. https://park.example.com, without a trailing slash */
  baseUrl: string;
}

export interface QrCodeFile {
  fileName: string;
  png: Buffer;
}

const laneAction = (direction: string): ScanAction => (direction === 'in' ? 'enter' : 'exit');

/** The URL a code holds: the phone page of its action, with the signed token. */
export const scanUrl = (signer: QrCodeSigner, action: ScanAction, payload: ScanTokenPayload) => `${signer.baseUrl}${scanPagePaths[action]}?t=${signScanToken(signer.secret, payload)}`;

// M: a quarter of a sticker may be dirty or torn and the code still reads
export const qrPng = (url: string) => QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 480 });

/** The lot's own code, e.g. for the sign at its entrance. */
export const lotQrCode = async (db: Db, auth: AuthContext, signer: QrCodeSigner, lotId: string): Promise<QrCodeFile> => {
  const lot = await getParkingLot(db, auth, lotId);
  const png = await qrPng(scanUrl(signer, 'visit', { k: 'lot', id: lot.id, tenant: auth.tenantId }));
  return { fileName: `${lot.name}.png`, png };
};

/** A lane's code: an out-lane's lets a driver pay and leave, an in-lane's lets one in. */
export const laneQrCode = async (db: Db, auth: AuthContext, signer: QrCodeSigner, laneId: string): Promise<QrCodeFile> => {
  const lane = await getParkingLane(db, auth, laneId);
  const png = await qrPng(scanUrl(signer, laneAction(lane.direction), { k: 'lane', id: lane.id, tenant: auth.tenantId }));
  return { fileName: `${lane.lotName}-${lane.name}.png`, png };
};

/**
 * Every space's code of a lot, one PNG named by its number, made page by page as the zip is
 * written. A lot without spaces is refused before anything is sent.
 */
export const spaceQrCodes = async (db: Db, auth: AuthContext, signer: QrCodeSigner, lotId: string) => {
  const lot = await getParkingLot(db, auth, lotId);
  if ((await countLotSpaces(db, auth.tenantId, lotId)).total === 0) throw badRequest(`停车场「${lot.name}」还没有泊位`);
  async function* files(): AsyncIterable<QrCodeFile> {
    const spaces = pages((currentPage, pageSize) => pageParkingSpaces(db, auth.tenantId, { lotId, sidx: 'number' }, { currentPage, pageSize }).then((p) => p.rows));
    for await (const batch of spaces) {
      for (const { space } of batch) {
        yield { fileName: `${space.number}.png`, png: await qrPng(scanUrl(signer, 'visit', { k: 'space', id: space.id, tenant: auth.tenantId })) };
      }
    }
  }
  return { fileName: `${lot.name}-泊位二维码.zip`, files: files() };
};

/**
 * The printable sheet of a lot: every lane's and space's scan URL, the very URLs their PNGs hold,
 * for the console to draw and print on A4. A lot without lanes or spaces gives an empty list of each.
 */
export const qrCodeSheet = async (db: Db, auth: AuthContext, signer: QrCodeSigner, lotId: string): Promise<ParkingQrCodeSheet> => {
  const lot = await getParkingLot(db, auth, lotId);
  const laneRows: (typeof parkingLanes.$inferSelect)[] = [];
  for await (const batch of pages((currentPage, pageSize) => pageParkingLanes(db, auth.tenantId, { lotId }, { currentPage, pageSize }).then((p) => p.rows))) {
    laneRows.push(...batch.map((row) => row.lane));
  }
  // by sort code as the 车道 list, then by name: the printed order never depends on when a lane was added
  laneRows.sort((a, b) => a.sortCode - b.sortCode || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const lanes = laneRows.map((lane) => ({
    id: lane.id,
    name: lane.name,
    direction: lane.direction === 'in' ? ('in' as const) : ('out' as const),
    url: scanUrl(signer, laneAction(lane.direction), { k: 'lane', id: lane.id, tenant: auth.tenantId }),
  }));
  const spaces = (await spacesOfLot(db, auth.tenantId, lotId)).map((space) => ({
    id: space.id,
    number: space.number,
    url: scanUrl(signer, 'visit', { k: 'space', id: space.id, tenant: auth.tenantId }),
  }));
  return { lotId: lot.id, lotName: lot.name, lanes, spaces };
};

const gone = () => notFound('二维码对应的停车场、车道或泊位已不存在');

/**
 * What a scanned code points at, for the driver's phone pages (no sign-in). The token says which
 * tenant: every lookup is scoped by it, so a valid token of one tenant never reads another's rows.
 */
export const resolveScan = async (db: Db, secret: string, token: string): Promise<ScanTarget> => {
  const payload = verifyScanToken(secret, token);
  // a group card's or special bill's code opens its own page, not a place's
  if (!payload || payload.k === 'groupCard' || payload.k === 'specialBill') throw badRequest('二维码无效或已被篡改');
  const tenant = await findTenant(db, payload.tenant);
  if (!tenant || !tenant.enabled) throw gone();
  const base = { kind: payload.k, tenantCode: tenant.code, laneName: null, spaceNumber: null };
  if (payload.k === 'lot') {
    const row = await findParkingLot(db, tenant.id, payload.id);
    if (!row) throw gone();
    return { ...base, action: 'visit', lotId: row.lot.id, lotName: row.lot.name };
  }
  if (payload.k === 'lane') {
    const row = await findParkingLane(db, tenant.id, payload.id);
    if (!row) throw gone();
    return { ...base, action: laneAction(row.lane.direction), lotId: row.lane.lotId, lotName: row.lotName, laneName: row.lane.name };
  }
  const row = await findParkingSpace(db, tenant.id, payload.id);
  if (!row) throw gone();
  return { ...base, action: 'visit', lotId: row.space.lotId, lotName: row.lotName, spaceNumber: row.space.number };
};
