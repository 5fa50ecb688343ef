import type { AppealOutcomeKind } from '@parking/contract';
import type { Db } from '../../db/client.js';

/** What another module does when an appeal is upheld, in the decision's own transaction. */
export type AppealFollowUp = (tx: Db, tenantId: string, upheld: { recordId: string; outcome: AppealOutcomeKind; result: string }, at: Date) => Promise<void>;

const followUps: AppealFollowUp[] = [];

/**
 * finance (an invoiced stay's invoice is to be red-flushed) says here what follows an upheld appeal,
 * since service and finance may not import each other. Registered once, at its import.
 */
export const afterAppealUpheld = (followUp: AppealFollowUp) => {
  if (!followUps.includes(followUp)) followUps.push(followUp);
};

export const followAppeal = async (tx: Db, tenantId: string, upheld: { recordId: string; outcome: AppealOutcomeKind; result: string }, at: Date) => {
  for (const followUp of followUps) await followUp(tx, tenantId, upheld, at);
};
