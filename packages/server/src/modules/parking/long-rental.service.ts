import { businessDay, longRentalStateOn, type LongRental, type LongRentalListValues, type LongRentalLot, type LongRentalValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { conflict, fieldRefused, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/index.js';
import {
  cardCountsByLot,
  deleteLongRentalRow,
  findLongRental,
  insertLongRental,
  lockPlateOnLot,
  overlappingCard,
  pageLongRentals,
  updateLongRentalRow,
  type LongRentalRow,
} from './long-rental.repository.js';
import { findParkingLot, lotTotals } from './parking-lot.repository.js';

export const longRentalTarget = 'longRental';

const toCard = ({ card, lotName }: LongRentalRow, today: string): LongRental => ({
  id: card.id,
  lotId: card.lotId,
  lotName,
  plateNumber: card.plateNumber,
  plateColour: card.plateColour,
  ownerName: card.ownerName,
  phone: card.phone,
  validFrom: card.validFrom,
  validTo: card.validTo,
  monthlyPrice: card.monthlyPrice,
  spaceCount: card.spaceCount,
  remark: card.remark,
  enabled: card.enabled,
  state: longRentalStateOn(card, today),
  createdAt: card.createdAt.toISOString(),
  updatedAt: card.updatedAt.toISOString(),
});

/** States are read on today's Shanghai business day; `today` is a parameter so tests can pick one. */
export const listLongRentals = async (db: Db, auth: AuthContext, query: LongRentalListValues, today = businessDay()) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageLongRentals(db, auth.tenantId, filter, today, page);
  return pageAnswer(rows, page, total, (row) => toCard(row, today));
};

export const getLongRental = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findLongRental(db, auth.tenantId, id);
  if (!row) throw notFound('长租车位不存在或已删除');
  return toCard(row, businessDay());
};

/** The lot is the tenant's, the card fits its long-rental spaces, and the plate holds no other card there on those days. */
const checkInput = async (db: Db, tenantId: string, input: LongRentalValues, exceptId?: string) => {
  const found = await findParkingLot(db, tenantId, input.lotId);
  if (!found) throw fieldRefused('lotId', '所选停车场不存在');
  const { lot } = found;
  if (input.spaceCount > lot.longRentalSpaces) {
    throw fieldRefused('spaceCount', `车位数不能超过停车场「${lot.name}」的长租车位数（${lot.longRentalSpaces}）`);
  }
  await lockPlateOnLot(db, tenantId, input.lotId, input.plateNumber);
  const other = await overlappingCard(db, tenantId, input, exceptId);
  if (other) {
    throw conflict(`车牌「${input.plateNumber}」在停车场「${lot.name}」已有${other.validFrom}至${other.validTo}的长租，有效期不能重叠`);
  }
};

const log = (db: Db, auth: AuthContext, action: 'create' | 'update' | 'delete', id: string, summary: string, before?: LongRental, after?: LongRental) =>
  recordOperation(db, auth, { module: 'parking', action, target: longRentalTarget, targetId: id, summary, before, after });

const title = (card: LongRental) => `${card.lotName} ${card.plateNumber}`;

export const createLongRental = async (db: Db, auth: AuthContext, input: LongRentalValues) => {
  await checkInput(db, auth.tenantId, input);
  const id = await insertLongRental(db, auth.tenantId, input);
  const created = await getLongRental(db, auth, id);
  await log(db, auth, 'create', created.id, `新增长租车位「${title(created)}」`, undefined, created);
  return created;
};

export const updateLongRental = async (db: Db, auth: AuthContext, id: string, input: LongRentalValues) => {
  const before = await getLongRental(db, auth, id);
  await checkInput(db, auth.tenantId, input, id);
  await updateLongRentalRow(db, auth.tenantId, id, input);
  const after = await getLongRental(db, auth, id);
  await log(db, auth, 'update', id, `修改长租车位「${title(after)}」`, before, after);
  return after;
};

export const deleteLongRental = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getLongRental(db, auth, id);
  await deleteLongRentalRow(db, auth.tenantId, id);
  await log(db, auth, 'delete', id, `删除长租车位「${title(before)}」`, before);
};

/** Lots that have long-rental spaces or cards: how many spaces, how many cards hold them today, and the space-leave flag. */
export const longRentalLots = async (db: Db, auth: AuthContext, today = businessDay()): Promise<LongRentalLot[]> => {
  const [lots, counts] = [await lotTotals(db, auth.tenantId), await cardCountsByLot(db, auth.tenantId, today)];
  const byLot = new Map(counts.map((c) => [c.lotId, c]));
  return lots
    .filter((lot) => lot.longRentalSpaces > 0 || byLot.has(lot.id))
    .map((lot) => ({
      lotId: lot.id,
      lotName: lot.name,
      longRentalSpaces: lot.longRentalSpaces,
      activeCards: byLot.get(lot.id)?.activeCards ?? 0,
      rentedSpaces: byLot.get(lot.id)?.rentedSpaces ?? 0,
      longRentalSpaceLeave: lot.longRentalSpaceLeave,
    }));
};
