import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, ownerSessions, tenants } from '../../db/schema/index.js';

export const insertOwnerSession = (db: Db, values: { tenantId: string; customerId: string; tokenHash: string; ip: string; userAgent: string; createdAt: Date; expiresAt: Date }) =>
  db.insert(ownerSessions).values(values);

/** A session by its token's hash, with what decides whether it still lets its owner in. */
export const findOwnerSessionByTokenHash = async (db: Db, tokenHash: string) => {
  const [row] = await db
    .select({
      id: ownerSessions.id,
      tenantId: ownerSessions.tenantId,
      customerId: ownerSessions.customerId,
      expiresAt: ownerSessions.expiresAt,
      revokedAt: ownerSessions.revokedAt,
      revokeReason: ownerSessions.revokeReason,
      phone: customers.phone,
      customerEnabled: customers.enabled,
      tenantEnabled: tenants.enabled,
      tenantCode: tenants.code,
    })
    .from(ownerSessions)
    .innerJoin(customers, and(eq(customers.tenantId, ownerSessions.tenantId), eq(customers.id, ownerSessions.customerId)))
    .innerJoin(tenants, eq(tenants.id, ownerSessions.tenantId))
    .where(eq(ownerSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
};

export const revokeOwnerSession = (db: Db, id: string, reason: 'logout' | 'disabled') =>
  db
    .update(ownerSessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(eq(ownerSessions.id, id), isNull(ownerSessions.revokedAt)));

/** Ends every live session of one owner (停用): their next call is refused. */
export const endOwnerSessions = (db: Db, tenantId: string, customerId: string, reason: 'disabled') =>
  db
    .update(ownerSessions)
    .set({ revokedAt: sql`now()`, revokeReason: reason })
    .where(and(eq(ownerSessions.tenantId, tenantId), eq(ownerSessions.customerId, customerId), isNull(ownerSessions.revokedAt)));

/** The owner of a phone within a tenant, with whether they may sign in. */
export const ownerWithPhone = async (db: Db, tenantId: string, phone: string) => {
  const [row] = await db
    .select({ id: customers.id, enabled: customers.enabled })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.phone, phone)))
    .limit(1);
  return row;
};

/** Ends the owner's other sessions (signed in with the number they no longer use). */
export const endOtherOwnerSessions = (db: Db, tenantId: string, customerId: string, keepId: string) =>
  db
    .update(ownerSessions)
    .set({ revokedAt: sql`now()`, revokeReason: 'logout' })
    .where(and(eq(ownerSessions.tenantId, tenantId), eq(ownerSessions.customerId, customerId), ne(ownerSessions.id, keepId), isNull(ownerSessions.revokedAt)));

export const setOwnerPhone = (db: Db, tenantId: string, customerId: string, phone: string) =>
  db
    .update(customers)
    .set({ phone, updatedAt: sql`now()` })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
