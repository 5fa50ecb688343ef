import { z } from 'zod';
import { parkingLotKinds } from './lot.schema.js';

export const parkingCounterPaths = {
  /** live counters of every lot of the tenant, for dashboards */
  counter: '/api/system/Parking/:tenantId/counter',
} as const;

export const parkingCounterParams = z.object({ tenantId: z.uuid('租户编号格式不正确') });

/** One lot's counters; a lot with spaces counts them by state, a lot without keeps its own totals. */
export const parkingLotCounter = z.object({
  lotId: z.string(),
  lotName: z.string(),
  kind: z.enum(parkingLotKinds),
  total: z.number().int(),
  free: z.number().int(),
  occupied: z.number().int(),
  fault: z.number().int(),
  longRental: z.number().int(),
});
export type ParkingLotCounter = z.infer<typeof parkingLotCounter>;
export const parkingCounters = z.object({ tenantId: z.string(), lots: z.array(parkingLotCounter) });
export type ParkingCounters = z.infer<typeof parkingCounters>;
