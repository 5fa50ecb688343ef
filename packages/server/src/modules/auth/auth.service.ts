import { createHash, randomInt } from 'node:crypto';
import { signInPolicy, type CurrentUser, type LoginInput } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, forbidden, notFound, tooMany } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { buildMenuTree, userMenus } from '../system/menu.service.js';
import { recordOperation } from '../system/operation-log.service.js';
import {
  findTenantByCode,
  findUserByAccount,
  findUserProfile,
  insertSmsCode,
  lastSmsSentAt,
  recentFailures,
  recordLoginAttempt,
  takeSmsCode,
} from './auth.repository.js';
import { checkCaptcha, type CaptchaImage } from './captcha.js';
import { decoyPasswordHash, verifyPassword } from './passwords.js';
import { startSession } from './session.service.js';
import type { SmsSender } from './sms-sender.js';

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

export const activeTenant = async (db: Db, code: string) => {
  const tenant = await findTenantByCode(db, code);
  if (!tenant) throw notFound(`租户「${code}」不存在`);
  if (!tenant.enabled) throw forbidden(`租户「${code}」已停用`);
  return tenant;
};

/** Where an account stands: failures in the window, and when a lock lifts if there is one. */
export const throttleState = async (db: Db, tenantId: string, account: string, now: Date) => {
  const windowMs = signInPolicy.windowMinutes * minute;
  const failures = await recentFailures(db, tenantId, account, new Date(now.getTime() - windowMs - signInPolicy.lockMinutes * minute));
  const inWindow = failures.filter((at) => at.getTime() > now.getTime() - windowMs).length;
  const newest = failures[0];
  const tenth = failures[signInPolicy.lockAfterFailures - 1];
  const lockedUntil =
    newest && tenth && newest.getTime() - tenth.getTime() <= windowMs
      ? new Date(newest.getTime() + signInPolicy.lockMinutes * minute)
      : undefined;
  return {
    failures: inWindow,
    captchaRequired: inWindow >= signInPolicy.captchaAfterFailures,
    lockedUntil: lockedUntil && lockedUntil > now ? lockedUntil : undefined,
  };
};

const lockedMessage = (until: Date, now: Date) =>
  `密码错误次数过多，账号已锁定，请${Math.max(1, Math.ceil((until.getTime() - now.getTime()) / minute))}分钟后再试`;

export const login = async (deps: AuthDeps, input: LoginInput & { rememberMe: boolean }, origin: RequestOrigin, now = new Date()) => {
  const { db } = deps;
  const tenant = await activeTenant(db, input.tenant ?? origin.accountCode);
  const account = input.account.trim();
  const state = await throttleState(db, tenant.id, account, now);
  if (state.lockedUntil) throw tooMany(lockedMessage(state.lockedUntil, now), { captchaRequired: true });

  const fail = async (msg: string) => {
    await recordLoginAttempt(db, tenant.id, account, origin.ip, false);
    const failures = state.failures + 1;
    if (failures >= signInPolicy.lockAfterFailures) {
      throw tooMany(lockedMessage(new Date(now.getTime() + signInPolicy.lockMinutes * minute), now), { captchaRequired: true });
    }
    const left = signInPolicy.lockAfterFailures - failures;
    const warning = failures >= signInPolicy.captchaAfterFailures ? `，再错${left}次将锁定账号${signInPolicy.lockMinutes}分钟` : '';
    return badRequest(`${msg}${warning}`, { captchaRequired: failures >= signInPolicy.captchaAfterFailures });
  };

  if (state.captchaRequired) {
    if (!input.code || !input.timestamp) throw badRequest('请输入验证码', { captchaRequired: true });
    if (!(await checkCaptcha(db, input.timestamp, input.code, now))) throw await fail('验证码错误或已过期');
  }

  const user = await findUserByAccount(db, tenant.id, account);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await decoyPasswordHash(), input.password), false);
  if (!user || !passwordOk) throw await fail('账号或密码错误');
  if (user.status !== 1) throw forbidden('账号已被停用，请联系管理员');

  if (tenant.smsCaptchaOpen) {
    if (!input.smsCode) throw badRequest('请输入短信验证码');
    if (!(await takeSmsCode(db, tenant.id, account, smsCodeHash(input.smsCode), now))) {
      throw await fail('短信验证码错误或已过期');
    }
  }

  await recordLoginAttempt(db, tenant.id, account, origin.ip, true);
  await recordOperation(
    db,
    { tenantId: tenant.id, userId: user.id, account: user.account, ip: origin.ip, userAgent: origin.userAgent },
    { module: 'auth', action: 'login', target: 'session', summary: '登录系统', after: { rememberMe: input.rememberMe } },
  );
  return startSession(db, { tenantId: tenant.id, userId: user.id, rememberMe: input.rememberMe, ip: origin.ip, userAgent: origin.userAgent }, now);
};

const maskMobile = (mobile: string) => mobile.replace(/^(\d{3})\d{4}(\d+)$/, '$1****$2');

export const sendSmsCode = async (deps: AuthDeps, tenantCode: string, username: string, now = new Date()) => {
  const { db } = deps;
  const tenant = await activeTenant(db, tenantCode);
  const user = await findUserByAccount(db, tenant.id, username);
  if (!user || user.status !== 1 || !user.mobile) throw badRequest('账号不存在或未绑定手机号');
  const last = await lastSmsSentAt(db, tenant.id, username);
  const intervalMs = signInPolicy.smsIntervalSeconds * 1000;
  if (last && now.getTime() - last.getTime() < intervalMs) {
    const wait = Math.ceil((intervalMs - (now.getTime() - last.getTime())) / 1000);
    throw tooMany(`短信发送过于频繁，请${wait}秒后再试`);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const lifetimeMs = 5 * minute;
  await insertSmsCode(db, tenant.id, username, smsCodeHash(code), now, new Date(now.getTime() + lifetimeMs));
  await deps.smsSender.send({ mobile: user.mobile, code, tenantCode: tenant.code });
  return { sentTo: maskMobile(user.mobile), expiresIn: lifetimeMs / 1000 };
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
