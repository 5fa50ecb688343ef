import type { Db } from '../../db/client.js';

/** What another module does when money of a payment goes back, in the refund's own transaction. */
export type RefundFollowUp = (tx: Db, tenantId: string, paymentId: string, refunded: number, at: Date) => Promise<void>;

const followUps: RefundFollowUp[] = [];

/**
 * Modules above payments in the order (finance: an invoiced payment is to be red-flushed) say here what
 * follows an approved refund, since payments may not import them. Registered once, at their import.
 */
export const afterRefundApproved = (followUp: RefundFollowUp) => {
  if (!followUps.includes(followUp)) followUps.push(followUp);
};

export const followRefund = async (tx: Db, tenantId: string, paymentId: string, refunded: number, at: Date) => {
  for (const followUp of followUps) await followUp(tx, tenantId, paymentId, refunded, at);
};
