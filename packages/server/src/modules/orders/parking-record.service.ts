import { join, resolve, sep } from 'node:path';
import { type ParkingRecord, type ParkingRecordDetail, type ParkingRecordFee, type ParkingRecordListValues, type ParkingRecordPhotoKind, whiteListFreeLabel } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { listRecordEdits } from './record-edit-audit.service.js';
import { mapEach } from '../../shared/map-each.js';
import { recordCoupons, recordGroupCard } from '../marketing/index.js';
import { paidGrace } from './paid-grace.js';
import { priceStay, whiteListedStay } from './stay-price.js';
import { findListedRecord, keptRecordCount, pageParkingRecords, streamParkingRecords, type ListedRecordRow, type ParkingRecordRow } from './parking-record.repository.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toRecord = ({ record: r, lotName, entryLaneName, exitLaneName, spaceNumber }: ListedRecordRow): ParkingRecord => ({
  id: r.id,
  lotId: r.lotId,
  lotName,
  entryLaneId: r.entryLaneId,
  entryLaneName,
  exitLaneId: r.exitLaneId,
  exitLaneName,
  spaceId: r.spaceId,
  spaceNumber,
  plateNumber: r.plateNumber,
  plateColour: r.plateColour,
  enteredAt: iso(r.enteredAt),
  exitedAt: iso(r.exitedAt),
  entryConfidence: r.entryConfidence,
  exitConfidence: r.exitConfidence,
  entryPhoto: r.entryPhoto,
  exitPhoto: r.exitPhoto,
  tariffId: r.tariffId,
  tariffVersionId: r.tariffVersionId,
  vehicleClass: r.vehicleClass,
  state: r.state,
  amountDue: r.amountDue,
  discount: r.discount,
  paid: r.paid,
  unpaid: r.unpaid,
  abnormal: r.abnormal,
  abnormalReasons: r.abnormalReasons,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const listParkingRecords = async (db: Db, auth: AuthContext, query: ParkingRecordListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageParkingRecords(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toRecord);
};

/** the most one export writes: a million rows is about 60 MB of xlsx */
export const parkingRecordExportMax = 1_000_000;

/**
 * Rows an export fetches at a time. Small enough that a batch is gone before the young generation
 * fills twice (bigger batches were promoted to the old generation and an export of 1,000,000 rows
 * peaked above 300 MiB RSS; bench/RESULTS.md), big enough that the fetches cost little.
 */
const exportBatch = 500;

/** Every record the list's filters find, in the list's order, a batch at a time, for the xlsx export. */
/** How many rows the export will write, when the kept counts tell it without counting: the progress's total. */
export const parkingRecordExportTotal = async (db: Db, auth: AuthContext, filter: Omit<ParkingRecordListValues, 'currentPage' | 'pageSize'>) => {
  const kept = await keptRecordCount(db, auth.tenantId, filter);
  return kept === undefined ? undefined : Math.min(kept, parkingRecordExportMax);
};

export async function* exportParkingRecords(db: Db, auth: AuthContext, filter: Omit<ParkingRecordListValues, 'currentPage' | 'pageSize'>) {
  for await (const rows of streamParkingRecords(db, auth.tenantId, filter, exportBatch, parkingRecordExportMax)) yield mapEach(rows, toRecord);
}

export const getParkingRecord = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findListedRecord(db, auth.tenantId, id);
  if (!row) throw notFound('停车记录不存在');
  return toRecord(row);
};

/** The finished stay priced again under the tariff version stored on it, so staff see how the amount came about. */
const feeOf = async (db: Db, tenantId: string, r: ParkingRecordRow): Promise<ParkingRecordFee | null> => {
  if (!r.enteredAt || !r.exitedAt) return null;
  // a stay paid on the phone before it left and left within grace was charged only up to the payment
  const grace = await paidGrace(db, tenantId, r);
  const paidBeforeExit = grace && grace.lastPaidAt < r.exitedAt ? grace.lastPaidAt : undefined;
  const priced = await priceStay(db, tenantId, r, r.enteredAt, r.exitedAt, paidBeforeExit);
  if (!priced) return null;
  const { tariffName, tariffVersionNo, result } = priced;
  const breakdown = result.breakdown.map((l) => ({ ...l, from: l.from.toISOString(), to: l.to.toISOString() }));
  let freeReason = result.freeReason ?? null;
  // a white-listed plate: the time its entries covered is taken off as one line, as the exit quoted it
  const white = await whiteListedStay(db, tenantId, r, r.enteredAt, r.exitedAt);
  const off = white ? result.amount - Math.min(result.amount, white.charged) : 0;
  if (white && off > 0) {
    const minutes = white.covered.reduce((sum, part) => sum + Math.round((part.to.getTime() - part.from.getTime()) / 60_000), 0);
    breakdown.push({ label: whiteListFreeLabel, from: white.covered[0]!.from.toISOString(), to: white.covered.at(-1)!.to.toISOString(), minutes, units: 1, amount: -off });
    if (white.charged === 0) freeReason = whiteListFreeLabel;
  }
  const vehicleClass = { ...result.vehicleClass, why: r.vehicleClassWhy };
  return { tariffName, tariffVersionNo, amount: result.amount, breakdown, freeReason, vehicleClass };
};

export const getParkingRecordDetail = async (db: Db, auth: AuthContext, id: string): Promise<ParkingRecordDetail> => {
  const row = await findListedRecord(db, auth.tenantId, id);
  if (!row) throw notFound('停车记录不存在');
  return {
    ...toRecord(row),
    fee: await feeOf(db, auth.tenantId, row.record),
    groupCard: await recordGroupCard(db, auth.tenantId, row.record),
    coupons: await recordCoupons(db, auth.tenantId, row.record.id),
    edits: await listRecordEdits(db, auth, id),
  };
};

const photoTypes = { jpg: 'image/jpeg', png: 'image/png' } as const;

/** Where a record's photo lies under DATA_DIR and its content type; a path that would leave DATA_DIR is not served. */
export const findParkingRecordPhoto = async (db: Db, auth: AuthContext, dataDir: string, id: string, which: ParkingRecordPhotoKind) => {
  const row = await findListedRecord(db, auth.tenantId, id);
  if (!row) throw notFound('停车记录不存在');
  const relative = which === 'entry' ? row.record.entryPhoto : row.record.exitPhoto;
  const extension = relative?.split('.').pop();
  if (!relative || (extension !== 'jpg' && extension !== 'png')) throw notFound('暂无图片');
  const root = resolve(dataDir);
  const file = resolve(join(root, relative));
  if (!file.startsWith(root + sep)) throw notFound('暂无图片');
  return { file, contentType: photoTypes[extension] };
};
