import type { ParkingRecord, ParkingRecordListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { findListedRecord, pageParkingRecords, type ListedRecordRow } from './parking-record.repository.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toRecord = ({ record: r, lotName }: ListedRecordRow): ParkingRecord => ({
  id: r.id,
  lotId: r.lotId,
  lotName,
  entryLaneId: r.entryLaneId,
  exitLaneId: r.exitLaneId,
  spaceId: r.spaceId,
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
  const { currentPage, pageSize, ...filter } = query;
  const { rows, total } = await pageParkingRecords(db, auth.tenantId, filter, { currentPage, pageSize });
  return { list: rows.map(toRecord), pagination: { currentPage, pageSize, total } };
};

export const getParkingRecord = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findListedRecord(db, auth.tenantId, id);
  if (!row) throw notFound('停车记录不存在');
  return toRecord(row);
};
