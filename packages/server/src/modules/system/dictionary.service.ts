import { and, asc, count, eq, ilike, ne } from 'drizzle-orm';
import type { DictDetail, DictDetailInput } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { dictionaries } from '../../db/schema/index.js';
import { containsPattern } from '../../shared/like-pattern.js';
import { conflict, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from './operation-log.service.js';

type Input = Required<Pick<DictDetailInput, 'dictName' | 'label' | 'value'>> & { sort: number };

const toDetail = (row: typeof dictionaries.$inferSelect): DictDetail => ({
  id: row.id,
  dictName: row.dictName,
  label: row.label,
  value: row.value,
  sort: row.sortCode,
});

export const listDictionary = async (
  db: Db,
  auth: AuthContext,
  query: { dictName: string; page: number; size: number; label?: string | undefined },
) => {
  const where = and(
    eq(dictionaries.tenantId, auth.tenantId),
    eq(dictionaries.dictName, query.dictName),
    query.label ? ilike(dictionaries.label, containsPattern(query.label)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(dictionaries).where(where);
  const rows = await db
    .select()
    .from(dictionaries)
    .where(where)
    .orderBy(asc(dictionaries.sortCode), asc(dictionaries.value))
    .limit(query.size)
    .offset(query.page * query.size);
  return { list: rows.map(toDetail), pagination: { currentPage: query.page + 1, pageSize: query.size, total: Number(total?.n ?? 0) } };
};

const ensureUniqueValue = async (db: Db, tenantId: string, input: Input, exceptId?: string) => {
  const [clash] = await db
    .select({ id: dictionaries.id })
    .from(dictionaries)
    .where(
      and(
        eq(dictionaries.tenantId, tenantId),
        eq(dictionaries.dictName, input.dictName),
        eq(dictionaries.value, input.value),
        exceptId ? ne(dictionaries.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw conflict(`字典「${input.dictName}」中已存在值「${input.value}」`);
};

const findOwn = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db
    .select()
    .from(dictionaries)
    .where(and(eq(dictionaries.tenantId, tenantId), eq(dictionaries.id, id)))
    .limit(1);
  if (!row) throw notFound('字典项不存在或已删除');
  return row;
};

export const createDictDetail = async (db: Db, auth: AuthContext, input: Input) => {
  await ensureUniqueValue(db, auth.tenantId, input);
  const [row] = await db
    .insert(dictionaries)
    .values({ tenantId: auth.tenantId, dictName: input.dictName, label: input.label, value: input.value, sortCode: input.sort })
    .returning();
  const created = toDetail(row!);
  await recordOperation(db, auth, {
    module: 'system', action: 'create', target: 'dictDetail', targetId: created.id,
    summary: `新增字典「${created.dictName}」项「${created.label}」`, after: created,
  });
  return created;
};

export const updateDictDetail = async (db: Db, auth: AuthContext, id: string, input: Input) => {
  const before = toDetail(await findOwn(db, auth.tenantId, id));
  await ensureUniqueValue(db, auth.tenantId, input, id);
  const [row] = await db
    .update(dictionaries)
    .set({ dictName: input.dictName, label: input.label, value: input.value, sortCode: input.sort })
    .where(and(eq(dictionaries.tenantId, auth.tenantId), eq(dictionaries.id, id)))
    .returning();
  const after = toDetail(row!);
  await recordOperation(db, auth, {
    module: 'system', action: 'update', target: 'dictDetail', targetId: id,
    summary: `修改字典「${after.dictName}」项「${after.label}」`, before, after,
  });
  return after;
};

export const deleteDictDetail = async (db: Db, auth: AuthContext, id: string) => {
  const before = toDetail(await findOwn(db, auth.tenantId, id));
  await db.delete(dictionaries).where(and(eq(dictionaries.tenantId, auth.tenantId), eq(dictionaries.id, id)));
  await recordOperation(db, auth, {
    module: 'system', action: 'delete', target: 'dictDetail', targetId: id,
    summary: `删除字典「${before.dictName}」项「${before.label}」`, before,
  });
};
