import type { CustomerVehicle, OwnerBindInput, OwnerProfile, OwnerVehicle, VehicleBindingState } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../plugins/app-error.js';
import { findCustomer, findVehicle, vehiclesOf } from './customer.repository.js';
import { bindVehicle, unbindVehicle } from './customer.service.js';
import { ownerActor, type OwnerContext, type OwnerOrigin } from './owner-session.service.js';

const toOwnerVehicle = ({ id, plateNumber, plateColour, state, boundAt }: Pick<CustomerVehicle, 'id' | 'plateNumber' | 'plateColour' | 'state' | 'boundAt'>): OwnerVehicle => ({
  id,
  plateNumber,
  plateColour,
  state,
  boundAt,
});

/** 我的: the signed-in owner. */
export const ownerProfile = async (db: Db, owner: OwnerContext): Promise<OwnerProfile> => {
  const row = await findCustomer(db, owner.tenantId, owner.customerId);
  if (!row) throw notFound('车主不存在');
  return { phone: row.customer.phone, nickname: row.customer.nickname, registeredAt: row.customer.registeredAt.toISOString() };
};

/** 我的车辆: the vehicles the owner holds now, newest first; unbound ones are history the console keeps. */
export const ownerVehicles = async (db: Db, owner: OwnerContext): Promise<OwnerVehicle[]> =>
  (await vehiclesOf(db, owner.tenantId, owner.customerId))
    .filter(({ vehicle }) => vehicle.state !== 'unbound')
    .map(({ vehicle }) => toOwnerVehicle({ ...vehicle, boundAt: vehicle.boundAt.toISOString() }));

/** 绑定车辆 by the owner: the rules staff binding keeps (five at most, a plate claimed by another refused). */
export const ownerBindVehicle = async (db: Db, owner: OwnerContext, input: Required<OwnerBindInput>, origin: OwnerOrigin, now: Date) =>
  toOwnerVehicle(await bindVehicle(db, ownerActor(owner, origin), { customerId: owner.customerId, plateNumber: input.plateNumber, plateColour: input.plateColour }, now));

/** 解绑 by the owner: only one of their own vehicles; another owner's id is not found, as an unknown one is. */
export const ownerUnbindVehicle = async (db: Db, owner: OwnerContext, id: string, origin: OwnerOrigin, now: Date) => {
  const row = await findVehicle(db, owner.tenantId, id);
  if (!row || row.vehicle.customerId !== owner.customerId || row.vehicle.state === 'unbound') throw notFound('车辆不存在');
  return toOwnerVehicle(await unbindVehicle(db, ownerActor(owner, origin), id, now));
};

/** One of the owner's vehicles as it is now; another owner's is not found. */
export const ownerVehicle = async (db: Db, owner: OwnerContext, id: string) => {
  const row = await findVehicle(db, owner.tenantId, id);
  if (row?.vehicle.customerId !== owner.customerId) throw notFound('车辆不存在');
  return toOwnerVehicle({ ...row.vehicle, boundAt: row.vehicle.boundAt.toISOString() });
};

/**
 * Whose stays an owner sees, decided here only. What a plate owes (欠费, 车主详情, the 车主 list) counts
 * for every plate bound to them now, in any state but 已解绑: anyone may pay a plate's debt. Where a plate
 * parked (我的停车) is shown only once the owner proved the plate theirs (已认证): binding a stranger's
 * plate must not reveal where that car goes.
 */
export const staysVisibleIn: readonly VehicleBindingState[] = ['unverified', 'verifying', 'verified', 'failed'];
export const historyVisibleIn: readonly VehicleBindingState[] = ['verified'];
export const ownerPlates = async (db: Db, tenantId: string, customerId: string, states: readonly VehicleBindingState[] = staysVisibleIn) => {
  if (!(await findCustomer(db, tenantId, customerId))) throw notFound('车主不存在');
  return (await vehiclesOf(db, tenantId, customerId))
    .filter(({ vehicle }) => states.includes(vehicle.state))
    .map(({ vehicle }) => ({ plateNumber: vehicle.plateNumber, plateColour: vehicle.plateColour }));
};
