import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  captchas,
  positions,
  roles,
  smsCodes,
  tenants,
  userPositions,
  userRoles,
  users,
} from '../../db/schema/index.js';

export const findTenantByCode = async (db: Db, code: string) => {
  const [row] = await db.select().from(tenants).where(eq(tenants.code, code)).limit(1);
  return row;
};

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
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  if (!user) return undefined;
  const userPositionRows = await db
    .select({ id: positions.id, name: positions.name, code: positions.code })
    .from(userPositions)
    .innerJoin(positions, eq(positions.id, userPositions.positionId))
    .where(and(eq(userPositions.tenantId, tenantId), eq(userPositions.userId, userId)))
    .orderBy(asc(userPositions.sortCode), asc(positions.sortCode));
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)))
    .orderBy(asc(roles.name));
  return { ...user, positions: userPositionRows, roles: roleRows };
};

export const insertCaptcha = (db: Db, key: string, answerHash: string, expiresAt: Date) =>
  db.insert(captchas).values({ key, answerHash, expiresAt });

/** Marks a captcha used and returns its answer hash, once; a second use finds nothing. */
export const takeCaptcha = async (db: Db, key: string, now: Date) => {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.key, key), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
  return row?.answerHash;
};

export const lastSmsSentAt = async (db: Db, tenantId: string, account: string) => {
  const [row] = await db
    .select({ sentAt: smsCodes.sentAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.tenantId, tenantId), eq(smsCodes.account, account.toLowerCase())))
    .orderBy(desc(smsCodes.sentAt))
    .limit(1);
  return row?.sentAt;
};

export const insertSmsCode = (db: Db, tenantId: string, account: string, codeHash: string, sentAt: Date, expiresAt: Date) =>
  db.insert(smsCodes).values({ tenantId, account: account.toLowerCase(), codeHash, sentAt, expiresAt });

export const takeSmsCode = async (db: Db, tenantId: string, account: string, codeHash: string, now: Date) => {
  const [row] = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(smsCodes.tenantId, tenantId),
        eq(smsCodes.account, account.toLowerCase()),
        eq(smsCodes.codeHash, codeHash),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, now),
      ),
    )
    .returning({ id: smsCodes.id });
  return row !== undefined;
};
