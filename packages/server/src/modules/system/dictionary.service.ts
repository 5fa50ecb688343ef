import type { DictDetail, DictDetailInput } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { deleteDictionaryRow, dictionaryValueTaken, findDictionaryRow, insertDictionaryRow, updateDictionaryRow, pageDictionary, type DictionaryRow } from './dictionary.repository.js';
import { recordOperation } from './operation-log.service.js';

type Input = Required<Pick<DictDetailInput, 'dictName' | 'label' | 'value'>> & { sort: number };

const toDetail = (row: DictionaryRow): DictDetail => ({
  id: row.id,
  dictName: row.dictName,
  label: row.label,
  value: row.value,
  sort: row.sortCode,
});

export const listDictionary = async (db: Db, auth: AuthContext, query: { dictName: string; page: number; size: number; label?: string | undefined }) => {
  const { rows, total } = await pageDictionary(db, auth.tenantId, query);
  return pageAnswer(rows, { currentPage: query.page + 1, pageSize: query.size }, total, toDetail);
};

const ensureUniqueValue = async (db: Db, tenantId: string, input: Input, exceptId?: string) => {
  if (await dictionaryValueTaken(db, tenantId, input.dictName, input.value, exceptId)) {
    throw conflict(`字典「${input.dictName}」中已存在值「${input.value}」`);
  }
};

const findOwn = async (db: Db, tenantId: string, id: string) => {
  const row = await findDictionaryRow(db, tenantId, id);
  if (!row) throw notFound('字典项不存在或已删除');
  return row;
};

const dictionaryValues = (input: Input) => ({ dictName: input.dictName, label: input.label, value: input.value, sortCode: input.sort });

export const createDictDetail = async (db: Db, auth: AuthContext, input: Input) => {
  await ensureUniqueValue(db, auth.tenantId, input);
  const created = toDetail(await insertDictionaryRow(db, auth.tenantId, dictionaryValues(input)));
  await recordOperation(db, auth, {
    module: 'system',
    action: 'create',
    target: 'dictDetail',
    targetId: created.id,
    summary: `新增字典「${created.dictName}」项「${created.label}」`,
    after: created,
  });
  return created;
};

export const updateDictDetail = async (db: Db, auth: AuthContext, id: string, input: Input) => {
  const before = toDetail(await findOwn(db, auth.tenantId, id));
  await ensureUniqueValue(db, auth.tenantId, input, id);
  const after = toDetail(await updateDictionaryRow(db, auth.tenantId, id, dictionaryValues(input)));
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'dictDetail',
    targetId: id,
    summary: `修改字典「${after.dictName}」项「${after.label}」`,
    before,
    after,
  });
  return after;
};

export const deleteDictDetail = async (db: Db, auth: AuthContext, id: string) => {
  const before = toDetail(await findOwn(db, auth.tenantId, id));
  await deleteDictionaryRow(db, auth.tenantId, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'delete',
    target: 'dictDetail',
    targetId: id,
    summary: `删除字典「${before.dictName}」项「${before.label}」`,
    before,
  });
};
