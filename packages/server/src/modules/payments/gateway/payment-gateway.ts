import type { Db } from '../../../db/client.js';

/** What we ask a provider to collect: our order number, the amount and where to tell us and send the driver back. */
export interface GatewayOrderRequest {
  gatewayOrderNo: string;
  /** fen */
  amount: number;
  /** shown on the cashier, e.g. 「示例停车场 停车费 粤B12345」 */
  subject: string;
  /** where the provider posts its signed notice */
  notifyUrl: string;
  /** where the cashier sends the driver afterwards */
  returnUrl: string;
}

export type GatewayTradeState = 'pending' | 'paid' | 'closed';

/** The provider's answer to a query: the trade's state, and for a paid one its trade number and time. */
export interface GatewayTrade {
  state: GatewayTradeState;
  amount: number;
  tradeNo: string;
  at: string | null;
}

/** What we ask a provider to give back of a paid trade: `refundNo` is ours (the refund's id) and makes a repeat harmless. */
export interface GatewayRefundRequest {
  gatewayOrderNo: string;
  refundNo: string;
  /** fen */
  amount: number;
  /** when we ask, by our clock; the sandbox dates its refund with it */
  at: Date;
}

/** The provider's answer to a refund: its own refund number and when it was given back. */
export interface GatewayRefund {
  refundNo: string;
  providerRefundNo: string;
  amount: number;
  at: string;
}

/** A provider refused a refund (no such paid trade, more than is left of it, a refund number reused for other money); the message is Chinese. */
export class GatewayRefundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayRefundError';
  }
}

/**
 * A payment provider with a cashier, as WeChat Pay's or Alipay's H5 payments work: `create` opens a
 * trade and answers the cashier URL the driver is sent to; the provider later posts an
 * asynchronous notice signed with a secret we share (`verifyNotice`); `query` asks it a trade's
 * state when a notice is late; `refund` gives money of a paid trade back; `bill` fetches its daily bill, which reconciliation checks our payments against.
 */
export interface PaymentGateway {
  /** the payment channel recorded for its payments */
  readonly provider: 'sandbox';
  create(order: GatewayOrderRequest): Promise<{ gatewayOrderNo: string; cashierUrl: string }>;
  query(gatewayOrderNo: string): Promise<GatewayTrade | undefined>;
  /** whether the raw notice body carries the provider's signature */
  verifyNotice(rawBody: string, signature: string | undefined): boolean;
  /**
   * Gives back part or all of a paid trade, once per `refundNo`: a repeat answers the first refund
   * and gives nothing again. Refuses (GatewayRefundError) more than the trade's amount less its refunds.
   * `via`: the caller's transaction, through which the in-database sandbox writes (PGlite has one
   * connection); a provider over the network ignores it.
   */
  refund(request: GatewayRefundRequest, via?: Db): Promise<GatewayRefund>;
  /** the 交易账单 of a business day (YYYY-MM-DD, Asia/Shanghai) as the provider writes it; undefined until that day is over */
  bill(day: string): Promise<string | undefined>;
}
