import { specialBillPagePaths, type SpecialBillPublic } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { badRequest, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { checkScanToken, qrPng, signScanToken, type QrCodeFile, type QrCodeSigner } from '../parking/index.js';
import { findTenant } from '../system/index.js';
import { findSpecialBill } from './special-bill.repository.js';
import { getSpecialBill } from './special-bill.service.js';

/** The address a bill's code opens: the public page with a signed token naming the bill and its tenant. */
export const specialBillScanUrl = (signer: QrCodeSigner, tenantId: string, billId: string) =>
  `${signer.baseUrl}${specialBillPagePaths.scan}?t=${signScanToken(signer.secret, { k: 'specialBill', id: billId, tenant: tenantId })}`;

/** The PNG of a bill's code. It does not expire: the page says when the bill is paid or cancelled. */
export const specialBillQrCode = async (db: Db, auth: AuthContext, signer: QrCodeSigner, id: string): Promise<QrCodeFile> => {
  const bill = await getSpecialBill(db, auth, id);
  const png = await qrPng(specialBillScanUrl(signer, auth.tenantId, bill.id));
  const stamp = bill.createdAt.slice(0, 10).replaceAll('-', '');
  return { fileName: `特殊账单-${bill.item}-${stamp}.png`, png };
};

/** The bill and tenant a token names; a forged, altered, other-kind or expired token says only that. */
export const checkSpecialBillToken = (secret: string, token: string, now = new Date()) => {
  const checked = checkScanToken(secret, token, now);
  if (!checked.ok) throw badRequest(checked.reason === 'expired' ? '二维码已过期，请联系停车场重新获取' : '二维码无效或已被篡改');
  if (checked.payload.k !== 'specialBill') throw badRequest('二维码无效或已被篡改');
  return { tenantId: checked.payload.tenant, billId: checked.payload.id };
};

const gone = () => notFound('特殊账单不存在');

/** GET /api/open/specialBill: what the driver's phone shows of the bill, read as its tenant. */
export const openSpecialBill = async (db: Db, secret: string, token: string, now = new Date()): Promise<Omit<SpecialBillPublic, 'onlinePay'>> => {
  const { tenantId, billId } = checkSpecialBillToken(secret, token, now);
  const tenant = await findTenant(db, tenantId);
  if (!tenant || !tenant.enabled) throw gone();
  return withTenant(db, tenant.id, async (tx) => {
    const row = await findSpecialBill(tx, tenant.id, billId);
    if (!row) throw gone();
    const { bill, lotName } = row;
    return {
      lotName,
      plateNumber: bill.plateNumber,
      item: bill.item,
      amount: bill.amount,
      status: bill.status,
      createdAt: bill.createdAt.toISOString(),
      paidAt: bill.paidAt?.toISOString() ?? null,
    };
  });
};
