import type { LaneCommandKind, LaneCommandPullResult } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../plugins/app-error.js';
import type { DeviceRow } from './device.repository.js';
import { deliverQueuedLaneCommands, insertLaneCommand } from './lane-command.repository.js';

/** Only what stands at a barrier takes its commands. */
const laneDeviceTypes = new Set(['barrier', 'camera']);

/** Queues a command for a lane; its barrier or camera carries it out when it next pulls. */
export const queueLaneCommand = (db: Db, values: { tenantId: string; laneId: string; kind: LaneCommandKind; recordId: string | null; plateNumber: string }) => insertLaneCommand(db, values);

/** A lane's barrier or camera takes the commands waiting for its lane; they are delivered from now. */
export const pullLaneCommands = (db: Db, row: DeviceRow, now: Date): Promise<LaneCommandPullResult> => {
  const { device } = row;
  if (!laneDeviceTypes.has(device.type) || !device.laneId) throw badRequest('该设备不是车道道闸或相机，或未绑定车道');
  const laneId = device.laneId;
  return db.transaction(async (tx) => {
    const delivered = await deliverQueuedLaneCommands(tx as unknown as Db, device.tenantId, laneId, device.id, now);
    delivered.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    return {
      commands: delivered.map((c) => ({ id: c.id, kind: c.kind as LaneCommandKind, plateNumber: c.plateNumber, createdAt: c.createdAt.toISOString() })),
    };
  });
};
