import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LaneCommandKind, LaneCommandPullResult } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { laneCommands } from '../../db/schema/index.js';
import { badRequest } from '../../plugins/app-error.js';
import type { DeviceRow } from './device.repository.js';

/** Only what stands at a barrier takes its commands. */
const laneDeviceTypes = new Set(['barrier', 'camera']);

/** Queues a command for a lane; its barrier or camera carries it out when it next pulls. */
export const queueLaneCommand = async (db: Db, values: { tenantId: string; laneId: string; kind: LaneCommandKind; recordId: string | null; plateNumber: string }) => {
  const [row] = await db.insert(laneCommands).values(values).returning();
  return row!;
};

/** Commands of a lane still waiting, oldest first (the console and tests read them). */
export const queuedLaneCommands = (db: Db, tenantId: string, laneId: string) =>
  db
    .select()
    .from(laneCommands)
    .where(and(eq(laneCommands.tenantId, tenantId), eq(laneCommands.laneId, laneId), eq(laneCommands.state, 'queued')))
    .orderBy(asc(laneCommands.createdAt), asc(laneCommands.id));

/** A lane's barrier or camera takes the commands waiting for its lane; they are delivered from now. */
export const pullLaneCommands = (db: Db, row: DeviceRow, now: Date): Promise<LaneCommandPullResult> => {
  const { device } = row;
  if (!laneDeviceTypes.has(device.type) || !device.laneId) throw badRequest('该设备不是车道道闸或相机，或未绑定车道');
  const laneId = device.laneId;
  return db.transaction(async (tx) => {
    const waiting = await tx
      .select({ id: laneCommands.id })
      .from(laneCommands)
      .where(and(eq(laneCommands.tenantId, device.tenantId), eq(laneCommands.laneId, laneId), eq(laneCommands.state, 'queued')))
      // two devices of one lane pulling at once: each command goes to one of them
      .for('update', { skipLocked: true });
    if (waiting.length === 0) return { commands: [] };
    const delivered = await tx
      .update(laneCommands)
      .set({ state: 'delivered', deliveredAt: now, deliveredTo: device.id })
      .where(inArray(laneCommands.id, waiting.map((w) => w.id)))
      .returning();
    delivered.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    return {
      commands: delivered.map((c) => ({ id: c.id, kind: c.kind as LaneCommandKind, plateNumber: c.plateNumber, createdAt: c.createdAt.toISOString() })),
    };
  });
};
