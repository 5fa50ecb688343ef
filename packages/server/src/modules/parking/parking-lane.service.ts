import type { ParkingLane, ParkingLaneListValues, ParkingLaneValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/index.js';
import { deleteParkingLaneRow, findParkingLane, insertParkingLane, pageParkingLanes, parkingLaneNameTaken, updateParkingLaneRow, type ParkingLaneRow } from './parking-lane.repository.js';
import { findParkingLot } from './parking-lot.repository.js';

export const parkingLaneTarget = 'parkingLane';

const toLane = ({ lane, lotName }: ParkingLaneRow): ParkingLane => ({
  id: lane.id,
  lotId: lane.lotId,
  lotName,
  name: lane.name,
  direction: lane.direction === 'out' ? 'out' : 'in',
  releaseAfterPayment: lane.releaseAfterPayment,
  enabled: lane.enabled,
  sortCode: lane.sortCode,
  createdAt: lane.createdAt.toISOString(),
  updatedAt: lane.updatedAt.toISOString(),
});

export const listParkingLanes = async (db: Db, auth: AuthContext, query: ParkingLaneListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageParkingLanes(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toLane);
};

export const getParkingLane = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findParkingLane(db, auth.tenantId, id);
  if (!row) throw notFound('车道不存在或已删除');
  return toLane(row);
};

const checkInput = async (db: Db, tenantId: string, input: ParkingLaneValues, exceptId?: string) => {
  const lot = await findParkingLot(db, tenantId, input.lotId);
  if (!lot) throw badRequest('所选停车场不存在');
  // space-based lots are open: no gate, so no lane
  if (lot.lot.kind !== 'lane') throw badRequest(`停车场「${lot.lot.name}」是泊位型停车场，不能添加车道`);
  if (await parkingLaneNameTaken(db, tenantId, input.lotId, input.name, exceptId)) {
    throw conflict(`停车场「${lot.lot.name}」已有车道「${input.name}」`);
  }
};

const log = (db: Db, auth: AuthContext, action: 'create' | 'update' | 'delete', id: string, summary: string, before?: ParkingLane, after?: ParkingLane) =>
  recordOperation(db, auth, { module: 'parking', action, target: parkingLaneTarget, targetId: id, summary, before, after });

export const createParkingLane = async (db: Db, auth: AuthContext, input: ParkingLaneValues) => {
  await checkInput(db, auth.tenantId, input);
  const id = await insertParkingLane(db, auth.tenantId, input);
  const created = await getParkingLane(db, auth, id);
  await log(db, auth, 'create', created.id, `新增车道「${created.lotName} ${created.name}」`, undefined, created);
  return created;
};

export const updateParkingLane = async (db: Db, auth: AuthContext, id: string, input: ParkingLaneValues) => {
  const before = await getParkingLane(db, auth, id);
  await checkInput(db, auth.tenantId, input, id);
  await updateParkingLaneRow(db, auth.tenantId, id, input);
  const after = await getParkingLane(db, auth, id);
  await log(db, auth, 'update', id, `修改车道「${after.lotName} ${after.name}」`, before, after);
  return after;
};

export const deleteParkingLane = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getParkingLane(db, auth, id);
  await deleteParkingLaneRow(db, auth.tenantId, id);
  await log(db, auth, 'delete', id, `删除车道「${before.lotName} ${before.name}」`, before);
};
