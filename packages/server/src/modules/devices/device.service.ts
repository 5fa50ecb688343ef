import {
  parkingTypeOfLot,
  type Device,
  type DeviceListValues,
  type DeviceLotBindings,
  type DeviceNetworkType,
  type DeviceOnlineState,
  type DeviceType,
  type DeviceValues,
  type DeviceWithSecret,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { findLane, findParkingLot, findSpace, lanesOfLot, spacesOfLot } from '../parking/index.js';
import { recordOperation } from '../system/index.js';
import { heldParkingTypes, listedParkingTypes, refuseParkingType } from './device-access.js';
import { closeOutage } from './device-outage.js';
import { newDeviceSecret } from './device-secret.js';
import { deleteDeviceRow, deviceSnTaken, findDevice, insertDevice, pageDevices, updateDeviceRow, type DeviceRow } from './device.repository.js';

/** the operation-log target of every device change */
export const deviceTarget = 'device';

export const toDevice = ({ device, lotName, lotType, laneName, spaceNumber }: DeviceRow): Device => ({
  id: device.id,
  sn: device.sn,
  name: device.name,
  type: device.type as DeviceType,
  lotId: device.lotId,
  lotName,
  parkingType: parkingTypeOfLot(lotType),
  laneId: device.laneId,
  laneName,
  spaceId: device.spaceId,
  spaceNumber,
  heartbeatCycle: device.heartbeatCycle,
  networkType: device.networkType as DeviceNetworkType,
  lastHeartbeatAt: device.lastHeartbeatAt?.toISOString() ?? null,
  onlineState: device.onlineState as DeviceOnlineState,
  enabled: device.enabled,
  remark: device.remark,
  streamUrl: device.streamUrl,
  createdAt: device.createdAt.toISOString(),
  updatedAt: device.updatedAt.toISOString(),
});

export const listDevices = async (db: Db, auth: AuthContext, query: DeviceListValues) => {
  const {
    page,
    filter: { parkingType, ...filter },
  } = splitPage(query);
  const parkingTypes = await listedParkingTypes(db, auth, parkingType);
  const { rows, total } = await pageDevices(db, auth.tenantId, { ...filter, parkingTypes }, page);
  return pageAnswer(rows, page, total, toDevice);
};

/** A device of the tenant whose page the user holds; any other id is as good as absent. */
export const getDevice = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findDevice(db, auth.tenantId, id);
  if (!row) throw notFound('设备不存在或已删除');
  const found = toDevice(row);
  if (!(await heldParkingTypes(db, auth)).includes(found.parkingType)) throw notFound('设备不存在或已删除');
  return found;
};

/** The lot, lane and space must be the tenant's, the lane and space of that lot, and the lot's page held. */
const checkInput = async (db: Db, auth: AuthContext, input: DeviceValues, exceptId?: string) => {
  const lot = await findParkingLot(db, auth.tenantId, input.lotId);
  if (!lot) throw badRequest('所选停车场不存在');
  const parkingType = parkingTypeOfLot(lot.lot.type);
  if (!(await heldParkingTypes(db, auth)).includes(parkingType)) throw refuseParkingType(parkingType);
  if (input.laneId) {
    const lane = await findLane(db, auth.tenantId, input.laneId);
    if (!lane || lane.lotId !== input.lotId) throw badRequest(`所选车道不属于停车场「${lot.lot.name}」`);
  }
  if (input.spaceId) {
    const space = await findSpace(db, auth.tenantId, input.spaceId);
    if (!space || space.lotId !== input.lotId) throw badRequest(`所选泊位不属于停车场「${lot.lot.name}」`);
  }
  if (await deviceSnTaken(db, auth.tenantId, input.sn, exceptId)) throw conflict(`设备编号「${input.sn}」已存在`, 'sn');
};

const log = (db: Db, auth: AuthContext, action: 'create' | 'update' | 'delete', id: string, summary: string, before?: Device, after?: Device) =>
  recordOperation(db, auth, { module: 'devices', action, target: deviceTarget, targetId: id, summary, before, after });

export const createDevice = async (db: Db, auth: AuthContext, input: DeviceValues): Promise<DeviceWithSecret> => {
  await checkInput(db, auth, input);
  const secret = newDeviceSecret();
  const created = await getDevice(db, auth, await insertDevice(db, auth.tenantId, { ...input, secret }));
  await log(db, auth, 'create', created.id, `新增设备「${created.lotName} ${created.sn}」`, undefined, created);
  return { ...created, secret };
};

export const updateDevice = async (db: Db, auth: AuthContext, id: string, input: DeviceValues) => {
  const before = await getDevice(db, auth, id);
  await checkInput(db, auth, input, id);
  await updateDeviceRow(db, auth.tenantId, id, input);
  // a renamed device's open outage would never close under its old sn
  if (before.sn !== input.sn) await closeOutage(db, auth.tenantId, before.sn, new Date());
  const after = await getDevice(db, auth, id);
  await log(db, auth, 'update', id, `修改设备「${after.lotName} ${after.sn}」`, before, after);
  return after;
};

/** A deleted device's outage is over: its task closes and its message is handled. */
export const deleteDevice = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getDevice(db, auth, id);
  await deleteDeviceRow(db, auth.tenantId, id);
  await closeOutage(db, auth.tenantId, before.sn, new Date());
  await log(db, auth, 'delete', id, `删除设备「${before.lotName} ${before.sn}」`, before);
};

/** A new secret for a device whose secret was lost or leaked; the old one stops working at once. */
export const resetDeviceSecret = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getDevice(db, auth, id);
  const secret = newDeviceSecret();
  await updateDeviceRow(db, auth.tenantId, id, { secret });
  await recordOperation(db, auth, {
    module: 'devices',
    action: 'update',
    target: deviceTarget,
    targetId: id,
    summary: `重置设备「${before.lotName} ${before.sn}」密钥`,
  });
  return { secret };
};

export const deviceLotBindings = async (db: Db, auth: AuthContext, lotId: string): Promise<DeviceLotBindings> => {
  const lot = await findParkingLot(db, auth.tenantId, lotId);
  if (!lot || !(await heldParkingTypes(db, auth)).includes(parkingTypeOfLot(lot.lot.type))) throw notFound('停车场不存在或已删除');
  return { lanes: await lanesOfLot(db, auth.tenantId, lotId), spaces: await spacesOfLot(db, auth.tenantId, lotId) };
};
