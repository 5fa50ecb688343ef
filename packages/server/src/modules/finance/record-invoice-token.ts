import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { badRequest, notFound } from '../../plugins/app-error.js';
import { findRecord } from '../orders/index.js';
import { verifyRecordToken } from '../parking/index.js';
import { findTenant } from '../system/index.js';

export interface TokenRecord {
  tenantId: string;
  id: string;
  plateNumber: string;
}

/**
 * Runs `work` in the tenant of the record a signed record token names, with that record: the token
 * is all the order page holds, so nothing of the tenant or the record is ever read from the body.
 */
export const recordOfInvoiceToken = async <T>(db: Db, secret: string, token: string, now: Date, work: (tx: Db, record: TokenRecord) => Promise<T>): Promise<T> => {
  const check = verifyRecordToken(secret, token, now);
  if (!check.ok) throw badRequest(check.reason === 'expired' ? '订单二维码已过期，请重新扫码' : '二维码无效或已被篡改，请重新扫码');
  const { tenant: tenantId, id } = check.payload;
  const tenant = await findTenant(db, tenantId);
  if (!tenant?.enabled) throw badRequest('二维码无效或已被篡改，请重新扫码');
  return withTenant(db, tenantId, async (tx) => {
    const record = await findRecord(tx, tenantId, id);
    if (!record || record.state === 'void') throw notFound('订单不存在或已结束，请重新扫码');
    return work(tx, { tenantId, id: record.id, plateNumber: record.plateNumber });
  });
};
