import {
  businessDayStart,
  couponBenefitText,
  formatAmount,
  type Coupon,
  type CouponDailyReportValues,
  type CouponDailyRow,
  type CouponListValues,
  type CouponMonthlyBillRow,
  type CouponMonthlyBillValues,
  type CouponState,
  type CouponTemplate,
  type CouponTemplateListValues,
  type CouponTemplateValues,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, fieldRefused, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/index.js';
import {
  couponsOfRecord,
  deleteCouponTemplateRow,
  findCoupon,
  findCouponTemplate,
  insertCoupon,
  insertCouponTemplate,
  lockCoupon,
  pageCouponTemplates,
  pageCoupons,
  pageDailyReport,
  pageMonthlyBill,
  templateIssued,
  templateNamed,
  updateCouponRow,
  updateCouponTemplateRow,
  type CouponRow,
  type CouponTemplateRow,
} from './coupon.repository.js';
import { findMerchant, lockMerchant, moveBalance, type MerchantRow } from './merchant.repository.js';
import { countWindow } from './merchant.service.js';
import { couponTermsOf } from './coupon-terms.js';

export const couponTemplateTarget = 'couponTemplate';
export const couponTarget = 'coupon';

const HOUR_MS = 3_600_000;

export const toCouponTemplate = (t: CouponTemplateRow): CouponTemplate => ({
  id: t.id,
  name: t.name,
  ...couponTermsOf(t),
  price: t.price,
  validHours: t.validHours,
  beforeEntry: t.beforeEntry,
  remark: t.remark,
  enabled: t.enabled,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

export const couponNoOf = (seq: number) => String(seq).padStart(8, '0');

/** The state a coupon shows at `now`: one still to use past its expiry reads 已过期. */
export const couponStateAt = (row: Pick<CouponRow, 'state' | 'expiresAt'>, now: Date): CouponState =>
  (row.state === 'unused' || row.state === 'in_use') && row.expiresAt <= now ? 'expired' : row.state;

export const toCoupon = (c: CouponRow, now: Date): Coupon => ({
  id: c.id,
  couponNo: couponNoOf(c.seq),
  templateId: c.templateId,
  templateName: c.templateName,
  ...couponTermsOf(c),
  merchantId: c.merchantId,
  merchantName: c.merchantName,
  plateNumber: c.plateNumber,
  plateColour: c.plateColour,
  price: c.price,
  state: couponStateAt(c, now),
  issuedAt: c.issuedAt.toISOString(),
  expiresAt: c.expiresAt.toISOString(),
  recordId: c.recordId,
  usedAt: c.usedAt?.toISOString() ?? null,
  discount: c.discount,
  issuedBy: c.issuedBy,
  revokedAt: c.revokedAt?.toISOString() ?? null,
  revokeReason: c.revokeReason,
  remark: c.remark,
});

// ---------- 券种 ----------

export const listCouponTemplates = async (db: Db, auth: AuthContext, query: CouponTemplateListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageCouponTemplates(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toCouponTemplate);
};

export const getCouponTemplate = async (db: Db, tenantId: string, id: string) => {
  const row = await findCouponTemplate(db, tenantId, id);
  if (!row) throw notFound('优惠券不存在或已删除');
  return toCouponTemplate(row);
};

const logTemplate = (db: Db, auth: AuthContext, action: 'create' | 'update' | 'delete', id: string, summary: string, before?: CouponTemplate, after?: CouponTemplate) =>
  recordOperation(db, auth, { module: 'marketing', action, target: couponTemplateTarget, targetId: id, summary, before, after });

export const createCouponTemplate = async (db: Db, auth: AuthContext, input: CouponTemplateValues) => {
  if (await templateNamed(db, auth.tenantId, input.name)) throw conflict(`优惠券「${input.name}」已存在`, 'name');
  const id = await insertCouponTemplate(db, auth.tenantId, input);
  const created = await getCouponTemplate(db, auth.tenantId, id);
  await logTemplate(db, auth, 'create', id, `新增优惠券「${created.name}」（${couponBenefitText(created)}）`, undefined, created);
  return created;
};

/** Coupons already out keep the terms they were issued with: a change applies to the next ones. */
export const updateCouponTemplate = async (db: Db, auth: AuthContext, id: string, input: CouponTemplateValues) => {
  const before = await getCouponTemplate(db, auth.tenantId, id);
  if (await templateNamed(db, auth.tenantId, input.name, id)) throw conflict(`优惠券「${input.name}」已存在`, 'name');
  await updateCouponTemplateRow(db, auth.tenantId, id, input);
  const after = await getCouponTemplate(db, auth.tenantId, id);
  await logTemplate(db, auth, 'update', id, `修改优惠券「${after.name}」`, before, after);
  return after;
};

export const deleteCouponTemplate = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getCouponTemplate(db, auth.tenantId, id);
  if (await templateIssued(db, auth.tenantId, id)) throw conflict(`优惠券「${before.name}」已发放过，不能删除，可停用`);
  await deleteCouponTemplateRow(db, auth.tenantId, id);
  await logTemplate(db, auth, 'delete', id, `删除优惠券「${before.name}」`, before);
};

// ---------- 发券 ----------

/** Who issues: a staff member from the console, or the merchant itself on its phone page. */
export type CouponIssuer = { kind: 'staff'; auth: AuthContext } | { kind: 'merchant'; tenantId: string; merchantId: string; account: string; ip: string; userAgent: string };

const actorOf = (issuer: CouponIssuer) =>
  issuer.kind === 'staff' ? issuer.auth : { tenantId: issuer.tenantId, userId: null, account: `商户(${issuer.account})`, ip: issuer.ip, userAgent: issuer.userAgent };
const issuerName = (issuer: CouponIssuer) => (issuer.kind === 'staff' ? issuer.auth.account : '商户');
const tenantOf = (issuer: CouponIssuer) => (issuer.kind === 'staff' ? issuer.auth.tenantId : issuer.tenantId);

/** The car's stay open now on one of `lotIds`: what a coupon issued to a car in the lot is bound to. */
export type FindOpenStay = (db: Db, stay: { tenantId: string; lotIds: readonly string[]; plateNumber: string; plateColour: number }) => Promise<{ recordId: string } | undefined>;

export interface CouponIssue {
  merchantId: string;
  templateId: string;
  plateNumber: string;
  plateColour: number;
  remark: string;
}

/**
 * The checks of an issue, in the order an operator expects to hear of them: the merchant enabled,
 * its balance (with its overdraft) for a 预付 merchant, the template enabled, the merchant's limits,
 * and the car in one of the merchant's lots when the coupon may not be issued before entry.
 */
const checkIssue = async (db: Db, merchant: MerchantRow, template: CouponTemplateRow, input: CouponIssue, now: Date, findOpenStay: FindOpenStay) => {
  if (!merchant.enabled) throw badRequest(`商户「${merchant.name}」已停用，不能发券`);
  if (merchant.settlement === 'prepaid' && merchant.balance - template.price < -merchant.overdraftLimit) {
    const overdraft = merchant.overdraftLimit > 0 ? `（可透支${formatAmount(merchant.overdraftLimit)}元）` : '';
    throw badRequest(`商户余额不足：余额${formatAmount(merchant.balance)}元${overdraft}，该券结算价${formatAmount(template.price)}元，请先充值`);
  }
  if (!template.enabled) throw fieldRefused('templateId', `优惠券「${template.name}」已停用`);
  const counts = await findMerchant(db, merchant.tenantId, merchant.id, countWindow(now));
  if (counts && merchant.dailyCouponLimit !== null && counts.issuedToday >= merchant.dailyCouponLimit) throw badRequest(`今日发券已达上限（${merchant.dailyCouponLimit}张）`);
  if (counts && merchant.monthlyCouponLimit !== null && counts.issuedThisMonth >= merchant.monthlyCouponLimit) throw badRequest(`本月发券已达上限（${merchant.monthlyCouponLimit}张）`);
  if (counts && merchant.monthlyAmountLimit !== null && counts.amountThisMonth + template.price > merchant.monthlyAmountLimit)
    throw badRequest(`本月发券金额将超过上限：已发${formatAmount(counts.amountThisMonth)}元，上限${formatAmount(merchant.monthlyAmountLimit)}元`);
  const stay = await findOpenStay(db, { tenantId: merchant.tenantId, lotIds: merchant.lotIds, plateNumber: input.plateNumber, plateColour: input.plateColour });
  if (!stay && !template.beforeEntry) throw fieldRefused('plateNumber', `车辆「${input.plateNumber}」不在本商户适用的停车场内，该券须在车辆入场后发放`);
  return stay;
};

/**
 * 发券: one coupon of a template to a plate, with the template's terms and the merchant's lots as
 * they are now. A 预付 merchant pays its price from the balance at once (a ledger line). A car in
 * one of the merchant's lots has the coupon bound to its stay (使用中) until it leaves.
 */
export const issueCoupon = async (db: Db, issuer: CouponIssuer, input: CouponIssue, now: Date, findOpenStay: FindOpenStay) => {
  const tenantId = tenantOf(issuer);
  const merchant = await lockMerchant(db, tenantId, input.merchantId);
  if (!merchant) throw fieldRefused('merchantId', '商户不存在或已删除');
  const template = await findCouponTemplate(db, tenantId, input.templateId);
  if (!template) throw fieldRefused('templateId', '优惠券不存在或已删除');
  const stay = await checkIssue(db, merchant, template, input, now, findOpenStay);
  const row = await insertCoupon(db, {
    tenantId,
    templateId: template.id,
    templateName: template.name,
    // the template's terms as they are now: a later edit of the template does not change coupons out
    ...couponTermsOf(template),
    merchantId: merchant.id,
    merchantName: merchant.name,
    lotIds: merchant.lotIds,
    plateNumber: input.plateNumber,
    plateColour: input.plateColour,
    price: template.price,
    state: stay ? 'in_use' : 'unused',
    issuedAt: now,
    expiresAt: new Date(now.getTime() + template.validHours * HOUR_MS),
    recordId: stay?.recordId ?? null,
    issuedBy: issuerName(issuer),
    issuedByUser: issuer.kind === 'staff' ? issuer.auth.userId : null,
    remark: input.remark,
    createdAt: now,
    updatedAt: now,
  });
  const couponNo = couponNoOf(row.seq);
  if (merchant.settlement === 'prepaid' && template.price > 0)
    await moveBalance(db, merchant, { kind: 'deduction', amount: -template.price, couponId: row.id, couponNo, remark: `发券 ${input.plateNumber}`, operator: issuerName(issuer), at: now });
  const issued = toCoupon(row, now);
  await recordOperation(db, actorOf(issuer), {
    module: 'marketing',
    action: 'create',
    target: couponTarget,
    targetId: row.id,
    summary: `商户「${merchant.name}」向「${input.plateNumber}」发放优惠券「${template.name}」（${couponBenefitText(template)}），券号${couponNo}`,
    after: issued,
  });
  return issued;
};

// ---------- 作废 ----------

/** 作废 a coupon not used yet (also one past its expiry): a 预付 merchant gets its price back. */
export const revokeCoupon = async (db: Db, issuer: CouponIssuer, id: string, reason: string, now: Date) => {
  const tenantId = tenantOf(issuer);
  const found = await findCoupon(db, tenantId, id);
  if (!found || (issuer.kind === 'merchant' && found.merchantId !== issuer.merchantId)) throw notFound('优惠券不存在或已删除');
  // the merchant first, as an issue takes them: two revokes or a revoke and an issue cannot cross
  const merchant = await lockMerchant(db, tenantId, found.merchantId);
  const coupon = await lockCoupon(db, tenantId, id);
  if (!coupon || !merchant) throw notFound('优惠券不存在或已删除');
  if (coupon.state === 'used') throw conflict('该券已使用，不能作废');
  if (coupon.state === 'revoked') throw conflict('该券已作废');
  const before = toCoupon(coupon, now);
  await updateCouponRow(db, tenantId, id, { state: 'revoked', recordId: null, revokedAt: now, revokeReason: reason });
  if (merchant.settlement === 'prepaid' && coupon.price > 0)
    await moveBalance(db, merchant, {
      kind: 'refund',
      amount: coupon.price,
      couponId: coupon.id,
      couponNo: before.couponNo,
      remark: `作废 ${coupon.plateNumber}：${reason}`,
      operator: issuerName(issuer),
      at: now,
    });
  const after = toCoupon((await findCoupon(db, tenantId, id))!, now);
  await recordOperation(db, actorOf(issuer), {
    module: 'marketing',
    action: 'update',
    target: couponTarget,
    targetId: id,
    summary: `作废优惠券${before.couponNo}（${coupon.plateNumber}），原因：${reason}`,
    before,
    after,
  });
  return after;
};

/** The coupons that took their part off a finished stay, as its record's fee breakdown names them. */
export const recordCoupons = async (db: Db, tenantId: string, recordId: string) =>
  (await couponsOfRecord(db, tenantId, recordId)).map((c) => ({
    couponNo: couponNoOf(c.seq),
    templateName: c.templateName,
    merchantName: c.merchantName,
    benefitText: couponBenefitText(c),
    discount: c.discount,
  }));

// ---------- 列表与报表 ----------

export const listCoupons = async (db: Db, tenantId: string, query: CouponListValues, now: Date) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageCoupons(db, tenantId, filter, now, page);
  return pageAnswer(rows, page, total, (row) => toCoupon(row, now));
};

export const getCoupon = async (db: Db, tenantId: string, id: string, now: Date) => {
  const row = await findCoupon(db, tenantId, id);
  if (!row) throw notFound('优惠券不存在或已删除');
  return toCoupon(row, now);
};

const nextDay = (day: string) => new Date(businessDayStart(day).getTime() + 86_400_000);

/** The console asks with a staff member's tenant, the merchant's phone with its own: only the tenant counts. */
type TenantOf = Pick<AuthContext, 'tenantId'>;

export const couponDailyReport = async (db: Db, auth: TenantOf, query: CouponDailyReportValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageDailyReport(db, auth.tenantId, filter, page, { from: businessDayStart(filter.from), to: nextDay(filter.to) });
  return pageAnswer(rows, page, total, (r): CouponDailyRow => ({
    day: String(r.day),
    merchantId: String(r.merchant_id),
    merchantName: String(r.merchant_name),
    issued: Number(r.issued),
    issuedAmount: Number(r.issued_amount),
    used: Number(r.used),
    discount: Number(r.discount),
  }));
};

export const couponMonthlyBill = async (db: Db, auth: TenantOf, query: CouponMonthlyBillValues) => {
  const { page, filter } = splitPage(query);
  const [year, month] = filter.month.split('-').map(Number) as [number, number];
  const following = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  const { rows, total } = await pageMonthlyBill(db, auth.tenantId, filter, page, { from: businessDayStart(`${filter.month}-01`), to: businessDayStart(`${following}-01`) });
  return pageAnswer(rows, page, total, (r): CouponMonthlyBillRow => ({
    month: filter.month,
    merchantId: r.merchantId,
    merchantName: r.merchantName,
    used: Number(r.used),
    amount: Number(r.amount),
    discount: Number(r.discount),
  }));
};
