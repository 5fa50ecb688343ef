import { auditField, auditKindOf, type AuditModule, type AuditTarget, type OperationLog, type OperationLogQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { pageAnswer, splitPage, type Page } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { findObjectNames } from './operation-log-names.repository.js';
import { insertOperationLog, pageOperationLogs, type OperationLogRow } from './operation-log.repository.js';

export type OperationAction = 'create' | 'update' | 'delete' | 'login' | 'logout' | 'export' | 'other';

/** module and target are the catalogue's codes, so every entry written has a name in 操作日志. */
export interface OperationEntry {
  module: AuditModule;
  action: OperationAction;
  target: AuditTarget;
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

/** The raw entry, with nothing named: the names come from nameEntries. */
export const toOperationLog = (row: OperationLogRow): OperationLog => ({
  id: row.id,
  account: row.account,
  module: row.module,
  action: row.action,
  target: row.target,
  targetId: row.targetId,
  targetName: '',
  summary: row.summary,
  before: row.before,
  after: row.after,
  names: {},
  ip: row.ip,
  userAgent: row.userAgent,
  createdAt: row.createdAt.toISOString(),
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** newest first: an object renamed by the entry is named by its new name */
const snapshots = (row: Pick<OperationLogRow, 'before' | 'after'>) => [row.after, row.before].filter(isRecord);
const idList = (value: unknown): string[] => (typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** An id field's name as the snapshot itself logged it: lotId beside lotName, lotIds beside lotNames. */
const loggedNames = (snapshot: Record<string, unknown>, field: string): string[] => {
  const companion = field.endsWith('Ids') ? `${field.slice(0, -3)}Names` : field.endsWith('Id') ? `${field.slice(0, -2)}Name` : undefined;
  return companion ? idList(snapshot[companion]) : [];
};

interface Reference {
  kind: AuditTarget;
  id: string;
  /** the name the entry itself logged, for an object deleted since */
  logged: string | undefined;
}

/** What an entry refers to: its target, and every id field (by the catalogue) of its before and after. */
export const entryReferences = (row: Pick<OperationLogRow, 'target' | 'targetId' | 'before' | 'after'>): Reference[] => {
  const references: Reference[] = [];
  const kind = auditKindOf(row.target);
  if (kind && row.targetId) {
    const title =
      kind.title &&
      snapshots(row)
        .map((s) => s[kind.title as string])
        .find((v): v is string => typeof v === 'string' && v !== '');
    references.push({ kind: row.target as AuditTarget, id: row.targetId, logged: title || undefined });
  }
  for (const snapshot of snapshots(row)) {
    for (const [field, value] of Object.entries(snapshot)) {
      const ref = auditField(row.target, field).ref;
      if (!ref) continue;
      const logged = loggedNames(snapshot, field);
      idList(value).forEach((id, i) => references.push({ kind: ref as AuditTarget, id, logged: logged[i] }));
    }
  }
  return references;
};

/**
 * Entries with the objects they refer to named: the current name where the tenant still has the
 * object, else the name the entry logged. One query per kind for the whole page.
 */
export const nameEntries = async (db: Db, tenantId: string, rows: readonly OperationLogRow[]): Promise<OperationLog[]> => {
  const referenced = rows.map(entryReferences);
  const wanted = new Map<AuditTarget, Set<string>>();
  for (const reference of referenced.flat()) wanted.set(reference.kind, (wanted.get(reference.kind) ?? new Set()).add(reference.id));
  const current = await findObjectNames(db, tenantId, wanted);
  return rows.map((row, i) => {
    const names: Record<string, string> = {};
    for (const { kind, id, logged } of referenced[i] ?? []) {
      const name = current.get(`${kind}:${id}`) ?? logged;
      if (name !== undefined && names[id] === undefined) names[id] = name;
    }
    return { ...toOperationLog(row), targetName: names[row.targetId] ?? '', names };
  });
};

/** A page of the tenant's operation log, with its objects named; other modules show their own part of it (e.g. a lot's history). */
export const listOperationLogs = async (db: Db, auth: Pick<AuthContext, 'tenantId'>, query: Omit<OperationLogQuery, keyof Page> & Page) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageOperationLogs(db, auth.tenantId, filter, page);
  return pageAnswer(await nameEntries(db, auth.tenantId, rows), page, total);
};
