import { playerDeviceTypes, type DeviceOnlineState, type DeviceType } from '@parking/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devices, parkingLanes, parkingLots, parkingSpaces } from '../../db/schema/index.js';
import { tenantEq } from '../../db/tenant-eq.js';

const cameraColumns = {
  deviceId: devices.id,
  sn: devices.sn,
  name: devices.name,
  type: devices.type,
  onlineState: devices.onlineState,
  enabled: devices.enabled,
  streamUrl: devices.streamUrl,
  lotId: devices.lotId,
  lotName: parkingLots.name,
  lotType: parkingLots.type,
  laneId: devices.laneId,
  laneName: parkingLanes.name,
  spaceId: devices.spaceId,
  spaceNumber: parkingSpaces.number,
};

export interface CameraRow {
  deviceId: string;
  sn: string;
  name: string;
  type: DeviceType;
  onlineState: DeviceOnlineState;
  enabled: boolean;
  streamUrl: string | null;
  lotId: string;
  lotName: string;
  lotType: number;
  laneId: string | null;
  laneName: string | null;
  spaceId: string | null;
  spaceNumber: string | null;
}

const cameras = (db: Db, where: SQL | undefined) =>
  db
    .select(cameraColumns)
    .from(devices)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, devices.lotId))
    .leftJoin(parkingLanes, tenantEq(parkingLanes.id, devices.laneId))
    .leftJoin(parkingSpaces, tenantEq(parkingSpaces.id, devices.spaceId))
    .where(where)
    .orderBy(asc(parkingLots.name), asc(parkingLanes.name), asc(parkingSpaces.number), asc(devices.name)) as Promise<CameraRow[]>;

/** The tenant's enabled cameras and video poles with their lot, lane and space, in tree order. */
export const camerasOf = (db: Db, tenantId: string) => cameras(db, and(eq(devices.tenantId, tenantId), eq(devices.enabled, true), inArray(devices.type, [...playerDeviceTypes])));

/** One device of the tenant by id, else by sn, whatever its type. */
export const findCamera = async (db: Db, tenantId: string, which: { deviceId?: string; deviceNo?: string }) => {
  const match = which.deviceId ? eq(devices.id, which.deviceId) : eq(devices.sn, which.deviceNo ?? '');
  const [row] = await cameras(db, and(eq(devices.tenantId, tenantId), match));
  return row;
};
