import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, and, sql } from 'drizzle-orm';
import { driverPayPaths, formatAmount, sandboxCashierPaths, sandboxSignatureHeader, type SandboxNotice } from '@parking/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { sandboxCashierOrders, sandboxRefunds } from '../../../db/schema/index.js';
import { GatewayRefundError, type GatewayRefund, type GatewayRefundRequest, type GatewayTrade, type PaymentGateway } from './payment-gateway.js';
import { sandboxBill, type SandboxBillAdjustment } from './sandbox-bill.js';

/** Posts a notice to a path of this server: never a host, so no request or setting can send it elsewhere. */
export type NoticeDelivery = (path: string, body: string, headers: Record<string, string>) => Promise<void>;

/**
 * The socket address of the sandbox's own notices: not an IP, so no connection from the network can
 * have it. The notify route's per-address limit leaves these out, as a real provider's many servers
 * would not share one address; a busy hour's notices refused by it were trades booked by no one.
 */
export const inProcessNoticeAddress = 'sandbox.in-process';

/** The sandbox runs inside this server, so its notice is handed to our own notify route in-process, off the network. */
export const inProcessDelivery =
  (server: FastifyInstance): NoticeDelivery =>
  async (path, body, headers) => {
    const response = await server.inject({ method: 'POST', url: path, payload: body, headers, remoteAddress: inProcessNoticeAddress });
    if (response.statusCode !== 200) throw new Error(`notify answered HTTP ${response.statusCode}: ${response.body}`);
  };

export const signSandboxNotice = (secret: string, rawBody: string) => createHmac('sha256', secret).update(rawBody).digest('hex');

const tradeStateOf = (state: string): GatewayTrade['state'] => (state === 'paid' ? 'paid' : state === 'cancelled' ? 'closed' : 'pending');

export type SandboxCashierOrder = typeof sandboxCashierOrders.$inferSelect;
type SandboxRefund = typeof sandboxRefunds.$inferSelect;

const refundAnswer = (r: SandboxRefund): GatewayRefund => ({ refundNo: r.refundNo, providerRefundNo: r.providerRefundNo, amount: r.amount, at: r.refundedAt.toISOString() });

const findRefund = async (db: Db, refundNo: string) => {
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.refundNo, refundNo)).limit(1);
  return row;
};

/** A repeat of a refund number answers its first refund; the same number for other money is the merchant's bug, refused. */
const repeatOf = (earlier: SandboxRefund, request: GatewayRefundRequest) => {
  if (earlier.gatewayOrderNo !== request.gatewayOrderNo || earlier.amount !== request.amount) throw new GatewayRefundError(`退款单号 ${request.refundNo} 已用于另一笔退款`);
  return refundAnswer(earlier);
};

/**
 * The sandbox gives money of a paid trade back, once per refund number. The trade's row is locked, so
 * two refunds of it cannot together give back more than was paid.
 */
export const sandboxRefund = async (db: Db, request: GatewayRefundRequest): Promise<GatewayRefund> => {
  const earlier = await findRefund(db, request.refundNo);
  if (earlier) return repeatOf(earlier, request);
  const [trade] = await db.select().from(sandboxCashierOrders).where(eq(sandboxCashierOrders.gatewayOrderNo, request.gatewayOrderNo)).for('update');
  if (trade?.state !== 'paid') throw new GatewayRefundError(`交易 ${request.gatewayOrderNo} 不存在或未支付`);
  const [given] = await db
    .select({ n: sql<string>`coalesce(sum(${sandboxRefunds.amount}), 0)` })
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.gatewayOrderNo, trade.gatewayOrderNo));
  const left = trade.amount - Number(given?.n ?? 0);
  if (request.amount > left) throw new GatewayRefundError(`退款金额（${formatAmount(request.amount)} 元）超过交易可退金额（${formatAmount(left)} 元）`);
  const [row] = await db
    .insert(sandboxRefunds)
    .values({ refundNo: request.refundNo, gatewayOrderNo: trade.gatewayOrderNo, providerRefundNo: `SBR${request.refundNo}`, amount: request.amount, refundedAt: request.at })
    .onConflictDoNothing()
    .returning();
  if (row) return refundAnswer(row);
  // the same number was given back meanwhile by a concurrent call
  return repeatOf((await findRefund(db, request.refundNo))!, request);
};

export interface SandboxGatewayOptions {
  /** the sandbox's clock: a day's bill exists once the day is over by it */
  now: () => Date;
  /** set only by tests and the simulator: how the bill is to disagree with what the sandbox did; read at each bill */
  billAdjustments?: readonly SandboxBillAdjustment[];
}

/** The sandbox's refunds alone, for the console's 退款 and 对账 (which neither open cashiers nor send notices). */
export const sandboxRefunder = (db: Db): Pick<PaymentGateway, 'refund'> => ({ refund: (request, via) => sandboxRefund(via ?? db, request) });

/**
 * A payment provider that runs here: its cashier is a page of this server, and it signs its
 * notices with its own secret. It keeps its trades in its own table, as a real provider keeps them
 * on its servers; nothing of ours is read by it.
 */
export const sandboxGateway = (db: Db, secret: string, deliver: NoticeDelivery, options: SandboxGatewayOptions) => {
  const findTrade = async (no: string) => {
    const [row] = await db.select().from(sandboxCashierOrders).where(eq(sandboxCashierOrders.gatewayOrderNo, no)).limit(1);
    return row;
  };

  const gateway: PaymentGateway = {
    provider: 'sandbox',
    async create(order) {
      await db
        .insert(sandboxCashierOrders)
        .values({ tradeNo: `SBT${randomBytes(9).toString('hex').toUpperCase()}`, ...order })
        .onConflictDoNothing();
      return { gatewayOrderNo: order.gatewayOrderNo, cashierUrl: sandboxCashierPaths.page.replace(':no', encodeURIComponent(order.gatewayOrderNo)) };
    },
    async query(no) {
      const trade = await findTrade(no);
      return trade && { state: tradeStateOf(trade.state), amount: trade.amount, tradeNo: trade.tradeNo, at: trade.decidedAt?.toISOString() ?? null };
    },
    verifyNotice(rawBody, signature) {
      if (!signature) return false;
      const expected = Buffer.from(signSandboxNotice(secret, rawBody));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    refund: (request, via) => sandboxRefund(via ?? db, request),
    bill: (day) => sandboxBill(db, day, options.now(), options.billAdjustments),
  };

  /** The driver pressed 确认支付 or 取消: the trade is decided once, and the notice is sent (again on a repeat press). */
  const decide = async (no: string, outcome: 'paid' | 'cancelled', now: Date) => {
    await db
      .update(sandboxCashierOrders)
      .set({ state: outcome, decidedAt: now })
      .where(and(eq(sandboxCashierOrders.gatewayOrderNo, no), eq(sandboxCashierOrders.state, 'pending')));
    const trade = await findTrade(no);
    if (!trade) return undefined;
    if (trade.state !== 'pending') await notify(trade, now);
    return trade;
  };

  /** Sends the signed notice of a decided trade; a failed delivery is left to the merchant's query. */
  const notify = async (trade: SandboxCashierOrder, now: Date) => {
    const notice: SandboxNotice = {
      gatewayOrderNo: trade.gatewayOrderNo,
      tradeNo: trade.tradeNo,
      amount: trade.amount,
      state: trade.state === 'paid' ? 'paid' : 'closed',
      at: (trade.decidedAt ?? now).toISOString(),
    };
    const body = JSON.stringify(notice);
    // the trade's notifyUrl is what a real provider would be told; the sandbox answers only its own server
    await deliver(driverPayPaths.sandboxNotify, body, { 'content-type': 'application/json', [sandboxSignatureHeader]: signSandboxNotice(secret, body) });
  };

  return { gateway, findTrade, decide };
};
export type SandboxGateway = ReturnType<typeof sandboxGateway>;
