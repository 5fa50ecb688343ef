import { specialBillPagePaths } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { badRequest, notFound } from '../../plugins/app-error.js';
import { checkSpecialBillToken, findSpecialBill } from '../marketing/index.js';
import { findTenant } from '../system/index.js';
import { newGatewayOrderNo, noOnlinePayment, reuseCashierMs } from './driver-record.service.js';
import { insertGatewayOrder, openBillGatewayOrders } from './driver-record.repository.js';
import type { PaymentGateway } from './gateway/payment-gateway.js';

const gone = () => notFound('特殊账单不存在');

/**
 * 立即支付 on a special bill's phone page: a gateway order for the bill's amount and the provider's
 * cashier URL; the cashier sends the driver back to the bill. A cashier opened minutes ago is offered
 * again rather than a second trade. The provider's notice marks the bill paid (settleGatewayOrder).
 */
export const startSpecialBillPayment = async (db: Db, gateway: PaymentGateway | undefined, secret: string, token: string, origin: string, now: Date) => {
  if (!gateway) throw noOnlinePayment();
  const { tenantId, billId } = checkSpecialBillToken(secret, token, now);
  const tenant = await findTenant(db, tenantId);
  if (!tenant?.enabled) throw gone();
  const prepared = await withTenant(db, tenantId, async (tx) => {
    const row = await findSpecialBill(tx, tenantId, billId);
    if (!row) throw gone();
    const { bill, lotName } = row;
    if (bill.status === 'paid') throw badRequest('该账单已支付');
    if (bill.status === 'cancelled') throw badRequest('该账单已作废，无需支付');
    const reusable = (await openBillGatewayOrders(tx, tenantId, billId)).find((o) => o.amount === bill.amount && now.getTime() - o.createdAt.getTime() < reuseCashierMs);
    const order =
      reusable ??
      (await insertGatewayOrder(tx, {
        tenantId,
        gatewayOrderNo: newGatewayOrderNo(now),
        provider: gateway.provider,
        specialBillId: billId,
        amount: bill.amount,
        amountDue: bill.amount,
        discount: 0,
        pricedAt: now,
        // by the app's clock, as the reuse window above measures it
        createdAt: now,
      }));
    return { order, subject: `${lotName} 特殊账单 ${bill.item}` };
  });
  const created = await gateway.create({
    gatewayOrderNo: prepared.order.gatewayOrderNo,
    amount: prepared.order.amount,
    subject: prepared.subject,
    notifyUrl: `${origin}/api/open/payments/${gateway.provider}/notify`,
    returnUrl: `${origin}/#${specialBillPagePaths.info}?t=${encodeURIComponent(token)}`,
  });
  return { payUrl: created.cashierUrl };
};
