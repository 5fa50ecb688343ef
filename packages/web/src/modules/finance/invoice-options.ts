import { buyerTypeNames, buyerTypes, invoiceStateNames, invoiceStates, type InvoiceState } from '@parking/contract';
import type { BadgeStatus, ValueEnum } from '../../shared/resource/resource-types';

const stateBadges: Readonly<Record<InvoiceState, BadgeStatus>> = {
  pending: 'warning',
  issuing: 'processing',
  issued: 'success',
  failed: 'error',
  redPending: 'warning',
  redFlushed: 'default',
};

export const invoiceStateEnum: ValueEnum = Object.fromEntries(invoiceStates.map((state) => [state, { text: invoiceStateNames[state], status: stateBadges[state] }]));
export const buyerTypeEnum: ValueEnum = Object.fromEntries(buyerTypes.map((type) => [type, { text: buyerTypeNames[type] }]));
