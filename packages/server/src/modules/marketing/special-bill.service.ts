import { formatAmount, type PaymentChannel, type SpecialBill, type SpecialBillListValues, type SpecialBillValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { lotOfTenant } from '../parking/index.js';
import { recordOperation } from '../system/index.js';
import { findSpecialBill, insertSpecialBill, pageSpecialBills, updateSpecialBill, type SpecialBillRow } from './special-bill.repository.js';

export const specialBillTarget = 'specialBill';

export const toSpecialBill = ({ bill, lotName }: SpecialBillRow): SpecialBill => ({
  id: bill.id,
  lotId: bill.lotId,
  lotName,
  plateNumber: bill.plateNumber,
  item: bill.item,
  amount: bill.amount,
  remark: bill.remark,
  status: bill.status,
  paidAmount: bill.paidAmount,
  paidAt: bill.paidAt?.toISOString() ?? null,
  createdBy: bill.createdBy,
  cancelledAt: bill.cancelledAt?.toISOString() ?? null,
  createdAt: bill.createdAt.toISOString(),
  updatedAt: bill.updatedAt.toISOString(),
});

const title = (bill: Pick<SpecialBill, 'item' | 'amount'>) => `${bill.item} ${formatAmount(bill.amount)}元`;

export const listSpecialBills = async (db: Db, auth: AuthContext, query: SpecialBillListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageSpecialBills(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toSpecialBill);
};

export const getSpecialBill = async (db: Db, auth: Pick<AuthContext, 'tenantId'>, id: string) => {
  const row = await findSpecialBill(db, auth.tenantId, id);
  if (!row) throw notFound('特殊账单不存在');
  return toSpecialBill(row);
};

/** A new bill is 待支付 on one of the tenant's lots; who raised it is the signed-in account. */
export const createSpecialBill = async (db: Db, auth: AuthContext, input: SpecialBillValues) => {
  if (!(await lotOfTenant(db, auth.tenantId, input.lotId))) throw badRequest('所选停车场不存在');
  const id = await insertSpecialBill(db, { tenantId: auth.tenantId, ...input, createdBy: auth.account });
  const created = await getSpecialBill(db, auth, id);
  await recordOperation(db, auth, { module: 'marketing', action: 'create', target: specialBillTarget, targetId: id, summary: `新增特殊账单「${title(created)}」`, after: created });
  return created;
};

/** 作废: only a bill still 待支付; a paid one is refunded through payments, not cancelled. */
export const cancelSpecialBill = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findSpecialBill(db, auth.tenantId, id, true);
  if (!row) throw notFound('特殊账单不存在');
  const before = toSpecialBill(row);
  if (before.status === 'paid') throw conflict('特殊账单已支付，不能作废');
  if (before.status === 'cancelled') throw conflict('特殊账单已作废');
  await updateSpecialBill(db, auth.tenantId, id, { status: 'cancelled', cancelledAt: new Date() });
  const after = await getSpecialBill(db, auth, id);
  await recordOperation(db, auth, { module: 'marketing', action: 'update', target: specialBillTarget, targetId: id, summary: `作废特殊账单「${title(after)}」`, before, after });
  return after;
};

/**
 * The payment gateway's callback says the bill was paid: `amount` fen at `paidAt` by `channel` (营收报表
 * counts it as received there, in the bill's lot, on its payment day). Call it with the
 * callback's transaction, scoped to `tenantId`. Idempotent: a bill already paid stays as it was
 * (its first paidAt) and `changed` is false. A cancelled bill, or an amount other than the bill's,
 * is refused, so the gateway can refund instead.
 */
export const markSpecialBillPaid = async (
  tx: Db,
  tenantId: string,
  billId: string,
  amount: number,
  paidAt: Date,
  channel: PaymentChannel,
): Promise<{ bill: SpecialBill; changed: boolean }> => {
  const row = await findSpecialBill(tx, tenantId, billId, true);
  if (!row) throw notFound('特殊账单不存在');
  const before = toSpecialBill(row);
  if (before.status === 'paid') return { bill: before, changed: false };
  if (before.status === 'cancelled') throw conflict('特殊账单已作废，不能支付');
  if (amount !== before.amount) throw badRequest(`支付金额${formatAmount(amount)}元与账单金额${formatAmount(before.amount)}元不符`);
  await updateSpecialBill(tx, tenantId, billId, { status: 'paid', paidAmount: amount, paidAt, paidChannel: channel });
  const after = await getSpecialBill(tx, { tenantId }, billId);
  await recordOperation(
    tx,
    { tenantId, userId: null, account: '在线支付', ip: '', userAgent: '' },
    { module: 'marketing', action: 'update', target: specialBillTarget, targetId: billId, summary: `特殊账单「${title(after)}」已支付`, before, after },
  );
  return { bill: after, changed: true };
};
