import { formatAmount, paymentChannelNames, type Payment, type PaymentListValues, type PaymentValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { recordRecoveryOf } from '../recovery/index.js';
import { recordOperation } from '../system/index.js';
import { changeRecord, lockRecord, type RecordMoney } from '../orders/index.js';
import { claimPayment, findListedPayment, findPaymentByKey, pagePayments, type ListedPaymentRow, type PaymentRow } from './payment.repository.js';

export const paymentTarget = 'payment';

/** Who takes the money: a signed-in user, or a driver paying on the phone (no user: the operation log names the channel). */
export type PaymentActor = Pick<AuthContext, 'tenantId' | 'account' | 'ip' | 'userAgent'> & { userId: string | null };

const toPayment = ({ payment: p, plateNumber, lotName, refunded, operatorName }: ListedPaymentRow): Payment => ({
  id: p.id,
  recordId: p.recordId,
  plateNumber,
  lotName,
  channel: p.channel,
  amount: p.amount,
  refunded,
  idempotencyKey: p.idempotencyKey,
  status: p.status,
  paidAt: p.paidAt.toISOString(),
  operatorId: p.operatorId,
  operatorName,
  payer: p.payer,
  remark: p.remark,
  createdAt: p.createdAt.toISOString(),
});

export const listPayments = async (db: Db, auth: AuthContext, query: PaymentListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pagePayments(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toPayment);
};

export const getPayment = async (db: Db, auth: Pick<AuthContext, 'tenantId'>, id: string) => {
  const row = await findListedPayment(db, auth.tenantId, id);
  if (!row) throw notFound('支付记录不存在');
  return toPayment(row);
};

/**
 * The key may come in the body or the `Idempotency-Key` header; both is fine when they agree.
 * Neither is refused: a payment without a key could be counted twice by a retry.
 */
export const paymentKeyOf = (bodyKey: string | undefined, headerKey: string | undefined) => {
  if (bodyKey && headerKey && bodyKey !== headerKey) throw badRequest('请求头与请求体中的幂等键不一致');
  const key = bodyKey ?? headerKey;
  if (!key) throw badRequest('请提供幂等键（请求头 Idempotency-Key 或字段 idempotencyKey）');
  return key;
};

/** The first payment of a key answers every repeat; a repeat asking for other money is a client bug, refused. */
const sameRequest = (first: PaymentRow, input: PaymentValues) => first.recordId === input.recordId && first.channel === input.channel && first.amount === input.amount;

const firstResult = async (db: Db, auth: PaymentActor, first: PaymentRow, input: PaymentValues) => {
  if (!sameRequest(first, input)) throw conflict('该幂等键已用于另一笔支付（停车记录、渠道或金额不同），请换一个幂等键');
  return { payment: await getPayment(db, auth, first.id), repeated: true };
};

/** States in which a record still takes money: a void record never does, the others while something is unpaid. */
const checkTakesMoney = (record: RecordMoney & { state: string }, amount: number) => {
  if (record.state === 'void') throw badRequest('停车记录已作废，不能收款');
  if (record.unpaid <= 0) throw badRequest('该停车记录没有待付金额');
  if (amount > record.unpaid) throw badRequest(`支付金额（${formatAmount(amount)} 元）不能超过待付金额（${formatAmount(record.unpaid)} 元）`);
};

/**
 * Records money taken for a parking record, once per idempotency key. The record row is locked first,
 * so concurrent repeats wait and then find the first payment; the unique key index with
 * ON CONFLICT DO NOTHING covers a repeat that names another record (and so holds another lock).
 * The money is paid at `paidAt`, the app's clock, which the exit's grace minutes are counted from;
 * without it (the demo history) the database stamps its own time.
 */
export const recordPayment = (db: Db, auth: PaymentActor, input: PaymentValues, key: string, paidAt?: Date) =>
  db.transaction(async (tx) => {
    const record = await lockRecord(tx, auth.tenantId, input.recordId);
    if (!record) throw notFound('停车记录不存在');
    const earlier = await findPaymentByKey(tx, auth.tenantId, key);
    if (earlier) return firstResult(tx, auth, earlier, input);
    checkTakesMoney(record, input.amount);

    const claimed = await claimPayment(tx, {
      tenantId: auth.tenantId,
      recordId: record.id,
      channel: input.channel,
      amount: input.amount,
      idempotencyKey: key,
      operatorId: auth.userId,
      payer: input.payer,
      remark: input.remark,
      ...(paidAt ? { paidAt } : {}),
    });
    if (!claimed) {
      const first = await findPaymentByKey(tx, auth.tenantId, key);
      if (!first) throw conflict('幂等键正被另一请求使用，请稍后重试');
      return firstResult(tx, auth, first, input);
    }

    // settled at the barrier it is 已支付 until the car is through; a car already gone (欠费) is 已完成
    const changed = await changeRecord(tx, record, 'payment', { paid: record.paid + input.amount, unpaid: record.unpaid - input.amount });
    const money = { discount: changed.discount, paid: changed.paid, unpaid: changed.unpaid, state: changed.state };
    // money taken for a record in arrears is a recovery (追缴), committed with the payment or not at all
    await recordRecoveryOf(tx, record, claimed);
    const payment = await getPayment(tx, auth, claimed.id);
    await recordOperation(tx, auth, {
      module: 'payments',
      action: 'create',
      target: paymentTarget,
      targetId: payment.id,
      summary: `停车记录「${payment.plateNumber}」${paymentChannelNames[payment.channel]}收款 ${formatAmount(payment.amount)} 元`,
      before: { paid: record.paid, unpaid: record.unpaid, state: record.state },
      after: { payment, ...money },
    });
    return { payment, repeated: false };
  });
