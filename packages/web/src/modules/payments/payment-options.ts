import {
  paymentChannelNames,
  paymentChannels,
  paymentStatuses,
  paymentStatusNames,
  refundStatuses,
  refundStatusNames,
  type Payment,
  type PaymentStatus,
  type RefundStatus,
} from '@parking/contract';
import { valueEnumOf, type BadgeStatus, type ValueEnum } from '../../shared/resource/resource-types';

export const paymentChannelEnum: ValueEnum = Object.fromEntries(paymentChannels.map((channel) => [channel, { text: paymentChannelNames[channel] }]));

/** 成功 in green; 已作废 (reconciliation found the provider never took it) in grey */
export const paymentStatusBadges: Readonly<Record<PaymentStatus, BadgeStatus>> = { succeeded: 'success', voided: 'default' };

export const paymentStatusEnum: ValueEnum = valueEnumOf(paymentStatuses, paymentStatusNames, paymentStatusBadges);

/** Why a payment cannot be refunded, or undefined when part of it still can be. */
export const refundRefusalOf = (payment: Pick<Payment, 'status' | 'amount' | 'refunded'>) => {
  if (payment.status === 'voided') return '该笔支付已作废';
  if (payment.refunded >= payment.amount) return '该笔支付已全额退款';
  return undefined;
};

const refundBadges: Readonly<Record<RefundStatus, BadgeStatus>> = { requested: 'warning', approved: 'success', rejected: 'default' };

export const refundStatusEnum: ValueEnum = Object.fromEntries(refundStatuses.map((status) => [status, { text: refundStatusNames[status], status: refundBadges[status] }]));

/** who may ask for money back and decide on it: holders of 财务管理 > 退款 */
export const refundPermission = 'refund';
