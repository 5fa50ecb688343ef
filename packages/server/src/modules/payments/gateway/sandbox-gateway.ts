import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, and } from 'drizzle-orm';
import { sandboxCashierPaths, sandboxSignatureHeader, type SandboxNotice } from '@parking/contract';
import type { Db } from '../../../db/client.js';
import { sandboxCashierOrders } from '../../../db/schema/index.js';
import type { GatewayTrade, PaymentGateway } from './payment-gateway.js';

/** Posts a notice to our notify URL; the server fetches, tests answer through app.inject. */
export type NoticeDelivery = (url: string, body: string, headers: Record<string, string>) => Promise<void>;

export const fetchDelivery: NoticeDelivery = async (url, body, headers) => {
  const response = await fetch(url, { method: 'POST', body, headers });
  if (!response.ok) throw new Error(`notify answered HTTP ${response.status}`);
};

export const signSandboxNotice = (secret: string, rawBody: string) => createHmac('sha256', secret).update(rawBody).digest('hex');

const tradeStateOf = (state: string): GatewayTrade['state'] => (state === 'paid' ? 'paid' : state === 'cancelled' ? 'closed' : 'pending');

export type SandboxCashierOrder = typeof sandboxCashierOrders.$inferSelect;

/**
 * A payment provider that runs here: its cashier is a page of this server, and it signs its
 * notices with its own secret. It keeps its trades in its own table, as a real provider keeps them
 * on its servers; nothing of ours is read by it.
 */
export const sandboxGateway = (db: Db, secret: string, deliver: NoticeDelivery = fetchDelivery) => {
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
  };

  /** The driver pressed 确认支付 or 取消: the trade is decided once, and the notice is sent (again on a repeat press). */
  const decide = async (no: string, outcome: 'paid' | 'cancelled', now: Date) => {
    await db
      .update(sandboxCashierOrders)
      .set({ state: outcome, decidedAt: now })
      .where(and(eq(sandboxCashierOrders.gatewayOrderNo, no), eq(sandboxCashierOrders.state, 'pending')));
    const trade = await findTrade(no);
    if (!trade) return undefined;
    if (trade.state !== 'pending') await notify(trade);
    return trade;
  };

  /** Sends the signed notice of a decided trade; a failed delivery is left to the merchant's query. */
  const notify = async (trade: SandboxCashierOrder) => {
    const notice: SandboxNotice = {
      gatewayOrderNo: trade.gatewayOrderNo,
      tradeNo: trade.tradeNo,
      amount: trade.amount,
      state: trade.state === 'paid' ? 'paid' : 'closed',
      at: (trade.decidedAt ?? new Date()).toISOString(),
    };
    const body = JSON.stringify(notice);
    await deliver(trade.notifyUrl, body, { 'content-type': 'application/json', [sandboxSignatureHeader]: signSandboxNotice(secret, body) });
  };

  return { gateway, findTrade, decide };
};
export type SandboxGateway = ReturnType<typeof sandboxGateway>;
