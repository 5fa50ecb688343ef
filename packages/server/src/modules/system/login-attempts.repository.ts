import { and, count, desc, eq, gt, gte, inArray, isNull, max, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { loginAttempts } from '../../db/schema/index.js';

/** Accounts are kept lower-case, as sign-in matches them whatever the letter case. */
const key = (account: string) => account.toLowerCase();

export const recordLoginAttempt = (db: Db, attempt: { tenantId: string; account: string; ip: string; succeeded: boolean; at: Date }) =>
  db.insert(loginAttempts).values({
    tenantId: attempt.tenantId,
    account: key(attempt.account),
    ip: attempt.ip,
    succeeded: attempt.succeeded,
    createdAt: attempt.at,
  });

/** The failures of one account from one address that still count against it. */
export interface FailureStreak {
  account: string;
  ip: string;
  failures: number;
  lastFailureAt: Date;
}

const succeededLater = alias(loginAttempts, 'succeeded_later');

/**
 * Per account and address: failures since `since` that no administrator released and no later
 * success from that same address cleared. A success elsewhere clears nothing here.
 */
export const failureStreaks = async (db: Db, tenantId: string, accounts: string[], since: Date): Promise<FailureStreak[]> => {
  if (accounts.length === 0) return [];
  const rows = await db
    .select({
      account: loginAttempts.account,
      ip: loginAttempts.ip,
      failures: count(),
      lastFailureAt: max(loginAttempts.createdAt),
    })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.tenantId, tenantId),
        inArray(loginAttempts.account, accounts.map(key)),
        eq(loginAttempts.succeeded, false),
        isNull(loginAttempts.releasedAt),
        gt(loginAttempts.createdAt, since),
        notExists(
          db
            .select({ one: sql`1` })
            .from(succeededLater)
            .where(
              and(
                eq(succeededLater.tenantId, loginAttempts.tenantId),
                eq(succeededLater.account, loginAttempts.account),
                eq(succeededLater.ip, loginAttempts.ip),
                eq(succeededLater.succeeded, true),
                gte(succeededLater.createdAt, loginAttempts.createdAt),
              ),
            ),
        ),
      ),
    )
    .groupBy(loginAttempts.account, loginAttempts.ip);
  // count(*) is a string on pg and a number on PGlite; max() of a timestamp may come back as text
  return rows.map((r) => ({ account: r.account, ip: r.ip, failures: Number(r.failures), lastFailureAt: new Date(r.lastFailureAt!) }));
};

/** Failures of an account after its last success (any address), for the notice at the next sign-in. */
export const failuresSinceLastSuccess = async (db: Db, tenantId: string, account: string) => {
  const ofAccount = and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.account, key(account)));
  const [lastSuccess] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(ofAccount, eq(loginAttempts.succeeded, true)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const failuresAfter = and(ofAccount, eq(loginAttempts.succeeded, false), lastSuccess ? gt(loginAttempts.createdAt, lastSuccess.at) : undefined);
  const [latest] = await db.select({ ip: loginAttempts.ip, at: loginAttempts.createdAt }).from(loginAttempts).where(failuresAfter).orderBy(desc(loginAttempts.createdAt)).limit(1);
  if (!latest) return undefined;
  const [total] = await db.select({ n: count() }).from(loginAttempts).where(failuresAfter);
  return { failures: Number(total!.n), lastIp: latest.ip, lastAt: latest.at };
};

/** 解除限制: the account's counted failures stop counting; returns how many were released. */
export const releaseFailures = async (db: Db, tenantId: string, account: string, at: Date) => {
  const rows = await db
    .update(loginAttempts)
    .set({ releasedAt: at })
    .where(and(eq(loginAttempts.tenantId, tenantId), eq(loginAttempts.account, key(account)), eq(loginAttempts.succeeded, false), isNull(loginAttempts.releasedAt)))
    .returning({ id: loginAttempts.id });
  return rows.length;
};
