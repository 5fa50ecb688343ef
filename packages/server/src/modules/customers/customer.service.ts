import {
  claimedVehicleStates,
  maskMobile,
  maxVehiclesPerCustomer,
  type Customer,
  type CustomerDetail,
  type CustomerListValues,
  type CustomerValues,
  type CustomerVehicle,
  type VehicleBindValues,
  type VehicleListValues,
  businessDayStart,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/index.js';
import { endOwnerSessions } from './owner-session.repository.js';
import {
  boundVehicleCount,
  customerWithPhone,
  findCustomer,
  findVehicle,
  insertCustomer,
  insertVehicle,
  lockCustomer,
  markVehicleUnbound,
  pageCustomers,
  pageVehicles,
  plateHolders,
  setCustomerEnabled,
  vehiclesOf,
  type CustomerRow,
  type VehicleRow,
} from './customer.repository.js';

export const customerTarget = 'customer';
export const vehicleTarget = 'customerVehicle';

const DAY_MS = 24 * 3600_000;
/** The first moment of a Shanghai day: '2026-11-20' → 2026-11-19T16:00:00Z. */

const toCustomer = ({ customer, vehicleCount }: CustomerRow): Customer => ({
  id: customer.id,
  phone: customer.phone,
  nickname: customer.nickname,
  source: customer.source,
  enabled: customer.enabled,
  registeredAt: customer.registeredAt.toISOString(),
  vehicleCount,
  updatedAt: customer.updatedAt.toISOString(),
});

const toVehicle = ({ vehicle, customerPhone }: VehicleRow): CustomerVehicle => ({
  id: vehicle.id,
  customerId: vehicle.customerId,
  customerPhone,
  plateNumber: vehicle.plateNumber,
  plateColour: vehicle.plateColour,
  state: vehicle.state,
  boundAt: vehicle.boundAt.toISOString(),
  unboundAt: vehicle.unboundAt?.toISOString() ?? null,
  updatedAt: vehicle.updatedAt.toISOString(),
});

export const listCustomers = async (db: Db, auth: AuthContext, query: CustomerListValues) => {
  const { page, filter } = splitPage(query);
  const { registeredFrom, registeredTo, ...rest } = filter;
  const { rows, total } = await pageCustomers(
    db,
    auth.tenantId,
    {
      ...rest,
      ...(registeredFrom ? { registeredSince: businessDayStart(registeredFrom) } : {}),
      ...(registeredTo ? { registeredUntil: new Date(businessDayStart(registeredTo).getTime() + DAY_MS) } : {}),
    },
    page,
  );
  return pageAnswer(rows, page, total, toCustomer);
};

const customerOf = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findCustomer(db, auth.tenantId, id);
  if (!row) throw notFound('车主不存在');
  return toCustomer(row);
};

export const getCustomer = async (db: Db, auth: AuthContext, id: string): Promise<CustomerDetail> => {
  const owner = await customerOf(db, auth, id);
  const vehicles = await vehiclesOf(db, auth.tenantId, id);
  return { ...owner, vehicles: vehicles.map(toVehicle) };
};

/** 新增车主 by staff: registered now, from 后台; a phone that already has an owner is refused. */
export const createCustomer = async (db: Db, auth: AuthContext, input: CustomerValues, now: Date) => {
  if (await customerWithPhone(db, auth.tenantId, input.phone)) throw conflict(`手机号 ${maskMobile(input.phone)} 已注册为车主`, 'phone');
  const id = await insertCustomer(db, auth.tenantId, { phone: input.phone, nickname: input.nickname, source: 'console', registeredAt: now });
  const created = await customerOf(db, auth, id);
  await recordOperation(db, auth, {
    module: 'customers',
    action: 'create',
    target: customerTarget,
    targetId: id,
    summary: `新增车主 ${maskMobile(created.phone)}`,
    after: created,
  });
  return created;
};

/** Who changes an owner's vehicles: a staff member, or the owner on the phone pages (no user). */
export type VehicleActor = Parameters<typeof recordOperation>[1];

/** 启用 / 停用 an owner. A disabled owner cannot sign in, and their phone sessions end with the change. */
export const setCustomerState = async (db: Db, auth: AuthContext, id: string, enabled: boolean) => {
  const before = await customerOf(db, auth, id);
  if (before.enabled === enabled) return before;
  await setCustomerEnabled(db, auth.tenantId, id, enabled);
  if (!enabled) await endOwnerSessions(db, auth.tenantId, id, 'disabled');
  const after = await customerOf(db, auth, id);
  await recordOperation(db, auth, {
    module: 'customers',
    action: 'update',
    target: customerTarget,
    targetId: id,
    summary: `${enabled ? '启用' : '停用'}车主 ${maskMobile(after.phone)}`,
    before,
    after,
  });
  return after;
};

export const listVehicles = async (db: Db, auth: AuthContext, query: VehicleListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageVehicles(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toVehicle);
};

const vehicleOf = async (db: Db, auth: Pick<AuthContext, 'tenantId'>, id: string) => {
  const row = await findVehicle(db, auth.tenantId, id);
  if (!row) throw notFound('车辆不存在');
  return toVehicle(row);
};

/**
 * 绑定车辆 by staff: the vehicle starts 未认证. An owner holds at most five vehicles; a plate and
 * colour another owner has 认证中 or 已认证 is theirs; an owner holds a plate once.
 */
export const bindVehicle = async (db: Db, auth: VehicleActor, input: VehicleBindValues, now: Date) => {
  const owner = await lockCustomer(db, auth.tenantId, input.customerId);
  if (!owner) throw notFound('车主不存在');
  const { plateNumber, plateColour } = input;
  const holders = await plateHolders(db, auth.tenantId, plateNumber, plateColour, ['unverified', 'verifying', 'verified', 'failed']);
  if (holders.some((h) => h.customerId === owner.id)) throw conflict(`车辆「${plateNumber}」已绑定该车主`, 'plateNumber');
  if (holders.some((h) => claimedVehicleStates.includes(h.state))) throw conflict(`车辆「${plateNumber}」已被其他车主认证`, 'plateNumber');
  if ((await boundVehicleCount(db, auth.tenantId, owner.id)) >= maxVehiclesPerCustomer) {
    throw conflict(`每位车主最多绑定${maxVehiclesPerCustomer}辆车，请先解绑其他车辆`, 'customerId');
  }
  const id = await insertVehicle(db, auth.tenantId, { customerId: owner.id, plateNumber, plateColour, state: 'unverified', boundAt: now });
  const bound = await vehicleOf(db, auth, id);
  await recordOperation(db, auth, {
    module: 'customers',
    action: 'create',
    target: vehicleTarget,
    targetId: id,
    summary: `车主 ${maskMobile(owner.phone)} 绑定车辆「${plateNumber}」`,
    after: bound,
  });
  return bound;
};

/** 解绑: the vehicle stays as 已解绑, so the owner's history keeps it. */
export const unbindVehicle = async (db: Db, auth: VehicleActor, id: string, now: Date) => {
  const before = await vehicleOf(db, auth, id);
  if (before.state === 'unbound') throw conflict(`车辆「${before.plateNumber}」已解绑`);
  await markVehicleUnbound(db, auth.tenantId, id, now);
  const after = await vehicleOf(db, auth, id);
  await recordOperation(db, auth, {
    module: 'customers',
    action: 'update',
    target: vehicleTarget,
    targetId: id,
    summary: `车主 ${maskMobile(after.customerPhone)} 解绑车辆「${after.plateNumber}」`,
    before,
    after,
  });
  return after;
};
