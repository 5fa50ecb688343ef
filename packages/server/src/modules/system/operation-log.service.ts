import type { OperationLog, OperationLogQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { pageAnswer, splitPage, type Page } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { insertOperationLog, pageOperationLogs, type OperationLogRow } from './operation-log.repository.js';

export type OperationAction = 'create' | 'update' | 'delete' | 'login' | 'logout' | 'export' | 'other';

export interface OperationEntry {
  module: string;
  action: OperationAction;
  target: string;
  targetId?: string;
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** Never written to the log, whatever a caller passes in before/after. */
const secretKeys = new Set(['password', 'passwordHash', 'userPassword', 'validatePassword', 'token', 'tokenHash', 'codeHash', 'answerHash']);

const withoutSecrets = (value: unknown): unknown => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => !secretKeys.has(key))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
};

/**
 * Records one change in the operation log. Call it with the request's transaction, so the entry
 * commits with the change or not at all.
 */
export const recordOperation = async (
  db: Db,
  /** userId null: a signed-out driver acting through a signed QR code */
  actor: Pick<AuthContext, 'tenantId' | 'account' | 'ip' | 'userAgent'> & { userId: string | null },
  entry: OperationEntry,
) => {
  await insertOperationLog(db, {
    tenantId: actor.tenantId,
    userId: actor.userId,
    account: actor.account,
    module: entry.module,
    action: entry.action,
    target: entry.target,
    targetId: entry.targetId ?? '',
    summary: entry.summary,
    before: withoutSecrets(entry.before),
    after: withoutSecrets(entry.after),
    ip: actor.ip,
    userAgent: actor.userAgent.slice(0, 255),
  });
};

export const toOperationLog = (row: OperationLogRow): OperationLog => ({
  id: row.id,
  account: row.account,
  module: row.module,
  action: row.action,
  target: row.target,
  targetId: row.targetId,
  summary: row.summary,
  before: row.before,
  after: row.after,
  ip: row.ip,
  userAgent: row.userAgent,
  createdAt: row.createdAt.toISOString(),
});

/** A page of the tenant's operation log; other modules show their own part of it (e.g. a lot's history). */
export const listOperationLogs = async (db: Db, auth: Pick<AuthContext, 'tenantId'>, query: Omit<OperationLogQuery, keyof Page> & Page) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageOperationLogs(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toOperationLog);
};
