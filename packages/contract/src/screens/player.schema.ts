import { z } from 'zod';
import { deviceOnlineStates, deviceTypes, streamKinds } from '../devices/device.schema.js';

/**
 * 视频监控 (/palyer): a tree of the tenant's cameras and a wall of 1, 4, 9 or 16 tiles, each playing
 * one camera's live stream through a short-lived signed address the server hands out per tile.
 */
export const playerPaths = {
  tree: '/api/system/screens/player/tree',
  stream: '/api/system/screens/player/stream',
  /** the signed address's prefix: /api/media/live/<token>/<file>; no sign-in, the token is the key */
  media: '/api/media/live',
} as const;

export const playerTileCounts = [1, 4, 9, 16] as const;
export type PlayerTileCount = (typeof playerTileCounts)[number];

/** how long a signed stream address is good for; a tile asks for a new one when it has to start again */
export const playerStreamTtlSeconds = 300;
/** how many streams one tenant may pull through one server process at once */
export const playerConcurrentStreams = 32;
/** the device types that have pictures */
export const playerDeviceTypes = ['camera', 'video_pole'] as const satisfies readonly (typeof deviceTypes)[number][];

export const playerCamera = z.object({
  deviceId: z.string(),
  sn: z.string(),
  name: z.string(),
  type: z.enum(deviceTypes),
  onlineState: z.enum(deviceOnlineStates),
  /** false: no stream address set yet, nothing to play */
  hasStream: z.boolean(),
});
export type PlayerCamera = z.infer<typeof playerCamera>;

/** Lot → lane or space → camera; a camera bound to the lot alone sits under the lot. Lots without cameras are left out. */
export const playerTree = z.object({
  lots: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      cameras: z.array(playerCamera),
      lanes: z.array(z.object({ id: z.string(), name: z.string(), cameras: z.array(playerCamera) })),
      spaces: z.array(z.object({ id: z.string(), number: z.string(), cameras: z.array(playerCamera) })),
    }),
  ),
});
export type PlayerTree = z.infer<typeof playerTree>;

/** The camera to play: by id from the tree, or by its sn (/palyer?deviceNo= from a lane or device page). */
export const playerStreamInput = z
  .object({
    deviceId: z.uuid('设备编号格式不正确').optional(),
    deviceNo: z.string().trim().min(1, '请选择设备').max(64, '设备编号最长64位').optional(),
  })
  .refine((input) => input.deviceId !== undefined || input.deviceNo !== undefined, { message: '请选择设备', path: ['deviceId'] });
export type PlayerStreamInput = z.infer<typeof playerStreamInput>;

export const playerStream = z.object({
  deviceId: z.string(),
  sn: z.string(),
  name: z.string(),
  kind: z.enum(streamKinds),
  /** the signed address, relative to the console's origin */
  url: z.string(),
  expiresAt: z.string(),
});
export type PlayerStream = z.infer<typeof playerStream>;
