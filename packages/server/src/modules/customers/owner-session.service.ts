import { maskMobile, ownerTokenHeader, ResponseCode, type OwnerSignInInput, type OwnerSmsCodeResult } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { badRequest, forbidden, signInRequired } from '../../plugins/app-error.js';
import { checkSmsCode, issueSmsCode, looksLikeToken, newToken, tokenHash, type SmsSender } from '../auth/index.js';
import { activeTenant, recordFailure, recordLoginAttempt, recordOperation, refuseWhileWaiting, signInThrottle } from '../system/index.js';
import { findCustomer, insertCustomer } from './customer.repository.js';
import { customerTarget } from './customer.service.js';
import { findOwnerSessionByTokenHash, insertOwnerSession, ownerWithPhone, revokeOwnerSession } from './owner-session.repository.js';

const DAY_MS = 24 * 3600_000;
/** An owner stays signed in on their phone for a month, then signs in again with a code. */
export const ownerSessionLifetimeMs = 30 * DAY_MS;

export interface OwnerSignInDeps {
  db: Db;
  smsSender: SmsSender;
  /** where the code goes when no SMS gateway is connected (the log-only sender), shown on the page; null with a real gateway */
  demoHint: string | null;
  /** answer the code itself (SMS_REVEAL_CODES): for a demo or a browser test, never with real owners */
  revealCodes: boolean;
}

/** Who is asking on an owner route: one owner of one tenant, nothing else. */
export interface OwnerContext {
  sessionId: string;
  tenantId: string;
  tenantCode: string;
  customerId: string;
  phone: string;
}

/** Where an owner's request came from, for the attempt count and the operation log. */
export interface OwnerOrigin {
  ip: string;
  userAgent: string;
}

/** An owner's codes and failed attempts are counted apart from any staff account of the same name. */
const ownerKey = (phone: string) => `owner:${phone}`;
const disabledOwner = () => forbidden('该车主账号已停用，请联系停车场客服');

/** The operation log's actor for what an owner does on the phone pages: no user, the owner's masked phone. */
export const ownerActor = (owner: Pick<OwnerContext, 'tenantId' | 'phone'>, origin: OwnerOrigin) => ({
  tenantId: owner.tenantId,
  userId: null,
  account: `车主 ${maskMobile(owner.phone)}`,
  ip: origin.ip,
  userAgent: origin.userAgent,
});

/** 获取验证码: a code to the phone through the SMS sender staff sign-in uses; a disabled owner gets none. */
export const sendOwnerCode = async (deps: OwnerSignInDeps, tenantCode: string, phone: string, now: Date): Promise<OwnerSmsCodeResult> => {
  const tenant = await activeTenant(deps.db, tenantCode);
  const known = await withTenant(deps.db, tenant.id, (tx) => ownerWithPhone(tx, tenant.id, phone));
  if (known && !known.enabled) throw disabledOwner();
  const sent = await issueSmsCode(deps, tenant, ownerKey(phone), phone, now);
  return { sentTo: sent.sentTo, expiresIn: sent.expiresIn, resendIn: 60, demoHint: deps.demoHint, demoCode: deps.revealCodes ? sent.code : null };
};

/**
 * 登录 with phone and code. A phone the tenant does not know registers a new owner (source H5); a
 * disabled owner is refused. Wrong codes count against the phone from this address as staff
 * sign-in failures do, and wait as long.
 */
export const ownerSignIn = async (deps: OwnerSignInDeps, tenantCode: string, input: OwnerSignInInput, origin: OwnerOrigin, now: Date) => {
  const tenant = await activeTenant(deps.db, tenantCode);
  const phone = input.phone.trim();
  const key = ownerKey(phone);
  const throttle = await signInThrottle(deps.db, tenant.id, key, origin.ip, now);
  refuseWhileWaiting(throttle, now);
  if (!(await checkSmsCode(deps.db, tenant.id, key, input.code.trim(), now))) {
    const failure = await recordFailure(deps.db, { tenantId: tenant.id, account: key, ip: origin.ip }, throttle, '验证码错误或已过期', now);
    throw badRequest(failure.msg);
  }
  return withTenant(deps.db, tenant.id, async (tx) => {
    const customerId = (await ownerWithPhone(tx, tenant.id, phone)) ?? (await registerOwner(tx, tenant.id, phone, origin, now));
    if (!customerId.enabled) throw disabledOwner();
    await recordLoginAttempt(tx, { tenantId: tenant.id, account: key, ip: origin.ip, succeeded: true, at: now });
    const token = newToken();
    await insertOwnerSession(tx, {
      tenantId: tenant.id,
      customerId: customerId.id,
      tokenHash: tokenHash(token),
      ip: origin.ip,
      userAgent: origin.userAgent.slice(0, 255),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ownerSessionLifetimeMs),
    });
    return { token, expiresIn: Math.round(ownerSessionLifetimeMs / 1000) };
  });
};

/** The first sign-in of an unknown phone: an owner registered from H5, in the operation log. */
const registerOwner = async (tx: Db, tenantId: string, phone: string, origin: OwnerOrigin, now: Date) => {
  const id = await insertCustomer(tx, tenantId, { phone, nickname: '', source: 'h5', registeredAt: now });
  const row = await findCustomer(tx, tenantId, id);
  await recordOperation(tx, ownerActor({ tenantId, phone }, origin), {
    module: 'customers',
    action: 'create',
    target: customerTarget,
    targetId: id,
    summary: `车主 ${maskMobile(phone)} 通过H5注册`,
    after: row?.customer,
  });
  return { id, enabled: true };
};

const invalid = () => signInRequired(ResponseCode.tokenInvalid, '请先登录');

/**
 * Turns an owner's token into the owner, or a 401 that sends the phone page to 车主登录: unknown,
 * signed out, expired, or the owner (or their operator) disabled. A staff token is none of these.
 */
export const authenticateOwner = async (db: Db, token: string | undefined, now: Date): Promise<OwnerContext> => {
  if (!token || !looksLikeToken(token)) throw invalid();
  const session = await findOwnerSessionByTokenHash(db, tokenHash(token));
  if (!session) throw invalid();
  if (session.revokedAt) {
    if (session.revokeReason === 'disabled') throw signInRequired(ResponseCode.tokenRevoked, '该车主账号已停用，请联系停车场客服');
    throw signInRequired(ResponseCode.tokenRevoked, '已退出登录，请重新登录');
  }
  if (!session.customerEnabled || !session.tenantEnabled) {
    await revokeOwnerSession(db, session.id, 'disabled');
    throw signInRequired(ResponseCode.tokenRevoked, '该车主账号已停用，请联系停车场客服');
  }
  if (session.expiresAt.getTime() <= now.getTime()) throw signInRequired(ResponseCode.tokenExpired, '登录已过期，请重新登录');
  return { sessionId: session.id, tenantId: session.tenantId, tenantCode: session.tenantCode, customerId: session.customerId, phone: session.phone };
};

/** The owner's token as the phone pages send it: its own header, never the staff Authorization. */
export const ownerTokenOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers[ownerTokenHeader];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * Runs an owner route's work as its owner: the token must name a live session of the tenant the
 * page is on (its account), and the work runs in that tenant's transaction.
 */
export const asOwner = async <T>(
  db: Db,
  request: { headers: Record<string, string | string[] | undefined>; accountCode: string },
  now: Date,
  work: (tx: Db, owner: OwnerContext) => Promise<T>,
) => {
  const owner = await authenticateOwner(db, ownerTokenOf(request.headers), now);
  if (owner.tenantCode !== request.accountCode) throw invalid();
  return withTenant(db, owner.tenantId, (tx) => work(tx, owner));
};

/** 退出登录: the token stops working; an unknown or dead token has nothing to end. */
export const ownerSignOut = async (db: Db, token: string | undefined, now: Date) => {
  const owner = await authenticateOwner(db, token, now).catch(() => undefined);
  if (owner) await revokeOwnerSession(db, owner.sessionId, 'logout');
};
