import { createHash, randomInt } from 'node:crypto';
import { signInPolicy, type CurrentUser, type LoginInput } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, forbidden, notFound, tooMany } from '../../plugins/app-error.js';
import { decoyPasswordHash, verifyPassword } from '../../shared/passwords.js';
import type { AuthContext } from '../../types.js';
import {
  activeTenant,
  buildMenuTree,
  failedSignInNotice,
  findUserByAccount,
  findUserProfile,
  recordFailure,
  recordLoginAttempt,
  recordOperation,
  refuseWhileWaiting,
  signInThrottle,
  userMenus,
} from '../system/index.js';
import { insertSmsCode, lastSmsSentAt, takeSmsCode } from './auth.repository.js';
import { checkCaptcha, type CaptchaImage } from './captcha.js';
import { startSession } from './session.service.js';
import type { SmsSender } from './sms-sender.js';

// Kept for auth.routes, system's weather.routes and others until they import it from system.
export { activeTenant } from '../system/index.js';

export interface AuthDeps {
  db: Db;
  drawCaptcha: () => CaptchaImage;
  smsSender: SmsSender;
}

export interface RequestOrigin {
  ip: string;
  userAgent: string;
  /** the tenant of the `account` cookie or `?account=` */
  accountCode: string;
}

const minute = 60_000;
const smsCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Signs in. Failures are counted per account and source address (sign-in-throttle.ts): a
 * stranger's failures make only the stranger wait, and ask the owner at most for the captcha.
 */
export const login = async (deps: AuthDeps, input: LoginInput & { rememberMe: boolean }, origin: RequestOrigin, now = new Date()) => {
  const { db } = deps;
  const tenant = await activeTenant(db, input.tenant ?? origin.accountCode);
  const account = input.account.trim();
  const throttle = await signInThrottle(db, tenant.id, account, origin.ip, now);
  refuseWhileWaiting(throttle, now);

  const fail = async (msg: string) => {
    const failure = await recordFailure(db, { tenantId: tenant.id, account, ip: origin.ip }, throttle, msg, now);
    return badRequest(failure.msg, failure.data);
  };

  if (throttle.captchaRequired) {
    if (!input.code || !input.timestamp) throw badRequest('请输入验证码', { captchaRequired: true });
    if (!(await checkCaptcha(db, input.timestamp, input.code, now))) throw await fail('验证码错误或已过期');
  }

  const user = await findUserByAccount(db, tenant.id, account);
  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : (await verifyPassword(await decoyPasswordHash(), input.password), false);
  if (!user || !passwordOk) throw await fail('账号或密码错误');
  if (user.status !== 1) throw forbidden('账号已被停用，请联系管理员');

  if (tenant.smsCaptchaOpen) {
    if (!input.smsCode) throw badRequest('请输入短信验证码');
    if (!(await checkSmsCode(db, tenant.id, account, input.smsCode, now))) {
      throw await fail('短信验证码错误或已过期');
    }
  }

  // read before this success is recorded: it is what happened since the previous one
  const notice = await failedSignInNotice(db, tenant.id, account);
  await recordLoginAttempt(db, { tenantId: tenant.id, account, ip: origin.ip, succeeded: true, at: now });
  await recordOperation(
    db,
    { tenantId: tenant.id, userId: user.id, account: user.account, ip: origin.ip, userAgent: origin.userAgent },
    { module: 'auth', action: 'login', target: 'session', summary: '登录系统', after: { rememberMe: input.rememberMe } },
  );
  const session = await startSession(db, { tenantId: tenant.id, userId: user.id, rememberMe: input.rememberMe, ip: origin.ip, userAgent: origin.userAgent }, now);
  return notice ? { ...session, notice } : session;
};

const maskMobile = (mobile: string) => mobile.replace(/^(\d{3})\d{4}(\d+)$/, '$1****$2');
const smsCodeLifetimeMs = 5 * minute;

/**
 * Sends a fresh six-digit code to `mobile` for `key` (a staff account, or an owner's phone under
 * its own prefix), at most once per interval; only its hash is kept, for five minutes.
 */
export const issueSmsCode = async (deps: Pick<AuthDeps, 'db' | 'smsSender'>, tenant: { id: string; code: string }, key: string, mobile: string, now: Date) => {
  const last = await lastSmsSentAt(deps.db, tenant.id, key);
  const intervalMs = signInPolicy.smsIntervalSeconds * 1000;
  if (last && now.getTime() - last.getTime() < intervalMs) {
    const wait = Math.ceil((intervalMs - (now.getTime() - last.getTime())) / 1000);
    throw tooMany(`短信发送过于频繁，请${wait}秒后再试`);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await insertSmsCode(deps.db, tenant.id, key, smsCodeHash(code), now, new Date(now.getTime() + smsCodeLifetimeMs));
  await deps.smsSender.send({ mobile, code, tenantCode: tenant.code });
  return { sentTo: maskMobile(mobile), expiresIn: smsCodeLifetimeMs / 1000, code };
};

/** Takes the code sent for `key` if it matches and is still fresh: true once, never again. */
export const checkSmsCode = (db: Db, tenantId: string, key: string, code: string, now: Date) => takeSmsCode(db, tenantId, key, smsCodeHash(code), now);

export const sendSmsCode = async (deps: AuthDeps, tenantCode: string, username: string, now = new Date()) => {
  const tenant = await activeTenant(deps.db, tenantCode);
  const user = await findUserByAccount(deps.db, tenant.id, username);
  if (!user || user.status !== 1 || !user.mobile) throw badRequest('账号不存在或未绑定手机号');
  const { sentTo, expiresIn } = await issueSmsCode(deps, tenant, username, user.mobile, now);
  return { sentTo, expiresIn };
};

export const currentUser = async (db: Db, auth: AuthContext): Promise<CurrentUser> => {
  const profile = await findUserProfile(db, auth.tenantId, auth.userId);
  if (!profile) throw notFound('用户不存在');
  const tenant = await activeTenant(db, auth.tenantCode);
  const menus = await userMenus(db, auth);
  return {
    userInfo: {
      userId: profile.id,
      userName: profile.realName,
      userAccount: profile.account,
      avatar: profile.avatar,
      tenantCode: tenant.code,
      tenantName: tenant.name,
      positionIds: profile.positions,
      roleIds: profile.roles,
      isAdministrator: profile.isAdministrator,
    },
    menuList: buildMenuTree(menus),
    permissionList: menus.map((m) => m.enCode),
  };
};

export const branding = async (db: Db, code: string) => {
  const tenant = await activeTenant(db, code);
  return {
    code: tenant.code,
    title: tenant.title,
    logo: tenant.logo,
    favicon: tenant.favicon,
    weatherLocation: tenant.weatherLocation,
    icpNo: tenant.icpNo,
    policeNo: tenant.policeNo,
    bigScreenType: tenant.bigScreenType,
    footerText: tenant.footerText,
  };
};
