import type { Db } from '../../db/client.js';
import { operationLogs } from '../../db/schema/index.js';
import type { AuthContext } from '../../types.js';

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
  actor: Pick<AuthContext, 'tenantId' | 'account' | 'ip' | 'userAgent'> & { userId: string | null },
  entry: OperationEntry,
) => {
  await db.insert(operationLogs).values({
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
