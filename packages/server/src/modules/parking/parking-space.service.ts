import {
  parkingSpaceBatchNumbers,
  type ParkingSpace,
  type ParkingSpaceBatchResult,
  type ParkingSpaceBatchValues,
  type ParkingSpaceListValues,
  type ParkingSpaceValues,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/index.js';
import { findParkingLot, updateParkingLotRow } from './parking-lot.repository.js';
import {
  countLotSpaces,
  deleteParkingSpaceRow,
  findParkingSpace,
  insertParkingSpace,
  insertParkingSpaces,
  pageParkingSpaces,
  spaceOfSensor,
  takenSpaceNumbers,
  updateParkingSpaceRow,
  type ParkingSpaceRow,
} from './parking-space.repository.js';

export const parkingSpaceTarget = 'parkingSpace';

const toSpace = ({ space, lotName }: ParkingSpaceRow): ParkingSpace => ({
  id: space.id,
  lotId: space.lotId,
  lotName,
  number: space.number,
  type: space.type,
  charging: space.charging,
  sensorSn: space.sensorSn,
  lng: space.lng,
  lat: space.lat,
  state: space.state === 'occupied' ? 'occupied' : space.state === 'fault' ? 'fault' : 'free',
  createdAt: space.createdAt.toISOString(),
  updatedAt: space.updatedAt.toISOString(),
});

/**
 * After any change to a lot's spaces, its totals are the counts of its spaces (by type, with a charger).
 * The free count follows the spaces' states in a space-based lot; a lane-based lot counts cars at its
 * lanes, so there the free count moves by the change of the total, as a lot edit does.
 */
export const recountLotSpaces = async (db: Db, tenantId: string, lotId: string) => {
  const lot = await findParkingLot(db, tenantId, lotId);
  if (!lot) return;
  const counted = await countLotSpaces(db, tenantId, lotId);
  const { totalSpaces, freeCount, kind } = lot.lot;
  const free = kind === 'space' ? counted.free : Math.min(counted.total, Math.max(0, freeCount + counted.total - totalSpaces));
  await updateParkingLotRow(db, tenantId, lotId, {
    totalSpaces: counted.total,
    longRentalSpaces: counted.longRental,
    reservedSpaces: counted.reserved,
    chargingSpaces: counted.charging,
    freeCount: free,
  });
};

export const listParkingSpaces = async (db: Db, auth: AuthContext, query: ParkingSpaceListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageParkingSpaces(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toSpace);
};

export const getParkingSpace = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findParkingSpace(db, auth.tenantId, id);
  if (!row) throw notFound('泊位不存在或已删除');
  return toSpace(row);
};

const requireLot = async (db: Db, tenantId: string, lotId: string) => {
  const lot = await findParkingLot(db, tenantId, lotId);
  if (!lot) throw badRequest('所选停车场不存在');
  return lot.lot;
};

/** "A001、A002、A003等12个": the first few of a long list */
const firstFew = (numbers: string[], few = 5) => (numbers.length > few ? `${numbers.slice(0, few).join('、')}等${numbers.length}个` : numbers.join('、'));

const checkInput = async (db: Db, tenantId: string, input: ParkingSpaceValues, exceptId?: string) => {
  const lot = await requireLot(db, tenantId, input.lotId);
  if ((await takenSpaceNumbers(db, tenantId, input.lotId, [input.number], exceptId)).length > 0) {
    throw conflict(`停车场「${lot.name}」已有泊位编号「${input.number}」`);
  }
  if (input.sensorSn) {
    const watched = await spaceOfSensor(db, tenantId, input.sensorSn, exceptId);
    if (watched) throw conflict(`地磁「${input.sensorSn}」已绑定停车场「${watched.lotName}」的泊位「${watched.number}」`);
  }
};

const log = (db: Db, auth: AuthContext, action: 'create' | 'update' | 'delete', id: string, summary: string, before?: unknown, after?: unknown) =>
  recordOperation(db, auth, { module: 'parking', action, target: parkingSpaceTarget, targetId: id, summary, before, after });

export const createParkingSpace = async (db: Db, auth: AuthContext, input: ParkingSpaceValues) => {
  await checkInput(db, auth.tenantId, input);
  const id = await insertParkingSpace(db, auth.tenantId, input);
  await recountLotSpaces(db, auth.tenantId, input.lotId);
  const created = await getParkingSpace(db, auth, id);
  await log(db, auth, 'create', created.id, `新增泊位「${created.lotName} ${created.number}」`, undefined, created);
  return created;
};

/** All or nothing: a single number already in the lot refuses the whole batch. */
export const createParkingSpaceBatch = async (db: Db, auth: AuthContext, input: ParkingSpaceBatchValues): Promise<ParkingSpaceBatchResult> => {
  const lot = await requireLot(db, auth.tenantId, input.lotId);
  const numbers = parkingSpaceBatchNumbers(input);
  const taken = await takenSpaceNumbers(db, auth.tenantId, input.lotId, numbers);
  if (taken.length > 0) throw conflict(`停车场「${lot.name}」已有泊位编号${firstFew(taken)}，未生成任何泊位`);
  const { lotId, type, charging, state } = input;
  await insertParkingSpaces(
    db,
    auth.tenantId,
    numbers.map((number) => ({ lotId, number, type, charging, state })),
  );
  await recountLotSpaces(db, auth.tenantId, lotId);
  const result = { created: numbers.length, first: numbers[0]!, last: numbers.at(-1)! };
  await log(db, auth, 'create', lotId, `批量新增泊位「${lot.name} ${result.first}–${result.last}」共${result.created}个`, undefined, { ...input, ...result });
  return result;
};

export const updateParkingSpace = async (db: Db, auth: AuthContext, id: string, input: ParkingSpaceValues) => {
  const before = await getParkingSpace(db, auth, id);
  await checkInput(db, auth.tenantId, input, id);
  await updateParkingSpaceRow(db, auth.tenantId, id, input);
  await recountLotSpaces(db, auth.tenantId, input.lotId);
  if (before.lotId !== input.lotId) await recountLotSpaces(db, auth.tenantId, before.lotId);
  const after = await getParkingSpace(db, auth, id);
  await log(db, auth, 'update', id, `修改泊位「${after.lotName} ${after.number}」`, before, after);
  return after;
};

export const deleteParkingSpace = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getParkingSpace(db, auth, id);
  await deleteParkingSpaceRow(db, auth.tenantId, id);
  await recountLotSpaces(db, auth.tenantId, before.lotId);
  await log(db, auth, 'delete', id, `删除泊位「${before.lotName} ${before.number}」`, before);
};
