import type { ParkingArea, ParkingAreaListQuery, ParkingAreaValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage, type Page } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/index.js';
import {
  areaLotCounts,
  deleteParkingAreaRow,
  findParkingArea,
  insertParkingArea,
  pageParkingAreas,
  parkingAreaNameTaken,
  updateParkingAreaRow,
  type ParkingAreaRow,
} from './parking-area.repository.js';
import { namedUsers, requireTenantUsers, tenantUserNames } from './tenant-users.repository.js';

const toArea = (row: ParkingAreaRow, names: Map<string, string>, lotCount: number): ParkingArea => ({
  id: row.id,
  name: row.name,
  address: row.address,
  floor: row.floor,
  lng: row.lng,
  lat: row.lat,
  inspectorIds: row.inspectorIds,
  inspectors: namedUsers(row.inspectorIds, names),
  checkInRange: row.checkInRange,
  description: row.description,
  enabled: row.enabled,
  lotCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const describeAreas = async (db: Db, tenantId: string, rows: ParkingAreaRow[]) => {
  const names = await tenantUserNames(
    db,
    tenantId,
    rows.flatMap((r) => r.inspectorIds),
  );
  const lots = await areaLotCounts(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toArea(r, names, lots.get(r.id) ?? 0));
};

export const listParkingAreas = async (db: Db, auth: AuthContext, query: ParkingAreaListQuery & Page) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageParkingAreas(db, auth.tenantId, filter, page);
  return pageAnswer(await describeAreas(db, auth.tenantId, rows), page, total);
};

export const getParkingArea = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findParkingArea(db, auth.tenantId, id);
  if (!row) throw notFound('片区不存在或已删除');
  const [area] = await describeAreas(db, auth.tenantId, [row]);
  return area!;
};

const checkInput = async (db: Db, tenantId: string, input: ParkingAreaValues, exceptId?: string) => {
  if (await parkingAreaNameTaken(db, tenantId, input.name, exceptId)) throw conflict(`片区名称「${input.name}」已存在`, 'name');
  await requireTenantUsers(db, tenantId, input.inspectorIds, '巡检员');
};

export const createParkingArea = async (db: Db, auth: AuthContext, input: ParkingAreaValues) => {
  await checkInput(db, auth.tenantId, input);
  const id = await insertParkingArea(db, auth.tenantId, input);
  const created = await getParkingArea(db, auth, id);
  await recordOperation(db, auth, {
    module: 'parking',
    action: 'create',
    target: 'parkingArea',
    targetId: created.id,
    summary: `新增片区「${created.name}」`,
    after: created,
  });
  return created;
};

export const updateParkingArea = async (db: Db, auth: AuthContext, id: string, input: ParkingAreaValues) => {
  const before = await getParkingArea(db, auth, id);
  await checkInput(db, auth.tenantId, input, id);
  await updateParkingAreaRow(db, auth.tenantId, id, input);
  const after = await getParkingArea(db, auth, id);
  await recordOperation(db, auth, {
    module: 'parking',
    action: 'update',
    target: 'parkingArea',
    targetId: id,
    summary: `修改片区「${after.name}」`,
    before,
    after,
  });
  return after;
};

export const deleteParkingArea = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getParkingArea(db, auth, id);
  if (before.lotCount > 0) throw badRequest(`片区「${before.name}」下还有${before.lotCount}个停车场，不能删除`);
  await deleteParkingAreaRow(db, auth.tenantId, id);
  await recordOperation(db, auth, {
    module: 'parking',
    action: 'delete',
    target: 'parkingArea',
    targetId: id,
    summary: `删除片区「${before.name}」`,
    before,
  });
};
