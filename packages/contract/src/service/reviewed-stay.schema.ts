import { z } from 'zod';
import { parkingRecordStates } from '../orders/parking-record.schema.js';

/** The stay a complaint or an appeal is about, as the reviewer needs it beside the case: its times and money. */
export const reviewedStay = z.object({
  id: z.string(),
  lotName: z.string(),
  plateNumber: z.string(),
  plateColour: z.number().int(),
  enteredAt: z.string().nullable(),
  exitedAt: z.string().nullable(),
  amountDue: z.number().int(),
  discount: z.number().int(),
  paid: z.number().int(),
  unpaid: z.number().int(),
  state: z.enum(parkingRecordStates),
});
export type ReviewedStay = z.infer<typeof reviewedStay>;
