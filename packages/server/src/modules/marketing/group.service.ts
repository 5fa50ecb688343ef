import type { Group, GroupListValues, GroupOption, GroupValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from '../system/index.js';
import { deleteGroupRow, findGroup, groupNamed, groupOptionRows, insertGroup, pageGroups, updateGroupRow, type GroupRow } from './group.repository.js';

export const groupTarget = 'group';

const toGroup = ({ group, cardCount }: GroupRow): Group => ({
  id: group.id,
  name: group.name,
  contact: group.contact,
  phone: group.phone,
  remark: group.remark,
  enabled: group.enabled,
  cardCount,
  createdAt: group.createdAt.toISOString(),
  updatedAt: group.updatedAt.toISOString(),
});

export const listGroups = async (db: Db, auth: AuthContext, query: GroupListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageGroups(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total, toGroup);
};

export const getGroup = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findGroup(db, auth.tenantId, id);
  if (!row) throw notFound('集团不存在或已删除');
  return toGroup(row);
};

export const groupOptions = async (db: Db, auth: AuthContext): Promise<GroupOption[]> => groupOptionRows(db, auth.tenantId);

const checkName = async (db: Db, tenantId: string, name: string, exceptId?: string) => {
  if (await groupNamed(db, tenantId, name, exceptId)) throw conflict(`集团名称「${name}」已存在`, 'name');
};

const log = (db: Db, auth: AuthContext, action: 'create' | 'update' | 'delete', id: string, summary: string, before?: Group, after?: Group) =>
  recordOperation(db, auth, { module: 'marketing', action, target: groupTarget, targetId: id, summary, before, after });

export const createGroup = async (db: Db, auth: AuthContext, input: GroupValues) => {
  await checkName(db, auth.tenantId, input.name);
  const id = await insertGroup(db, auth.tenantId, input);
  const created = await getGroup(db, auth, id);
  await log(db, auth, 'create', created.id, `新增集团「${created.name}」`, undefined, created);
  return created;
};

export const updateGroup = async (db: Db, auth: AuthContext, id: string, input: GroupValues) => {
  const before = await getGroup(db, auth, id);
  await checkName(db, auth.tenantId, input.name, id);
  await updateGroupRow(db, auth.tenantId, id, input);
  const after = await getGroup(db, auth, id);
  await log(db, auth, 'update', id, `修改集团「${after.name}」`, before, after);
  return after;
};

/** A group that still holds cards is refused: its cards would lose their owner. */
export const deleteGroup = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getGroup(db, auth, id);
  if (before.cardCount > 0) throw conflict(`集团「${before.name}」还有${before.cardCount}张集团卡，请先删除集团卡`);
  await deleteGroupRow(db, auth.tenantId, id);
  await log(db, auth, 'delete', id, `删除集团「${before.name}」`, before);
};
