import {
  lotDeleteRefusal,
  parkingLotKinds,
  type ParkingLot,
  type ParkingLotBindings,
  type ParkingLotFilterValues,
  type ParkingLotListValues,
  type ParkingLotSum,
  type ParkingLotValues,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, fieldRefused, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { pageAnswer, splitPage, type Page } from '../../shared/paging.js';
import { recordOperation } from '../system/index.js';
import { findParkingArea } from './parking-area.repository.js';
import {
  countLotBindings,
  deleteParkingLotRow,
  findParkingLot,
  insertParkingLot,
  pageParkingLots,
  parkingLotNameTaken,
  sumParkingLots,
  updateParkingLotRow,
  type ParkingLotRow,
} from './parking-lot.repository.js';
import { findTariff } from './tariff.repository.js';
import { namedUsers, requireTenantUsers, tenantUserNames } from './tenant-users.repository.js';

/** the operation-log target of every lot change; 操作记录 of a lot reads it back */
export const parkingLotTarget = 'parkingLot';

const toLot = ({ lot, areaName }: ParkingLotRow, names: Map<string, string>): ParkingLot => ({
  id: lot.id,
  tenantId: lot.tenantId,
  areaId: lot.areaId,
  areaName: areaName ?? '',
  name: lot.name,
  type: lot.type,
  kind: lot.kind === 'lane' ? 'lane' : 'space',
  address: lot.address,
  provinceCode: lot.provinceCode,
  cityCode: lot.cityCode,
  districtCode: lot.districtCode,
  lng: lot.lng,
  lat: lot.lat,
  totalSpaces: lot.totalSpaces,
  longRentalSpaces: lot.longRentalSpaces,
  reservedSpaces: lot.reservedSpaces,
  chargingSpaces: lot.chargingSpaces,
  freeCount: lot.freeCount,
  selfOperated: lot.selfOperated,
  prepay: lot.prepay,
  managerIds: lot.managerIds,
  managers: namedUsers(lot.managerIds, names),
  enabled: lot.enabled,
  longRentalSpaceLeave: lot.longRentalSpaceLeave,
  tariffId: lot.tariffId,
  createdAt: lot.createdAt.toISOString(),
  updatedAt: lot.updatedAt.toISOString(),
});

const describeLots = async (db: Db, tenantId: string, rows: ParkingLotRow[]) => {
  const names = await tenantUserNames(
    db,
    tenantId,
    rows.flatMap((r) => r.lot.managerIds),
  );
  return rows.map((r) => toLot(r, names));
};

export const listParkingLots = async (db: Db, auth: AuthContext, query: ParkingLotListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageParkingLots(db, auth.tenantId, filter, page);
  return pageAnswer(await describeLots(db, auth.tenantId, rows), page, total);
};

/** The spec's parking list call: enabledmark picks enabled or disabled lots, type 1 lane-based, 0 space-based. */
export const listParkingLotOptions = async (db: Db, auth: AuthContext, query: Page & { enabledmark: 0 | 1; type?: number | undefined }) => {
  const { page } = splitPage(query);
  const kind = query.type === undefined ? undefined : query.type === 1 ? 'lane' : 'space';
  const { rows, total } = await pageParkingLots(db, auth.tenantId, { enabled: query.enabledmark, kind, sidx: 'name' }, page);
  return pageAnswer(rows, page, total, ({ lot, areaName }) => ({
    id: lot.id,
    tenantId: lot.tenantId,
    name: lot.name,
    areaId: lot.areaId,
    areaName: areaName ?? '',
    type: lot.type,
    kind: lot.kind === 'lane' ? ('lane' as const) : ('space' as const),
    freeCount: lot.freeCount,
    longRentalSpaceLeave: lot.longRentalSpaceLeave,
  }));
};

export const getParkingLot = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findParkingLot(db, auth.tenantId, id);
  if (!row) throw notFound('停车场不存在或已删除');
  const [lot] = await describeLots(db, auth.tenantId, [row]);
  return lot!;
};

const checkInput = async (db: Db, tenantId: string, input: ParkingLotValues, before?: ParkingLot) => {
  if (await parkingLotNameTaken(db, tenantId, input.name, before?.id)) throw conflict(`停车场名称「${input.name}」已存在`, 'name');
  if (input.areaId && !(await findParkingArea(db, tenantId, input.areaId))) throw fieldRefused('areaId', '所选片区不存在');
  await requireTenantUsers(db, tenantId, input.managerIds, '管理员');
  await checkTariff(db, tenantId, input.tariffId, before?.tariffId ?? null);
};

/** Only the tenant's own tariffs; a lot may keep a tariff disabled since, but not be given one. */
const checkTariff = async (db: Db, tenantId: string, tariffId: string | null | undefined, current: string | null) => {
  if (!tariffId) return;
  const tariff = await findTariff(db, tenantId, tariffId);
  if (!tariff) throw fieldRefused('tariffId', '所选计费规则不存在');
  if (!tariff.enabled && tariffId !== current) throw fieldRefused('tariffId', `计费规则「${tariff.name}」已停用，不能分配给停车场`);
};

const log = (db: Db, auth: AuthContext, action: 'create' | 'update' | 'delete', id: string, summary: string, before?: ParkingLot, after?: ParkingLot) =>
  recordOperation(db, auth, { module: 'parking', action, target: parkingLotTarget, targetId: id, summary, before, after });

export const createParkingLot = async (db: Db, auth: AuthContext, input: ParkingLotValues) => {
  await checkInput(db, auth.tenantId, input);
  // a new lot has no car in it yet
  const id = await insertParkingLot(db, auth.tenantId, { ...input, freeCount: input.totalSpaces });
  const created = await getParkingLot(db, auth, id);
  await log(db, auth, 'create', created.id, `新增停车场「${created.name}」`, undefined, created);
  return created;
};

const pickTotals = ({ totalSpaces, longRentalSpaces, reservedSpaces, chargingSpaces }: ParkingLotValues | ParkingLot) => ({ totalSpaces, longRentalSpaces, reservedSpaces, chargingSpaces });

export const updateParkingLot = async (db: Db, auth: AuthContext, id: string, input: ParkingLotValues) => {
  const before = await getParkingLot(db, auth, id);
  await checkInput(db, auth.tenantId, input, before);
  const bound = await countLotBindings(db, auth.tenantId, id);
  if (bound.lanes > 0 && input.kind !== 'lane') throw fieldRefused('kind', `停车场「${before.name}」下还有${bound.lanes}条车道，不能改为泊位型`);
  // a lot with spaces counts its totals from them (see recountLotSpaces); the form cannot overwrite them
  const totals = bound.spaces > 0 ? pickTotals(before) : pickTotals(input);
  // the cars parked stay parked: a change of the total moves the free count by the same amount
  const freeCount = Math.min(totals.totalSpaces, Math.max(0, before.freeCount + totals.totalSpaces - before.totalSpaces));
  await updateParkingLotRow(db, auth.tenantId, id, { ...input, ...totals, freeCount });
  const after = await getParkingLot(db, auth, id);
  await log(db, auth, 'update', id, `修改停车场「${after.name}」`, before, after);
  return after;
};

export const parkingLotBindings = async (db: Db, auth: AuthContext, id: string): Promise<ParkingLotBindings> => {
  const lot = await getParkingLot(db, auth, id);
  const bound = await countLotBindings(db, auth.tenantId, id);
  // deletable exactly when the delete would not be refused: one rule for the dialog and the server
  return { ...bound, deletable: lotDeleteRefusal(lot.name, bound) === undefined };
};

export const deleteParkingLot = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getParkingLot(db, auth, id);
  const refusal = lotDeleteRefusal(before.name, await countLotBindings(db, auth.tenantId, id));
  if (refusal) throw badRequest(refusal);
  await deleteParkingLotRow(db, auth.tenantId, id);
  await log(db, auth, 'delete', id, `删除停车场「${before.name}」`, before);
};

/** Manual correction of the free count when the counters drifted; always logged with before and after. */
export const correctFreeCount = async (db: Db, auth: AuthContext, id: string, freeCount: number) => {
  const before = await getParkingLot(db, auth, id);
  if (freeCount > before.totalSpaces) throw fieldRefused('freeCount', `空闲车位数不能超过总车位数（${before.totalSpaces}）`);
  // a space-based lot with spaces takes its free count from their states
  if (before.kind === 'space' && (await countLotBindings(db, auth.tenantId, id)).spaces > 0) {
    throw badRequest(`停车场「${before.name}」的空闲车位数按泊位状态统计，不能手动修正`);
  }
  await updateParkingLotRow(db, auth.tenantId, id, { freeCount });
  const after = await getParkingLot(db, auth, id);
  await log(db, auth, 'update', id, `修正停车场「${after.name}」空闲车位数：${before.freeCount} → ${freeCount}`, before, after);
  return after;
};

export const setLongRentalSpaceLeave = async (db: Db, auth: AuthContext, id: string, longRentalSpaceLeave: boolean) => {
  const before = await getParkingLot(db, auth, id);
  await updateParkingLotRow(db, auth.tenantId, id, { longRentalSpaceLeave });
  const after = await getParkingLot(db, auth, id);
  const state = longRentalSpaceLeave ? '开启' : '关闭';
  await log(db, auth, 'update', id, `${state}停车场「${after.name}」长租车位离场释放`, before, after);
  return after;
};

export const sumParking = async (db: Db, auth: AuthContext, filter: ParkingLotFilterValues): Promise<ParkingLotSum> => {
  const rows = await sumParkingLots(db, auth.tenantId, filter);
  const byKind = parkingLotKinds.map((kind) => {
    const row = rows.find((r) => r.kind === kind) ?? { lots: 0, spaces: 0, free: 0 };
    return { kind, lots: row.lots, spaces: row.spaces, free: row.free, occupied: Math.max(0, row.spaces - row.free) };
  });
  const total = (key: 'lots' | 'spaces' | 'free' | 'occupied') => byKind.reduce((n, k) => n + k[key], 0);
  return { lots: total('lots'), spaces: total('spaces'), free: total('free'), occupied: total('occupied'), byKind };
};
