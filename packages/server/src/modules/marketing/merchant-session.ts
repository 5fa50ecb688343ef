import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  couponBenefitText,
  ResponseCode,
  type MerchantCoupon,
  type MerchantCouponListQuery,
  type MerchantIssueInput,
  type MerchantProfile,
  type MerchantReport,
  type MerchantReportDay,
  type MerchantSignInInput,
  merchantTokenHeader,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { merchantSessions, merchants, tenants } from '../../db/schema/index.js';
import { withTenant } from '../../db/tenant-scope.js';
import { badRequest, forbidden, signInRequired } from '../../plugins/app-error.js';
import { decoyPasswordHash, verifyPassword } from '../../shared/passwords.js';
import { looksLikeToken, newToken, tokenHash } from '../auth/index.js';
import { activeTenant, recordFailure, recordLoginAttempt, refuseWhileWaiting, signInThrottle } from '../system/index.js';
import { pageCouponTemplates } from './coupon.repository.js';
import { couponDailyReport, couponMonthlyBill, issueCoupon, listCoupons, revokeCoupon, type CouponIssuer, type FindOpenStay } from './coupon.service.js';
import { merchantByAccount } from './merchant.repository.js';
import { getMerchant } from './merchant.service.js';

const DAY_MS = 24 * 3600_000;
/** A merchant's counter phone stays signed in for a week. */
export const merchantSessionLifetimeMs = 7 * DAY_MS;

/** Who is asking on a merchant route: one merchant of one tenant. */
export interface MerchantContext {
  sessionId: string;
  tenantId: string;
  tenantCode: string;
  merchantId: string;
  account: string;
}

/** Where a merchant's request came from, for the attempt count and the operation log. */
export interface MerchantOrigin {
  ip: string;
  userAgent: string;
}

/** A merchant's failed sign-ins are counted apart from a staff account of the same name. */
const merchantKey = (account: string) => `merchant:${account}`;
const disabledMerchant = () => forbidden('该商户已停用，请联系停车场运营方');
const invalid = () => signInRequired(ResponseCode.tokenInvalid, '请先登录');

/**
 * 商户登录 with account and password (its MD5, as every sign-in sends it). Wrong passwords count
 * against the account from this address as staff sign-ins do, and wait as long; an unknown account
 * costs the same time as a known one.
 */
export const merchantSignIn = async (db: Db, tenantCode: string, input: MerchantSignInInput, origin: MerchantOrigin, now: Date) => {
  const tenant = await activeTenant(db, tenantCode);
  const key = merchantKey(input.account);
  const throttle = await signInThrottle(db, tenant.id, key, origin.ip, now);
  refuseWhileWaiting(throttle, now);
  return withTenant(db, tenant.id, async (tx) => {
    const merchant = await merchantByAccount(tx, tenant.id, input.account);
    const passwordOk = merchant ? await verifyPassword(merchant.passwordHash, input.password) : (await verifyPassword(await decoyPasswordHash(), input.password), false);
    if (!merchant || !passwordOk) {
      const failure = await recordFailure(tx, { tenantId: tenant.id, account: key, ip: origin.ip }, throttle, '账号或密码错误', now);
      throw badRequest(failure.msg, failure.data);
    }
    if (!merchant.enabled) throw disabledMerchant();
    await recordLoginAttempt(tx, { tenantId: tenant.id, account: key, ip: origin.ip, succeeded: true, at: now });
    const token = newToken();
    await tx.insert(merchantSessions).values({
      tenantId: tenant.id,
      merchantId: merchant.id,
      tokenHash: tokenHash(token),
      ip: origin.ip,
      userAgent: origin.userAgent.slice(0, 255),
      createdAt: now,
      expiresAt: new Date(now.getTime() + merchantSessionLifetimeMs),
    });
    return { token, expiresIn: Math.round(merchantSessionLifetimeMs / 1000), merchantName: merchant.name };
  });
};

const findSession = async (db: Db, hash: string) => {
  const [row] = await db
    .select({
      id: merchantSessions.id,
      tenantId: merchantSessions.tenantId,
      merchantId: merchantSessions.merchantId,
      expiresAt: merchantSessions.expiresAt,
      revokedAt: merchantSessions.revokedAt,
      account: merchants.account,
      merchantEnabled: merchants.enabled,
      tenantEnabled: tenants.enabled,
      tenantCode: tenants.code,
    })
    .from(merchantSessions)
    .innerJoin(merchants, and(eq(merchants.tenantId, merchantSessions.tenantId), eq(merchants.id, merchantSessions.merchantId)))
    .innerJoin(tenants, eq(tenants.id, merchantSessions.tenantId))
    .where(eq(merchantSessions.tokenHash, hash))
    .limit(1);
  return row;
};

const revokeSession = (db: Db, id: string, reason: 'logout' | 'disabled') =>
  db
    .update(merchantSessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(eq(merchantSessions.id, id), isNull(merchantSessions.revokedAt)));

/**
 * Turns a merchant's token into the merchant, or a 401 that sends the phone page to 商户登录:
 * unknown, signed out, expired, or the merchant (or its operator) disabled.
 */
export const authenticateMerchant = async (db: Db, token: string | undefined, now: Date): Promise<MerchantContext> => {
  if (!token || !looksLikeToken(token)) throw invalid();
  const session = await findSession(db, tokenHash(token));
  if (!session) throw invalid();
  if (session.revokedAt) throw signInRequired(ResponseCode.tokenRevoked, '已退出登录，请重新登录');
  if (!session.merchantEnabled || !session.tenantEnabled) {
    await revokeSession(db, session.id, 'disabled');
    throw signInRequired(ResponseCode.tokenRevoked, '该商户已停用，请联系停车场运营方');
  }
  if (session.expiresAt.getTime() <= now.getTime()) throw signInRequired(ResponseCode.tokenExpired, '登录已过期，请重新登录');
  return { sessionId: session.id, tenantId: session.tenantId, tenantCode: session.tenantCode, merchantId: session.merchantId, account: session.account };
};

export const merchantTokenOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers[merchantTokenHeader];
  return typeof value === 'string' ? value.trim() : undefined;
};

export const merchantSignOut = async (db: Db, token: string | undefined, now: Date) => {
  const merchant = await authenticateMerchant(db, token, now).catch(() => undefined);
  if (merchant) await revokeSession(db, merchant.sessionId, 'logout');
};

/**
 * Runs a merchant route's work as its merchant: the token must name a live session of the tenant the
 * page is on (its account), and the work runs in that tenant's transaction.
 */
export const asMerchant = async <T>(
  db: Db,
  request: { headers: Record<string, string | string[] | undefined>; accountCode: string },
  now: Date,
  work: (tx: Db, merchant: MerchantContext) => Promise<T>,
) => {
  const merchant = await authenticateMerchant(db, merchantTokenOf(request.headers), now);
  if (merchant.tenantCode !== request.accountCode) throw invalid();
  return withTenant(db, merchant.tenantId, (tx) => work(tx, merchant));
};

const issuerOf = (merchant: MerchantContext, origin: MerchantOrigin): CouponIssuer => ({
  kind: 'merchant',
  tenantId: merchant.tenantId,
  merchantId: merchant.merchantId,
  account: merchant.account,
  ip: origin.ip,
  userAgent: origin.userAgent,
});

const toMerchantCoupon = ({
  templateId: _t,
  merchantId: _m,
  merchantName: _n,
  recordId: _r,
  issuedBy: _b,
  revokedAt: _a,
  stackable: _s,
  stackLimit: _l,
  withBenefits: _w,
  minDue: _d,
  ...shown
}: Awaited<ReturnType<typeof listCoupons>>['list'][number]): MerchantCoupon => shown;

/** 商户发券's header and form: the merchant's balance and limits, and the enabled coupons it may issue. */
export const merchantProfile = async (tx: Db, merchant: MerchantContext, now: Date): Promise<MerchantProfile> => {
  const m = await getMerchant(tx, merchant.tenantId, merchant.merchantId, now);
  const { rows } = await pageCouponTemplates(tx, merchant.tenantId, { enabled: 1, sidx: 'name', sort: 'asc' }, { currentPage: 1, pageSize: 100 });
  return {
    name: m.name,
    account: m.account,
    settlement: m.settlement,
    balance: m.balance,
    overdraftLimit: m.overdraftLimit,
    lotNames: m.lotNames,
    issuedToday: m.issuedToday,
    dailyCouponLimit: m.dailyCouponLimit,
    issuedThisMonth: m.issuedThisMonth,
    monthlyCouponLimit: m.monthlyCouponLimit,
    amountThisMonth: m.amountThisMonth,
    monthlyAmountLimit: m.monthlyAmountLimit,
    options: rows.map((t) => ({ id: t.id, name: t.name, kind: t.kind, benefitText: couponBenefitText(t), price: t.price, validHours: t.validHours, beforeEntry: t.beforeEntry })),
  };
};

export const merchantCoupons = async (tx: Db, merchant: MerchantContext, query: MerchantCouponListQuery & { currentPage: number; pageSize: number }, now: Date) => {
  const page = await listCoupons(tx, merchant.tenantId, { ...query, merchantId: merchant.merchantId }, now);
  return { ...page, list: page.list.map(toMerchantCoupon) };
};

export const merchantIssue = async (
  tx: Db,
  merchant: MerchantContext,
  input: Required<Omit<MerchantIssueInput, 'plateColour'>> & { plateColour: number },
  origin: MerchantOrigin,
  now: Date,
  findOpenStay: FindOpenStay,
) => toMerchantCoupon(await issueCoupon(tx, issuerOf(merchant, origin), { merchantId: merchant.merchantId, ...input }, now, findOpenStay));

export const merchantRevoke = async (tx: Db, merchant: MerchantContext, id: string, reason: string, origin: MerchantOrigin, now: Date) =>
  toMerchantCoupon(await revokeCoupon(tx, issuerOf(merchant, origin), id, reason, now));

/** The last day of a month "YYYY-MM", "YYYY-MM-DD". */
const lastDayOf = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * 发券报表: the console's daily report and monthly bill, asked for the signed-in merchant only. A month
 * has at most 31 rows, so one page holds it; a 后付 merchant also sees what the month is billed.
 */
export const merchantReport = async (tx: Db, merchant: MerchantContext, month: string, now: Date): Promise<MerchantReport> => {
  const own = { tenantId: merchant.tenantId };
  const { settlement } = await getMerchant(tx, merchant.tenantId, merchant.merchantId, now);
  const report = await couponDailyReport(tx, own, { merchantId: merchant.merchantId, from: `${month}-01`, to: lastDayOf(month), currentPage: 1, pageSize: 31 });
  const days: MerchantReportDay[] = report.list.map(({ day, issued, issuedAmount, used, discount }) => ({ day, issued, issuedAmount, used, discount })).reverse();
  const total = days.reduce((sum, d) => ({ issued: sum.issued + d.issued, issuedAmount: sum.issuedAmount + d.issuedAmount, used: sum.used + d.used, discount: sum.discount + d.discount }), {
    issued: 0,
    issuedAmount: 0,
    used: 0,
    discount: 0,
  });
  const billAmount = settlement === 'postpaid' ? ((await couponMonthlyBill(tx, own, { month, merchantId: merchant.merchantId, currentPage: 1, pageSize: 1 })).list[0]?.amount ?? 0) : null;
  return { month, settlement, days, total, billAmount };
};
