import type { PlateBlacklistEntry, PlateBlacklistListValues, PlateBlacklistValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/index.js';
import {
  deletePlateBlacklistRow,
  findPlateBlacklistEntry,
  insertPlateBlacklistEntry,
  pagePlateBlacklist,
  plateBlacklisted,
  updatePlateBlacklistRow,
  type PlateBlacklistRow,
} from './order-warning-blacklist.repository.js';

export const plateBlacklistTarget = 'plateBlacklist';
const toEntry = ({ entry: e, createdByName }: PlateBlacklistRow): PlateBlacklistEntry => ({
  id: e.id,
  plateNumber: e.plateNumber,
  plateColour: e.plateColour,
  reason: e.reason,
  createdBy: e.createdBy,
  createdByName,
  createdAt: e.createdAt.toISOString(),
});

export const listPlateBlacklist = async (db: Db, auth: AuthContext, query: PlateBlacklistListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pagePlateBlacklist(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toEntry);
};

export const getPlateBlacklistEntry = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findPlateBlacklistEntry(db, auth.tenantId, id);
  if (!row) throw notFound('黑名单车辆不存在或已移除');
  return toEntry(row);
};

const log = (db: Db, auth: AuthContext, action: 'create' | 'update' | 'delete', id: string, summary: string, before?: PlateBlacklistEntry, after?: PlateBlacklistEntry) =>
  recordOperation(db, auth, { module: 'orders', action, target: plateBlacklistTarget, targetId: id, summary, before, after });

const taken = (plate: string) => conflict(`车牌「${plate}」已在黑名单中`);

export const addToPlateBlacklist = async (db: Db, auth: AuthContext, input: PlateBlacklistValues) => {
  const row = await insertPlateBlacklistEntry(db, { tenantId: auth.tenantId, ...input, createdBy: auth.userId });
  if (!row) throw taken(input.plateNumber);
  const created = await getPlateBlacklistEntry(db, auth, row.id);
  await log(db, auth, 'create', created.id, `车牌「${created.plateNumber}」加入黑名单：${created.reason}`, undefined, created);
  return created;
};

export const updatePlateBlacklistEntry = async (db: Db, auth: AuthContext, id: string, input: PlateBlacklistValues) => {
  const before = await getPlateBlacklistEntry(db, auth, id);
  if (input.plateNumber !== before.plateNumber && (await plateBlacklisted(db, auth.tenantId, input.plateNumber))) throw taken(input.plateNumber);
  await updatePlateBlacklistRow(db, auth.tenantId, id, input);
  const after = await getPlateBlacklistEntry(db, auth, id);
  await log(db, auth, 'update', id, `修改黑名单车辆「${after.plateNumber}」`, before, after);
  return after;
};

export const removeFromPlateBlacklist = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getPlateBlacklistEntry(db, auth, id);
  await deletePlateBlacklistRow(db, auth.tenantId, id);
  await log(db, auth, 'delete', id, `车牌「${before.plateNumber}」移出黑名单`, before);
};
