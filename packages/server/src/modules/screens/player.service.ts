import {
  parkingTypeOfLot,
  playerDeviceTypes,
  playerPaths,
  playerStreamTtlSeconds,
  streamKindOf,
  type PlayerCamera,
  type PlayerStream,
  type PlayerStreamInput,
  type PlayerTree,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { heldParkingTypes } from '../devices/index.js';
import { signStreamToken } from '../parking/index.js';
import { camerasOf, findCamera, type CameraRow } from './player.repository.js';

const toCamera = (row: CameraRow): PlayerCamera => ({
  deviceId: row.deviceId,
  sn: row.sn,
  name: row.name,
  type: row.type,
  onlineState: row.onlineState,
  hasStream: row.streamUrl !== null,
});

/** Lot → lane or space → camera, of the lots whose device page the user holds (路内, 路外 or both). */
export const playerTree = async (db: Db, auth: AuthContext): Promise<PlayerTree> => {
  const held = await heldParkingTypes(db, auth);
  const lots = new Map<string, PlayerTree['lots'][number]>();
  for (const row of await camerasOf(db, auth.tenantId)) {
    if (!held.includes(parkingTypeOfLot(row.lotType))) continue;
    let lot = lots.get(row.lotId);
    if (!lot) lots.set(row.lotId, (lot = { id: row.lotId, name: row.lotName, cameras: [], lanes: [], spaces: [] }));
    if (row.laneId && row.laneName !== null) {
      const lane = lot.lanes.find((l) => l.id === row.laneId) ?? lot.lanes[lot.lanes.push({ id: row.laneId, name: row.laneName, cameras: [] }) - 1]!;
      lane.cameras.push(toCamera(row));
    } else if (row.spaceId && row.spaceNumber !== null) {
      const space = lot.spaces.find((s) => s.id === row.spaceId) ?? lot.spaces[lot.spaces.push({ id: row.spaceId, number: row.spaceNumber, cameras: [] }) - 1]!;
      space.cameras.push(toCamera(row));
    } else lot.cameras.push(toCamera(row));
  }
  return { lots: [...lots.values()] };
};

/** The file a stream address names last: index.m3u8, live.flv; the player asks for it under the signed prefix, and the rest relative to it. */
export const streamFileOf = (address: string): string => {
  const path = address.split(/[?#]/)[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1) || 'index.m3u8';
};

/**
 * A signed address for one tile: the camera must be the tenant's, of a lot whose devices the user
 * may see, a camera or video pole, enabled, and have a stream address. Good for playerStreamTtlSeconds.
 */
export const playerStream = async (db: Db, auth: AuthContext, input: PlayerStreamInput, now: Date, secret: string): Promise<PlayerStream> => {
  const row = await findCamera(db, auth.tenantId, input);
  if (!row || !(await heldParkingTypes(db, auth)).includes(parkingTypeOfLot(row.lotType))) throw notFound('设备不存在或已删除');
  if (!(playerDeviceTypes as readonly string[]).includes(row.type)) throw badRequest(`设备「${row.sn}」不是摄像机或视频桩`);
  if (!row.enabled) throw badRequest(`设备「${row.sn}」已停用`);
  const kind = row.streamUrl ? streamKindOf(row.streamUrl) : null;
  if (!row.streamUrl || !kind) throw badRequest(`设备「${row.sn}」未设置视频流地址`);
  const ttlMs = playerStreamTtlSeconds * 1000;
  const token = signStreamToken(secret, { id: row.deviceId, tenant: auth.tenantId }, now, ttlMs);
  return {
    deviceId: row.deviceId,
    sn: row.sn,
    name: row.name,
    kind,
    url: `${playerPaths.media}/${token}/${encodeURIComponent(streamFileOf(row.streamUrl))}`,
    expiresAt: new Date(Math.floor((now.getTime() + ttlMs) / 1000) * 1000).toISOString(),
  };
};
