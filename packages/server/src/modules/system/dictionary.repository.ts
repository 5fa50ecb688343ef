import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { dictionaries } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countOf } from '../../shared/paging.js';
import { tenantRow, insertRow } from '../../shared/rows.js';

export type DictionaryRow = typeof dictionaries.$inferSelect;
export type DictionaryValues = Pick<DictionaryRow, 'dictName' | 'label' | 'value' | 'sortCode'>;

/** The dictionary API pages from 0 (`page`, `size`), unlike the other lists. */
export const pageDictionary = async (db: Db, tenantId: string, query: { dictName: string; page: number; size: number; label?: string | undefined }) => {
  const where = and(eq(dictionaries.tenantId, tenantId), eq(dictionaries.dictName, query.dictName), containing(query.label, dictionaries.label));
  const [total] = await db.select({ n: count() }).from(dictionaries).where(where);
  const rows = await db
    .select()
    .from(dictionaries)
    .where(where)
    .orderBy(asc(dictionaries.sortCode), asc(dictionaries.value))
    .limit(query.size)
    .offset(query.page * query.size);
  return { rows, total: countOf(total) };
};

export const dictionaryValueTaken = async (db: Db, tenantId: string, dictName: string, value: string, exceptId?: string) => {
  const [clash] = await db
    .select({ id: dictionaries.id })
    .from(dictionaries)
    .where(and(eq(dictionaries.tenantId, tenantId), eq(dictionaries.dictName, dictName), eq(dictionaries.value, value), exceptId ? ne(dictionaries.id, exceptId) : undefined))
    .limit(1);
  return clash !== undefined;
};

export const findDictionaryRow = async (db: Db, tenantId: string, id: string): Promise<DictionaryRow | undefined> => {
  const [row] = await db
    .select()
    .from(dictionaries)
    .where(tenantRow(dictionaries, tenantId, id))
    .limit(1);
  return row;
};

export const insertDictionaryRow = (db: Db, tenantId: string, values: DictionaryValues): Promise<DictionaryRow> => insertRow(db, dictionaries, { tenantId, ...values });

export const updateDictionaryRow = async (db: Db, tenantId: string, id: string, values: DictionaryValues): Promise<DictionaryRow> => {
  const [row] = await db
    .update(dictionaries)
    .set(values)
    .where(tenantRow(dictionaries, tenantId, id))
    .returning();
  return row!;
};

export const deleteDictionaryRow = (db: Db, tenantId: string, id: string) => db.delete(dictionaries).where(tenantRow(dictionaries, tenantId, id));
