import type { Paged, SystemUser, SystemUserRow, UserCreateInput, UserListQuery, UserUpdateInput } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage, type Page } from '../../shared/paging.js';
import { hashPassword } from '../../shared/passwords.js';
import type { AuthContext } from '../../types.js';
import { releaseFailures } from './login-attempts.repository.js';
import { recordOperation } from './operation-log.service.js';
import { revokeUserSessions } from './session.repository.js';
import { loginLimitsOf } from './sign-in-throttle.js';
import {
  accountTaken,
  countEnabledAdministrators,
  countOwned,
  deleteUserRow,
  findUserRow,
  insertUser,
  membershipsOf,
  pageUsers,
  replaceMemberships,
  updateUserRow,
} from './user.repository.js';

type UserFields = Required<Omit<UserUpdateInput, 'status'>> & { status: number };

const toUser = (row: NonNullable<Awaited<ReturnType<typeof findUserRow>>>, positions: { id: string; name: string }[], roles: { id: string; name: string }[]): SystemUser => ({
  id: row.user.id,
  account: row.user.account,
  realName: row.user.realName,
  mobile: row.user.mobile,
  email: row.user.email,
  status: row.user.status,
  isAdministrator: row.user.isAdministrator,
  organizationId: row.user.organizationId,
  organizationName: row.organizationName ?? '',
  positions,
  roles,
  createdAt: row.user.createdAt.toISOString(),
  updatedAt: row.user.updatedAt.toISOString(),
});

/** A page of users, each with what failed sign-ins hold against them now (已限制登录). */
export const listUsers = async (db: Db, auth: AuthContext, query: UserListQuery & Page, now = new Date()): Promise<Paged<SystemUserRow>> => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageUsers(db, auth.tenantId, filter, page);
  const { positionsOf, rolesOf } = await membershipsOf(
    db,
    auth.tenantId,
    rows.map((r) => r.user.id),
  );
  const limits = await loginLimitsOf(
    db,
    auth.tenantId,
    rows.map((r) => r.user.account),
    now,
  );
  return pageAnswer(rows, page, total, (r) => ({
    ...toUser(r, positionsOf.get(r.user.id) ?? [], rolesOf.get(r.user.id) ?? []),
    loginLimit: limits.get(r.user.account.toLowerCase()) ?? null,
  }));
};

export const getUser = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findUserRow(db, auth.tenantId, id);
  if (!row) throw notFound('用户不存在');
  const { positionsOf, rolesOf } = await membershipsOf(db, auth.tenantId, [id]);
  return toUser(row, positionsOf.get(id) ?? [], rolesOf.get(id) ?? []);
};

/** Every organization, position and role named must be the tenant's own. */
const checkReferences = async (db: Db, tenantId: string, input: UserFields) => {
  if (input.organizationId && (await countOwned(db, tenantId, 'organization', [input.organizationId])) !== 1) {
    throw badRequest('所选组织不存在');
  }
  const positionIds = [...new Set(input.positionIds)];
  if ((await countOwned(db, tenantId, 'position', positionIds)) !== positionIds.length) throw badRequest('所选岗位不存在');
  const roleIds = [...new Set(input.roleIds)];
  if ((await countOwned(db, tenantId, 'role', roleIds)) !== roleIds.length) throw badRequest('所选角色不存在');
  return { positionIds, roleIds };
};

const userValues = (input: UserFields) => ({
  account: input.account,
  realName: input.realName,
  mobile: input.mobile,
  email: input.email,
  status: input.status,
  isAdministrator: input.isAdministrator,
  organizationId: input.organizationId,
});

export const createUser = async (db: Db, auth: AuthContext, input: UserFields & { password: string }) => {
  if (await accountTaken(db, auth.tenantId, input.account)) throw conflict(`账号「${input.account}」已存在`, 'account');
  const { positionIds, roleIds } = await checkReferences(db, auth.tenantId, input);
  const id = await insertUser(db, auth.tenantId, { ...userValues(input), passwordHash: await hashPassword(input.password) });
  await replaceMemberships(db, auth.tenantId, id, positionIds, roleIds);
  const created = await getUser(db, auth, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'create',
    target: 'user',
    targetId: created.id,
    summary: `新增用户「${created.account}」`,
    after: created,
  });
  return created;
};

/** Refuses a change that would leave the tenant without an enabled administrator. */
const keepAnAdministrator = async (db: Db, tenantId: string, before: SystemUser, stillAdministrator: boolean) => {
  if (!before.isAdministrator || before.status !== 1 || stillAdministrator) return;
  if ((await countEnabledAdministrators(db, tenantId)) <= 1) throw badRequest('不能停用、降级或删除最后一个管理员');
};

export const updateUser = async (db: Db, auth: AuthContext, id: string, input: UserFields) => {
  const before = await getUser(db, auth, id);
  if (id === auth.userId && input.status !== 1) throw badRequest('不能停用当前登录的账号');
  if (await accountTaken(db, auth.tenantId, input.account, id)) throw conflict(`账号「${input.account}」已存在`, 'account');
  await keepAnAdministrator(db, auth.tenantId, before, input.isAdministrator && input.status === 1);
  const { positionIds, roleIds } = await checkReferences(db, auth.tenantId, input);
  await updateUserRow(db, auth.tenantId, id, userValues(input), new Date());
  await replaceMemberships(db, auth.tenantId, id, positionIds, roleIds);
  if (before.status === 1 && input.status !== 1) await revokeUserSessions(db, auth.tenantId, id, 'disabled');
  const after = await getUser(db, auth, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'user',
    targetId: id,
    summary: `修改用户「${after.account}」`,
    before,
    after,
  });
  return after;
};

export const setUserStatus = async (db: Db, auth: AuthContext, id: string, status: number) => {
  const before = await getUser(db, auth, id);
  if (id === auth.userId && status !== 1) throw badRequest('不能停用当前登录的账号');
  await keepAnAdministrator(db, auth.tenantId, before, status === 1);
  await updateUserRow(db, auth.tenantId, id, { status }, new Date());
  // a disabled user's open sessions end at once: their next call answers 601
  const ended = status === 1 ? 0 : await revokeUserSessions(db, auth.tenantId, id, 'disabled');
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'user',
    targetId: id,
    summary: `${status === 1 ? '启用' : '停用'}用户「${before.account}」`,
    before: { status: before.status },
    after: { status, endedSessions: ended },
  });
  return { status, endedSessions: ended };
};

export const deleteUser = async (db: Db, auth: AuthContext, id: string) => {
  if (id === auth.userId) throw badRequest('不能删除当前登录的账号');
  const before = await getUser(db, auth, id);
  await keepAnAdministrator(db, auth.tenantId, before, false);
  await deleteUserRow(db, auth.tenantId, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'delete',
    target: 'user',
    targetId: id,
    summary: `删除用户「${before.account}」`,
    before,
  });
};

/**
 * 解除限制: the user's failed sign-ins stop counting, from every address, so no wait or captcha
 * holds them back; the sign-in notice still tells them of those failures.
 */
export const releaseLoginLimit = async (db: Db, auth: AuthContext, id: string, now = new Date()) => {
  const user = await getUser(db, auth, id);
  const limit = (await loginLimitsOf(db, auth.tenantId, [user.account], now)).get(user.account.toLowerCase()) ?? null;
  const releasedFailures = await releaseFailures(db, auth.tenantId, user.account, now);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'user',
    targetId: id,
    summary: `解除用户「${user.account}」的登录限制`,
    before: { loginLimit: limit },
    after: { releasedFailures },
  });
  return { releasedFailures };
};
