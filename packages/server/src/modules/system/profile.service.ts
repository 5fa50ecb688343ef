import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { OwnSession, Profile, profileInput } from '@parking/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notFound } from '../../plugins/app-error.js';
import { uploadsDir, uploadsPrefix } from '../../shared/image-upload.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from './operation-log.service.js';
import { listOpenSessions, revokeSession } from './session.repository.js';
import { findTenant } from './tenant.repository.js';
import { findUserRow, membershipsOf, updateUserRow } from './user.repository.js';

/** The signed-in user as the personal center shows them. */
export const getProfile = async (db: Db, auth: AuthContext): Promise<Profile> => {
  const row = await findUserRow(db, auth.tenantId, auth.userId);
  if (!row) throw notFound('用户不存在');
  const { positionsOf, rolesOf } = await membershipsOf(db, auth.tenantId, [auth.userId]);
  const tenant = await findTenant(db, auth.tenantId);
  return {
    userId: row.user.id,
    account: row.user.account,
    realName: row.user.realName,
    mobile: row.user.mobile,
    email: row.user.email,
    avatar: row.user.avatar,
    tenantName: tenant?.name ?? '',
    organizationName: row.organizationName ?? '',
    positionNames: (positionsOf.get(auth.userId) ?? []).map((p) => p.name),
    roleNames: (rolesOf.get(auth.userId) ?? []).map((r) => r.name),
    isAdministrator: row.user.isAdministrator,
    createdAt: row.user.createdAt.toISOString(),
  };
};

export const updateProfile = async (db: Db, auth: AuthContext, input: z.output<typeof profileInput>) => {
  const before = await getProfile(db, auth);
  await updateUserRow(db, auth.tenantId, auth.userId, input, new Date());
  const after = await getProfile(db, auth);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'user',
    targetId: auth.userId,
    summary: '修改个人资料',
    before: { realName: before.realName, mobile: before.mobile, email: before.email },
    after: input,
  });
  return after;
};

/** Points the user at a freshly stored avatar and removes the one it replaces. */
export const replaceAvatar = async (db: Db, auth: AuthContext, dataDir: string, url: string) => {
  const row = await findUserRow(db, auth.tenantId, auth.userId);
  if (!row) throw notFound('用户不存在');
  await updateUserRow(db, auth.tenantId, auth.userId, { avatar: url }, new Date());
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'user',
    targetId: auth.userId,
    summary: '更换头像',
    before: { avatar: row.user.avatar },
    after: { avatar: url },
  });
  const old = row.user.avatar;
  if (old.startsWith(`${uploadsPrefix}avatars/`)) {
    await unlink(join(uploadsDir(dataDir), old.slice(uploadsPrefix.length))).catch(() => undefined);
  }
  return { url };
};

/** The user's sessions that can still be used, the most recently used first. */
export const listOwnSessions = async (db: Db, auth: AuthContext, now = new Date()): Promise<OwnSession[]> => {
  const rows = await listOpenSessions(db, auth.tenantId, auth.userId, now);
  return rows.map((s) => ({
    id: s.id,
    ip: s.ip,
    userAgent: s.userAgent,
    rememberMe: s.rememberMe,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    current: s.id === auth.sessionId,
  }));
};

/** Ends one of the user's own sessions; another user's session id is simply not found. */
export const endOwnSession = async (db: Db, auth: AuthContext, id: string, now = new Date()) => {
  const own = (await listOwnSessions(db, auth, now)).find((s) => s.id === id);
  if (!own) throw notFound('该登录不存在或已结束');
  await revokeSession(db, id, own.current ? 'logout' : 'ended');
  await recordOperation(db, auth, {
    module: 'auth',
    action: own.current ? 'logout' : 'other',
    target: 'session',
    targetId: id,
    summary: own.current ? '在个人中心退出当前登录' : `在个人中心下线其他登录（${own.ip || '未知地址'}）`,
  });
  return { current: own.current };
};
