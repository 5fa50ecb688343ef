import type { MerchantStay } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../plugins/app-error.js';
import { verifyStayToken } from '../parking/index.js';
import type { MerchantContext } from './merchant-session.js';
import { getMerchant } from './merchant.service.js';

/** A parking record by id, with its lot's name: what a scanned 商户优惠码 names. */
export type FindStay = (
  db: Db,
  tenantId: string,
  recordId: string,
) => Promise<{ record: { lotId: string; plateNumber: string; plateColour: number; state: string; enteredAt: Date | null }; lotName: string } | undefined>;

// one refusal each, and none tells what another tenant's code named
const invalidCode = () => badRequest('二维码无效，请让车主重新出示商户优惠码');
const expiredCode = () => badRequest('二维码已过期，请让车主刷新页面后重新出示');
const carLeft = () => badRequest('车辆已离场，无法发放停车优惠');
const otherLot = () => badRequest('该车不在本商户适用的停车场');

/**
 * 扫码发券: the car a driver's 商户优惠码 names, for the signed-in merchant to issue to. The code must be
 * ours and in date, of the merchant's tenant, for a car still in (parked) at one of the merchant's lots.
 */
export const merchantStay = async (tx: Db, merchant: MerchantContext, secret: string, token: string, now: Date, findStay: FindStay): Promise<MerchantStay> => {
  const check = verifyStayToken(secret, token, now);
  if (!check.ok) throw check.reason === 'expired' ? expiredCode() : invalidCode();
  if (check.payload.tenant !== merchant.tenantId) throw invalidCode();
  const found = await findStay(tx, merchant.tenantId, check.payload.id);
  if (!found || found.record.state === 'void') throw invalidCode();
  if (found.record.state !== 'parked') throw carLeft();
  const { lotIds } = await getMerchant(tx, merchant.tenantId, merchant.merchantId, now);
  if (!lotIds.includes(found.record.lotId)) throw otherLot();
  const { plateNumber, plateColour, enteredAt } = found.record;
  return { plateNumber, plateColour, lotName: found.lotName, enteredAt: enteredAt?.toISOString() ?? null };
};
