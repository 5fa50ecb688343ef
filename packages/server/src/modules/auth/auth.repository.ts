import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { captchas, smsCodes } from '../../db/schema/index.js';

export const insertCaptcha = (db: Db, key: string, answerHash: string, expiresAt: Date) => db.insert(captchas).values({ key, answerHash, expiresAt });

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
    .where(and(eq(smsCodes.tenantId, tenantId), eq(smsCodes.account, account.toLowerCase()), eq(smsCodes.codeHash, codeHash), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .returning({ id: smsCodes.id });
  return row !== undefined;
};
