import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { laneCommands } from '../../db/schema/index.js';
import { insertRow } from '../../shared/rows.js';

export type LaneCommandRow = typeof laneCommands.$inferSelect;

export const insertLaneCommand = (db: Db, values: Pick<typeof laneCommands.$inferInsert, 'tenantId' | 'laneId' | 'kind' | 'recordId' | 'plateNumber'>): Promise<LaneCommandRow> =>
  insertRow(db, laneCommands, values);

export const queuedLaneCommands = (db: Db, tenantId: string, laneId: string): Promise<LaneCommandRow[]> =>
  db
    .select()
    .from(laneCommands)
    .where(and(eq(laneCommands.tenantId, tenantId), eq(laneCommands.laneId, laneId), eq(laneCommands.state, 'queued')))
    .orderBy(asc(laneCommands.createdAt), asc(laneCommands.id));

/**
 * Delivers a lane's queued commands to one device. Two devices of one lane pulling at once: the
 * rows are locked and skipped by the other, so each command goes to one of them.
 */
export const deliverQueuedLaneCommands = async (db: Db, tenantId: string, laneId: string, deviceId: string, now: Date): Promise<LaneCommandRow[]> => {
  const waiting = await db
    .select({ id: laneCommands.id })
    .from(laneCommands)
    .where(and(eq(laneCommands.tenantId, tenantId), eq(laneCommands.laneId, laneId), eq(laneCommands.state, 'queued')))
    .for('update', { skipLocked: true });
  if (waiting.length === 0) return [];
  return db
    .update(laneCommands)
    .set({ state: 'delivered', deliveredAt: now, deliveredTo: deviceId })
    .where(
      inArray(
        laneCommands.id,
        waiting.map((w) => w.id),
      ),
    )
    .returning();
};
