import { ResponseCode, signInPolicy } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { signInRequired } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
// Not through system's face: plugins/auth.ts imports this file, and the face's routes import
// plugins/auth.ts, a cycle that leaves route constants undefined. Goes once plugins know no module.
import { findSessionByTokenHash, insertSession, revokeSession, touchSession } from '../system/index.js';
import { looksLikeToken, newToken, tokenHash } from './tokens.js';

const hour = 3_600_000;
/** Sliding sessions are re-dated at most once a minute, not on every request. */
const touchEveryMs = 60_000;

export const sessionLifetimeMs = (rememberMe: boolean) => (rememberMe ? signInPolicy.rememberMeHours : signInPolicy.idleHours) * hour;

export const startSession = async (db: Db, input: { tenantId: string; userId: string; rememberMe: boolean; ip: string; userAgent: string }, now = new Date()) => {
  const token = newToken();
  const lifetime = sessionLifetimeMs(input.rememberMe);
  await insertSession(db, {
    ...input,
    tokenHash: tokenHash(token),
    startedAt: now,
    expiresAt: new Date(now.getTime() + lifetime),
    userAgent: input.userAgent.slice(0, 255),
  });
  return { token, expiresIn: Math.round(lifetime / 1000) };
};

const revokedMessages: Record<string, string> = {
  password: '密码已修改，请重新登录',
  disabled: '账号已被停用，请重新登录',
  elsewhere: '账号已在其他地方登录，请重新登录',
  ended: '该登录已在个人中心被下线，请重新登录',
};

const invalid = () => signInRequired(ResponseCode.tokenInvalid, '登录凭证无效，请重新登录');

/**
 * Turns a bearer token into who is asking, or throws the code that sends the console back to sign-in:
 * 600 expired, 601 revoked (disabled, password changed, elsewhere), 602 unknown or malformed.
 */
export const authenticate = async (db: Db, token: string | undefined, now = new Date()): Promise<Omit<AuthContext, 'ip' | 'userAgent'>> => {
  if (!token || !looksLikeToken(token)) throw invalid();
  const session = await findSessionByTokenHash(db, tokenHash(token));
  if (!session) throw invalid();
  if (session.revokedAt) {
    const msg = revokedMessages[session.revokeReason ?? ''];
    if (msg) throw signInRequired(ResponseCode.tokenRevoked, msg);
    throw invalid();
  }
  if (session.userStatus !== 1 || !session.tenantEnabled) {
    await revokeSession(db, session.id, 'disabled');
    throw signInRequired(ResponseCode.tokenRevoked, revokedMessages.disabled!);
  }
  if (session.expiresAt.getTime() <= now.getTime()) {
    throw signInRequired(ResponseCode.tokenExpired, '登录已过期，请重新登录');
  }
  if (!session.rememberMe && now.getTime() - session.lastSeenAt.getTime() > touchEveryMs) {
    await touchSession(db, session.id, now, new Date(now.getTime() + sessionLifetimeMs(false)));
  }
  return {
    sessionId: session.id,
    userId: session.userId,
    tenantId: session.tenantId,
    tenantCode: session.tenantCode,
    account: session.account,
    isAdministrator: session.isAdministrator,
    onPlatformTenant: session.tenantIsPlatform,
  };
};
