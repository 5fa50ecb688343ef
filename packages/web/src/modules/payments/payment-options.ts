import { paymentChannelNames, paymentChannels, refundStatuses, refundStatusNames, type RefundStatus } from '@parking/contract';
import type { BadgeStatus, ValueEnum } from '../../shared/resource/resource-types';

export const paymentChannelEnum: ValueEnum = Object.fromEntries(paymentChannels.map((channel) => [channel, { text: paymentChannelNames[channel] }]));

const refundBadges: Readonly<Record<RefundStatus, BadgeStatus>> = { requested: 'warning', approved: 'success', rejected: 'default' };

export const refundStatusEnum: ValueEnum = Object.fromEntries(refundStatuses.map((status) => [status, { text: refundStatusNames[status], status: refundBadges[status] }]));

/** who may ask for money back and decide on it: holders of 财务管理 > 退款 */
export const refundPermission = 'refund';
