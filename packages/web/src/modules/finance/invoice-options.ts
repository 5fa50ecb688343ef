import { buyerTypeNames, buyerTypes, invoiceStateNames, invoiceStates, type InvoiceState } from '@parking/contract';
import type { BadgeStatus, ValueEnum } from '../../shared/resource/resource-types';

/** Each invoice state's tone, the same in 开票记录 and on the drivers' phone pages (an antd Badge status or Tag colour). */
export const invoiceStateBadges: Readonly<Record<InvoiceState, BadgeStatus>> = {
  pending: 'warning',
  issuing: 'processing',
  issued: 'success',
  failed: 'error',
  redPending: 'warning',
  redFlushed: 'default',
};

export const invoiceStateEnum: ValueEnum = Object.fromEntries(invoiceStates.map((state) => [state, { text: invoiceStateNames[state], status: invoiceStateBadges[state] }]));
export const buyerTypeEnum: ValueEnum = Object.fromEntries(buyerTypes.map((type) => [type, { text: buyerTypeNames[type] }]));
