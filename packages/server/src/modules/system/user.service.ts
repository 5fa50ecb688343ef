import type { Db } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../plugins/app-error.js';
import { hashPassword, verifyPassword } from '../../shared/passwords.js';
import type { AuthContext } from '../../types.js';
import { permissionCodes } from './menu.service.js';
import { recordOperation } from './operation-log.service.js';
import { revokeUserSessions } from './session.repository.js';
import { recordFailure, refuseWhileWaiting, signInThrottle } from './sign-in-throttle.js';
import { updateUserRow, userPasswordHash } from './user.repository.js';

export interface PasswordReset {
  /** the MD5 hex of the new password */
  userPassword: string;
  /** the MD5 hex of the current one; required for one's own */
  oldPassword?: string | undefined;
}

/** What a wrong current password is answered with: a 400 and, as at sign-in, whether a wait began. */
export interface WrongCurrentPassword {
  msg: string;
  data: { captchaRequired: boolean; retryAfterSeconds?: number };
}

/**
 * A refusal that must not roll back the request's transaction: the failure it recorded counts
 * towards the sign-in throttle, so the route answers it instead of throwing.
 */
export type PasswordResetOutcome = { endedSessions: number } | { refused: WrongCurrentPassword };

/**
 * One's own password: only with the current one, which is checked like a sign-in (a wrong one
 * counts as a failed sign-in from this address, and waits apply), so a stolen token alone cannot
 * take the account. Returns the refusal of a wrong current password rather than throwing it.
 */
const checkCurrentPassword = async (db: Db, auth: AuthContext, input: PasswordReset, now: Date): Promise<WrongCurrentPassword | undefined> => {
  if (!input.oldPassword) throw badRequest('请输入当前密码');
  if (input.oldPassword === input.userPassword) throw badRequest('新密码不能与当前密码相同');
  const throttle = await signInThrottle(db, auth.tenantId, auth.account, auth.ip, now);
  refuseWhileWaiting(throttle, now);
  const passwordHash = await userPasswordHash(db, auth.tenantId, auth.userId);
  if (passwordHash === undefined) throw notFound('用户不存在');
  if (await verifyPassword(passwordHash, input.oldPassword)) return undefined;
  return recordFailure(db, { tenantId: auth.tenantId, account: auth.account, ip: auth.ip }, throttle, '当前密码不正确', now);
};

/**
 * Sets a user's password. One's own needs the current password; another's needs the 用户 page.
 * Every other session of that user ends, so a leaked password stops working at once.
 */
export const resetPassword = async (db: Db, auth: AuthContext, userId: string, input: PasswordReset, now = new Date()): Promise<PasswordResetOutcome> => {
  const self = userId === auth.userId;
  if (self) {
    const refused = await checkCurrentPassword(db, auth, input, now);
    if (refused) return { refused };
  } else if (!auth.isAdministrator && !(await permissionCodes(db, auth)).has('user')) {
    throw forbidden('没有修改其他用户密码的权限');
  }
  const updated = await updateUserRow(db, auth.tenantId, userId, { passwordHash: await hashPassword(input.userPassword) }, now);
  if (!updated) throw notFound('用户不存在');
  const ended = await revokeUserSessions(db, auth.tenantId, userId, 'password', self ? auth.sessionId : undefined);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'user',
    targetId: userId,
    summary: self ? '修改本人密码' : `重置用户「${updated.account}」的密码`,
    after: { endedSessions: ended },
  });
  return { endedSessions: ended };
};
