import { plateListEntryText, plateListTypeNames, type PlateListEntry, type PlateListQueryValues, type PlateListState, type PlateListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/index.js';
import {
  findClash,
  findPlateListEntry,
  insertPlateListEntry,
  lockPlate,
  lotNamesOf,
  markPlateListRemoved,
  pagePlateList,
  updatePlateListRow,
  whiteWindowsOf,
  type PlateListRow,
  type PlateListValuesRow,
  type WhiteListWindow,
} from './plate-list.repository.js';

export const plateListTarget = 'plateList';

/** An entry's state at `now`: 已移除 first, then where `now` falls in its validity. */
export const plateListStateAt = (entry: { removedAt: Date | null; validFrom: Date | null; validTo: Date | null }, now: Date): PlateListState => {
  if (entry.removedAt) return 'removed';
  if (entry.validFrom && entry.validFrom > now) return 'pending';
  if (entry.validTo && entry.validTo <= now) return 'expired';
  return 'active';
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toEntry = (row: PlateListRow, names: ReadonlyMap<string, string>, now: Date): PlateListEntry => {
  const { entry: e } = row;
  return {
    id: e.id,
    type: e.type,
    plateNumber: e.plateNumber,
    plateColour: e.plateColour,
    lotIds: e.lotIds,
    // a lot deleted since keeps its place, nameless
    lotNames: (e.lotIds ?? []).map((id) => names.get(id) ?? '已删除的停车场'),
    validFrom: iso(e.validFrom),
    validTo: iso(e.validTo),
    reason: e.reason,
    state: plateListStateAt(e, now),
    createdBy: e.createdBy,
    createdByName: row.createdByName,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    removedAt: iso(e.removedAt),
    removedBy: e.removedBy,
    removedByName: row.removedByName,
    removalReason: e.removalReason,
  };
};

const entriesOf = async (db: Db, tenantId: string, rows: readonly PlateListRow[], now: Date) => {
  const names = await lotNamesOf(db, tenantId, [...new Set(rows.flatMap((r) => r.entry.lotIds ?? []))]);
  return rows.map((r) => toEntry(r, names, now));
};

export const listPlateList = async (db: Db, auth: AuthContext, query: PlateListQueryValues, now: Date) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pagePlateList(db, auth.tenantId, filter, page, now);
  return pageAnswer(await entriesOf(db, auth.tenantId, rows, now), page, total);
};

export const getPlateListEntry = async (db: Db, auth: AuthContext, id: string, now: Date) => {
  const row = await findPlateListEntry(db, auth.tenantId, id);
  if (!row) throw notFound('名单不存在');
  const [entry] = await entriesOf(db, auth.tenantId, [row], now);
  return entry!;
};

/**
 * The input as stored, once its lots are the tenant's and no other entry of the plate and colour
 * (black or white) meets it in scope and time: a plate is on the list once wherever and whenever it applies.
 */
const checked = async (db: Db, auth: AuthContext, input: PlateListValues, exceptId: string | null, now: Date): Promise<PlateListValuesRow> => {
  if (input.lotIds) {
    const names = await lotNamesOf(db, auth.tenantId, input.lotIds);
    if (input.lotIds.some((id) => !names.has(id))) throw notFound('所选停车场不存在');
  }
  const values: PlateListValuesRow = {
    type: input.type,
    plateNumber: input.plateNumber,
    plateColour: input.plateColour,
    lotIds: input.lotIds,
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validTo: input.validTo ? new Date(input.validTo) : null,
    reason: input.reason,
  };
  await lockPlate(db, auth.tenantId, values.plateNumber, values.plateColour);
  const clash = await findClash(db, auth.tenantId, values, exceptId);
  if (clash) {
    const [met] = await entriesOf(db, auth.tenantId, [clash], now);
    const same = met!.type === values.type;
    throw conflict(`${same ? `该车牌已在${plateListTypeNames[values.type]}中` : '同一车辆不能同时在黑名单和白名单中'}，与${plateListEntryText(met!)}的适用车场和有效期重叠`, 'plateNumber');
  }
  return values;
};

const log = (db: Db, auth: AuthContext, action: 'create' | 'update', summary: string, after: PlateListEntry, before?: PlateListEntry) =>
  recordOperation(db, auth, { module: 'customers', action, target: plateListTarget, targetId: after.id, summary, before, after });

export const createPlateListEntry = async (db: Db, auth: AuthContext, input: PlateListValues, now: Date) => {
  const values = await checked(db, auth, input, null, now);
  const id = await insertPlateListEntry(db, auth.tenantId, { ...values, createdBy: auth.userId });
  const created = await getPlateListEntry(db, auth, id, now);
  await log(db, auth, 'create', `车牌「${created.plateNumber}」加入${plateListTypeNames[created.type]}：${created.reason}`, created);
  return created;
};

export const updatePlateListEntry = async (db: Db, auth: AuthContext, id: string, input: PlateListValues, now: Date) => {
  const before = await getPlateListEntry(db, auth, id, now);
  if (before.state === 'removed') throw conflict('该名单已移除，不能编辑');
  const values = await checked(db, auth, input, id, now);
  await updatePlateListRow(db, auth.tenantId, id, values);
  const after = await getPlateListEntry(db, auth, id, now);
  await log(db, auth, 'update', `修改${plateListTypeNames[after.type]}车辆「${after.plateNumber}」`, after, before);
  return after;
};

/** 移除: the entry stays, as 已移除 with who took it off, when and why; it stops applying at once. */
export const removePlateListEntry = async (db: Db, auth: AuthContext, id: string, reason: string, now: Date) => {
  const before = await getPlateListEntry(db, auth, id, now);
  if (before.state === 'removed' || !(await markPlateListRemoved(db, auth.tenantId, id, { at: now, by: auth.userId, reason }))) {
    throw conflict('该名单已移除，不能重复移除');
  }
  const after = await getPlateListEntry(db, auth, id, now);
  await log(db, auth, 'update', `车牌「${after.plateNumber}」移出${plateListTypeNames[after.type]}：${reason}`, after, before);
  return after;
};

/**
 * The white-list time of a plate and colour at a lot that meets the stay [from, to], for pricing
 * the stay again (its detail, the driver's quote); the lanes read the same within their one context read.
 */
export const whiteListWindows = (db: Db, tenantId: string, stay: { lotId: string; plateNumber: string; plateColour: number; from: Date; to: Date }): Promise<WhiteListWindow[]> =>
  whiteWindowsOf(db, tenantId, stay);
