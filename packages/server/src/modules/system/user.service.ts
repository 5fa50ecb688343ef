import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { hashPassword } from '../auth/passwords.js';
import { revokeUserSessions } from '../auth/session.repository.js';
import { permissionCodes } from './menu.service.js';
import { recordOperation } from './operation-log.service.js';

/**
 * Sets a user's password. Anyone may change their own; changing another's needs the 用户 page.
 * Every other session of that user ends, so a leaked password stops working at once.
 */
export const resetPassword = async (db: Db, auth: AuthContext, userId: string, newPasswordMd5: string) => {
  const self = userId === auth.userId;
  if (!self && !auth.isAdministrator && !(await permissionCodes(db, auth)).has('user')) {
    throw forbidden('没有修改其他用户密码的权限');
  }
  const updated = await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPasswordMd5), updatedAt: new Date() })
    .where(and(eq(users.tenantId, auth.tenantId), eq(users.id, userId)))
    .returning({ id: users.id, account: users.account });
  if (updated.length === 0) throw notFound('用户不存在');
  const ended = await revokeUserSessions(db, auth.tenantId, userId, 'password', self ? auth.sessionId : undefined);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'user',
    targetId: userId,
    summary: self ? '修改本人密码' : `重置用户「${updated[0]!.account}」的密码`,
    after: { endedSessions: ended },
  });
  return { endedSessions: ended };
};
