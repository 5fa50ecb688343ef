import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { organizations, positions, roles, userPositions, userRoles, users } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countOf, countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

type Filter = Omit<UserListQuery, 'currentPage' | 'pageSize'>;

const userConditions = (db: Db, tenantId: string, filter: Filter): SQL | undefined => {
  const withPosition = filter.positionId
    ? db
        .select({ id: userPositions.userId })
        .from(userPositions)
        .where(and(eq(userPositions.tenantId, tenantId), eq(userPositions.positionId, filter.positionId)))
    : undefined;
  return and(
    eq(users.tenantId, tenantId),
    containing(filter.keyword, users.account, users.realName),
    containing(filter.realName, users.realName),
    containing(filter.account, users.account),
    filter.organizationId ? eq(users.organizationId, filter.organizationId) : undefined,
    filter.status !== undefined ? eq(users.status, Number(filter.status)) : undefined,
    withPosition ? inArray(users.id, withPosition) : undefined,
  );
};

const sortColumns = { account: users.account, realName: users.realName, createdAt: users.createdAt } as const;

export const pageUsers = (db: Db, tenantId: string, filter: Filter, page: Page) => {
  const where = userConditions(db, tenantId, filter);
  const direction = filter.sort === 'asc' ? asc : desc;
  const rows = db
    .select({ user: users, organizationName: organizations.name })
    .from(users)
    .leftJoin(organizations, tenantEq(organizations.id, users.organizationId))
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(users.id));
  return pageRows(page, countRows(db, users, where), rows.$dynamic());
};

/** Positions and roles of many users in two queries, not two per user. */
type Membership = { id: string; name: string };

export const membershipsOf = async (db: Db, tenantId: string, userIds: string[]) => {
  if (userIds.length === 0) return { positionsOf: new Map<string, Membership[]>(), rolesOf: new Map<string, Membership[]>() };
  const positionRows = await db
    .select({ userId: userPositions.userId, id: positions.id, name: positions.name })
    .from(userPositions)
    .innerJoin(positions, tenantEq(positions.id, userPositions.positionId))
    .where(and(eq(userPositions.tenantId, tenantId), inArray(userPositions.userId, userIds)))
    .orderBy(asc(userPositions.sortCode));
  const roleRows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, tenantEq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.userId, userIds)))
    .orderBy(asc(roles.name));
  const group = (rows: { userId: string; id: string; name: string }[]) => {
    const map = new Map<string, Membership[]>();
    for (const { userId, id, name } of rows) map.set(userId, [...(map.get(userId) ?? []), { id, name }]);
    return map;
  };
  return { positionsOf: group(positionRows), rolesOf: group(roleRows) };
};

export const findUserRow = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select({ user: users, organizationName: organizations.name })
    .from(users)
    .leftJoin(organizations, tenantEq(organizations.id, users.organizationId))
    .where(tenantRow(users, tenantId, id))
    .limit(1);
  return row;
};

export const accountTaken = async (db: Db, tenantId: string, account: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.account}) = lower(${account})`, exceptId ? sql`${users.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row !== undefined;
};

/** How many of the given ids exist in the tenant, per kind. */
export const countOwned = async (db: Db, tenantId: string, kind: 'organization' | 'position' | 'role', ids: string[]) => {
  if (ids.length === 0) return 0;
  const table = kind === 'organization' ? organizations : kind === 'position' ? positions : roles;
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, ids)));
  return countOf(row);
};

export const countEnabledAdministrators = async (db: Db, tenantId: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isAdministrator, true), eq(users.status, 1)));
  return countOf(row);
};

export const replaceMemberships = async (db: Db, tenantId: string, userId: string, positionIds: string[], roleIds: string[]) => {
  await db.delete(userPositions).where(and(eq(userPositions.tenantId, tenantId), eq(userPositions.userId, userId)));
  await db.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  if (positionIds.length) {
    await db.insert(userPositions).values(positionIds.map((positionId, sortCode) => ({ tenantId, userId, positionId, sortCode })));
  }
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ tenantId, userId, roleId })));
};

export const selectorUsers = (db: Db, tenantId: string, keyword: string | undefined) =>
  db
    .select({ id: users.id, account: users.account, realName: users.realName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.status, 1), containing(keyword, users.account, users.realName)))
    .orderBy(asc(users.realName))
    .limit(200);

export const findUserByAccount = async (db: Db, tenantId: string, account: string) => {
  const [row] = await db
    .select({
      id: users.id,
      account: users.account,
      realName: users.realName,
      passwordHash: users.passwordHash,
      status: users.status,
      mobile: users.mobile,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`lower(${users.account}) = lower(${account})`))
    .limit(1);
  return row;
};

export const findUserProfile = async (db: Db, tenantId: string, userId: string) => {
  const [user] = await db
    .select({ id: users.id, account: users.account, realName: users.realName, avatar: users.avatar, isAdministrator: users.isAdministrator })
    .from(users)
    .where(tenantRow(users, tenantId, userId))
    .limit(1);
  if (!user) return undefined;
  const userPositionRows = await db
    .select({ id: positions.id, name: positions.name, code: positions.code })
    .from(userPositions)
    .innerJoin(positions, tenantEq(positions.id, userPositions.positionId))
    .where(and(eq(userPositions.tenantId, tenantId), eq(userPositions.userId, userId)))
    .orderBy(asc(userPositions.sortCode), asc(positions.sortCode));
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, tenantEq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)))
    .orderBy(asc(roles.name));
  return { ...user, positions: userPositionRows, roles: roleRows };
};

export type UserRow = typeof users.$inferSelect;
export type UserRowValues = Partial<Pick<UserRow, 'account' | 'realName' | 'mobile' | 'email' | 'avatar' | 'status' | 'isAdministrator' | 'organizationId' | 'passwordHash'>>;

export const insertUser = (db: Db, tenantId: string, values: Required<Omit<UserRowValues, 'avatar'>>): Promise<string> => insertId(db, users, { tenantId, ...values });

/** Updates a user and answers the account, or undefined when the tenant has no such user. */
export const updateUserRow = async (db: Db, tenantId: string, id: string, values: UserRowValues, at: Date) => {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: at })
    .where(tenantRow(users, tenantId, id))
    .returning({ account: users.account });
  return row;
};

export const deleteUserRow = (db: Db, tenantId: string, id: string) => db.delete(users).where(tenantRow(users, tenantId, id));

export const userPasswordHash = async (db: Db, tenantId: string, id: string): Promise<string | undefined> => {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(tenantRow(users, tenantId, id))
    .limit(1);
  return row?.passwordHash;
};
