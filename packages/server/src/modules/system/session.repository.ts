import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, tenants, users } from '../../db/schema/index.js';
import { tenantEq } from '../../db/tenant-eq.js';

/** `ended`: the user ended it from another session in the personal center */
export type RevokeReason = 'logout' | 'password' | 'disabled' | 'elsewhere' | 'ended';

/** `startedAt` is the app's clock, so a session's times are never the database's. */
export const insertSession = async (
  db: Db,
  { startedAt, ...values }: { tenantId: string; userId: string; tokenHash: string; rememberMe: boolean; startedAt: Date; expiresAt: Date; ip: string; userAgent: string },
) => {
  const [row] = await db
    .insert(sessions)
    .values({ ...values, createdAt: startedAt, lastSeenAt: startedAt })
    .returning({ id: sessions.id });
  return row!.id;
};

const sessionByTokenHash = (db: Db) =>
  db
    .select({
      id: sessions.id,
      tenantId: sessions.tenantId,
      userId: sessions.userId,
      rememberMe: sessions.rememberMe,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      revokeReason: sessions.revokeReason,
      account: users.account,
      userStatus: users.status,
      isAdministrator: users.isAdministrator,
      tenantCode: tenants.code,
      tenantEnabled: tenants.enabled,
      tenantIsPlatform: tenants.isPlatform,
    })
    .from(sessions)
    .innerJoin(users, tenantEq(users.id, sessions.userId))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(eq(sessions.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('session_by_token_hash');

const preparedFor = new WeakMap<Db, ReturnType<typeof sessionByTokenHash>>();

/**
 * The session behind a token, with its user and tenant: read on every signed-in request, so it is a
 * named prepared statement. PostgreSQL planned this three-table join on each run for several times
 * what running it cost; now each connection plans it once.
 */
export const findSessionByTokenHash = async (db: Db, hash: string) => {
  let prepared = preparedFor.get(db);
  if (!prepared) {
    prepared = sessionByTokenHash(db);
    preparedFor.set(db, prepared);
  }
  const [row] = await prepared.execute({ hash });
  return row;
};

export const touchSession = (db: Db, id: string, lastSeenAt: Date, expiresAt: Date) => db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));

export const revokeSession = (db: Db, id: string, reason: RevokeReason) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));

/** Ends every open session of a user, e.g. on a password change or when the account is disabled. */
export const revokeUserSessions = async (db: Db, tenantId: string, userId: string, reason: RevokeReason, exceptSessionId?: string) => {
  const conditions = [eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.length;
};

export type SessionRow = typeof sessions.$inferSelect;

/** A user's sessions that can still be used, the most recently used first. */
export const listOpenSessions = (db: Db, tenantId: string, userId: string, now: Date): Promise<SessionRow[]> =>
  db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
