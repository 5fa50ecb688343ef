import { and, eq } from 'drizzle-orm';
import { businessDay, businessDayStart, refundDecision, refundInput } from '@parking/contract';
import { reconcileDay } from '../../modules/finance/index.js';
import { approveRefund, requestRefund, sandboxBills, settleGatewayOrder, type GatewayRefunder } from '../../modules/payments/index.js';
import type { AuthContext } from '../../types.js';
import type { Db } from '../client.js';
import { gatewayOrders, parkingLots, parkingRecords, payments, refunds, sandboxCashierOrders, tenants, users } from '../schema/index.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface DemoTrade {
  plate: string;
  amount: number;
  /** hours after the day's 00:00 in Shanghai */
  hour: number;
  /** the provider's notice never reached us: the car left owing, and the bill has the trade (我方漏单) */
  noticeLost?: boolean;
  /** part given back through 退款: the provider accepted it but its refund failed later (退款异常), so its bill never has it (状态不符) */
  refunded?: number;
}

/** the day before yesterday agrees with the bill; yesterday does not */
const days: readonly { daysAgo: number; trades: readonly DemoTrade[] }[] = [
  {
    daysAgo: 2,
    trades: [
      { plate: '粤B6R001', amount: 1200, hour: 9.5 },
      { plate: '粤B6R002', amount: 800, hour: 15 },
    ],
  },
  {
    daysAgo: 1,
    trades: [
      { plate: '粤B6R003', amount: 1500, hour: 10 },
      { plate: '粤B6R004', amount: 900, hour: 13, noticeLost: true },
      { plate: '粤B6R005', amount: 2000, hour: 17, refunded: 500 },
    ],
  },
];

/** A provider that accepts a refund and loses it afterwards, as an asynchronous refund can end 退款异常: nothing is given back. */
const failsLater: GatewayRefunder = {
  refund: async (request) => ({ refundNo: request.refundNo, providerRefundNo: `SBR${request.refundNo}`, amount: request.amount, at: request.at.toISOString() }),
};

const authOf = (tenantId: string, userId: string, account: string): AuthContext => ({
  sessionId: 'demo-reconciliation',
  userId,
  tenantId,
  tenantCode: 'mw',
  account,
  isAdministrator: false,
  onPlatformTenant: false,
  ip: '127.0.0.1',
  userAgent: 'demo-reconciliation',
});

/**
 * Tenant mw's 对账 demo: drivers paid through the sandbox cashier on the two days before `now`, and
 * both days are reconciled against the sandbox's bills. The day before yesterday agrees; yesterday
 * has a 我方漏单 (a lost notice, the car left owing) and a 状态不符 (a refund approved in the console
 * the provider accepted but never gave), so mwfinance finds a 对账差错 message. Once, on a fresh install.
 */
export const seedDemoReconciliation = async (db: Db, now = new Date()) => {
  const [mw] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'mw'));
  if (!mw) return false;
  const tenantId = mw.id;
  const userOf = async (account: string) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.account, account)))
    )[0];
  const [admin, finance] = [await userOf('mwadmin'), await userOf('mwfinance')];
  if (!admin || !finance) return false;
  const [lot] = await db.insert(parkingLots).values({ tenantId, name: '明湾海岸城停车场', type: 1, kind: 'lane' }).returning({ id: parkingLots.id });
  const driver = { tenantId, userId: null, account: '车主(sandbox)', ip: '127.0.0.1', userAgent: 'sandbox' };
  const today = businessDay(now);
  for (const day of days) {
    const start = businessDayStart(today).getTime() - day.daysAgo * DAY_MS;
    for (const [index, trade] of day.trades.entries()) {
      const at = new Date(start + trade.hour * HOUR_MS);
      const [record] = await db
        .insert(parkingRecords)
        .values({
          tenantId,
          lotId: lot!.id,
          plateNumber: trade.plate,
          state: trade.noticeLost ? 'unpaid' : 'awaiting_payment',
          amountDue: trade.amount,
          unpaid: trade.amount,
          enteredAt: new Date(at.getTime() - 2 * HOUR_MS),
          exitedAt: new Date(at.getTime() + 5 * 60_000),
        })
        .returning();
      const no = `SBDEMO${at.getTime()}${index}`;
      await db
        .insert(gatewayOrders)
        .values({ tenantId, gatewayOrderNo: no, provider: 'sandbox', recordId: record!.id, amount: trade.amount, amountDue: trade.amount, discount: 0, pricedAt: at, createdAt: at });
      await db.insert(sandboxCashierOrders).values({
        gatewayOrderNo: no,
        tradeNo: `SBT${no}`,
        subject: `明湾海岸城停车场 停车费 ${trade.plate}`,
        amount: trade.amount,
        notifyUrl: '/api/open/payments/sandbox/notify',
        returnUrl: '/',
        state: 'paid',
        decidedAt: at,
      });
      if (trade.noticeLost) continue;
      await db.transaction((tx) => settleGatewayOrder(tx, tenantId, no, { state: 'paid', tradeNo: `SBT${no}`, amount: trade.amount, at: at.toISOString() }, driver, at));
      if (trade.refunded) {
        const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.recordId, record!.id));
        const asked = await requestRefund(
          db,
          authOf(tenantId, admin.id, 'mwadmin'),
          refundInput.parse({ paymentId: payment!.id, amount: trade.refunded, reason: '车主投诉重复计时，退还部分停车费' }),
        );
        const approvedAt = new Date(at.getTime() + HOUR_MS);
        await approveRefund(db, authOf(tenantId, finance.id, 'mwfinance'), asked.id, refundDecision.parse({ remark: '核实属实' }), { gateway: failsLater, now: approvedAt });
        // asked for half an hour before its approval, on the same day
        await db
          .update(refunds)
          .set({ createdAt: new Date(at.getTime() + HOUR_MS / 2) })
          .where(eq(refunds.id, asked.id));
      }
    }
  }
  const bills = sandboxBills(db, { now: () => now });
  for (const day of [...days].reverse()) await reconcileDay(db, bills, businessDay(new Date(businessDayStart(today).getTime() - day.daysAgo * DAY_MS + HOUR_MS)), now);
  return true;
};
