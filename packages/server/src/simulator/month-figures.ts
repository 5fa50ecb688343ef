import type { PaymentChannel, ReconciliationMistakeKind } from '@parking/contract';
import type { SandboxBillAdjustment } from '../modules/payments/index.js';

export interface InjectedMistake {
  day: string;
  kind: ReconciliationMistakeKind;
  orderNo: string;
  adjustment: SandboxBillAdjustment['kind'];
}

export interface MonthFigures {
  days: number;
  lots: number;
  events: number;
  entries: number;
  exits: number;
  refused: number;
  stays: number;
  payments: Record<PaymentChannel, { count: number; amount: number }>;
  /** online payments started and then left at the cashier */
  abandonedCashier: number;
  refunds: { count: number; amount: number };
  /** e-invoices asked for from orders' pages and issued (amount in fen), with their ids for the checks */
  invoices: { requested: number; issued: number; amount: number; ids: string[] };
  /** the mall's coupons given to cars in; how many were used shows in the checks */
  coupons: { issued: number };
  unpaidExits: number;
  arrearsOpened: number;
  recovered: { count: number; amount: number };
  injected: InjectedMistake[];
}
