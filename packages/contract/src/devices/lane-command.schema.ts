import { z } from 'zod';
import { screenPullInput } from './device-ingestion.schema.js';

/** A lane's barrier or camera takes the commands waiting for its lane (signed like the heartbeat). */
export const laneCommandPullPath = '/api/device/lane/commands';

export const laneCommandKinds = ['release'] as const;
export type LaneCommandKind = (typeof laneCommandKinds)[number];
export const laneCommandKindNames: Readonly<Record<LaneCommandKind, string>> = { release: '抬杆放行' };

export const laneCommandPullInput = screenPullInput;
export const laneCommand = z.object({
  id: z.string(),
  kind: z.enum(laneCommandKinds),
  /** the plate the command is for, so the camera can match the car at the barrier */
  plateNumber: z.string(),
  createdAt: z.string(),
});
export type LaneCommand = z.infer<typeof laneCommand>;
export const laneCommandPullResult = z.object({ commands: z.array(laneCommand) });
export type LaneCommandPullResult = z.infer<typeof laneCommandPullResult>;
