import type { RecoveryRecord, RecoveryRecordListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { parkingRecords, payments } from '../../db/schema/index.js';
import type { AuthContext } from '../../types.js';
import { deleteRecoveryOfPayment, insertRecoveryRecord, pageRecoveryRecords, type ListedRecoveryRow } from './recovery.repository.js';

type ParkingRecordRow = typeof parkingRecords.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const toRecoveryRecord = ({ recovery: r, lotName, exitedAt, operatorName, refunded }: ListedRecoveryRow): RecoveryRecord => ({
  id: r.id,
  recordId: r.recordId,
  paymentId: r.paymentId,
  plateNumber: r.plateNumber,
  lotId: r.lotId,
  lotName,
  amount: r.amount,
  refunded: Number(refunded),
  channel: r.channel,
  recoveredAt: r.recoveredAt.toISOString(),
  exitedAt: exitedAt?.toISOString() ?? null,
  operatorName: operatorName ?? '',
});

/**
 * Called inside the payment's transaction, right after the money moved: a payment on a record
 * that was in arrears (欠费) before it is a recovery, written once per payment.
 */
export const recordRecoveryOf = async (tx: Db, before: ParkingRecordRow, payment: PaymentRow) => {
  if (before.state !== 'unpaid') return undefined;
  return insertRecoveryRecord(tx, {
    tenantId: payment.tenantId,
    recordId: before.id,
    paymentId: payment.id,
    plateNumber: before.plateNumber,
    lotId: before.lotId,
    amount: payment.amount,
    channel: payment.channel,
    recoveredAt: payment.paidAt,
  });
};

/**
 * Called inside the transaction that voids a payment (reconciliation found the provider never took
 * it): money that never came in recovered nothing, so the payment's recovery goes. A recovery record
 * has no state of its own; the pursuit follows the parking record, which the void puts back in
 * arrears (欠费). The 营收报表's 追缴已收回 loses it through the recovery triggers, as its recomputation
 * does, which reads the recovery records. Answers the removed recovery, for the caller's log.
 */
export const voidRecoveryOf = (tx: Db, tenantId: string, paymentId: string) => deleteRecoveryOfPayment(tx, tenantId, paymentId);

export const listRecoveryRecords = async (db: Db, auth: AuthContext, query: RecoveryRecordListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageRecoveryRecords(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toRecoveryRecord);
};
