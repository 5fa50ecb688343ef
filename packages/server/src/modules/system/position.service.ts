import { financePositionCode, type Position, type PositionValues, type PositionListQuery } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { recordOperation } from './operation-log.service.js';
import { deletePositionRow, findPositionRow, insertPosition, pagePositions, positionCodeTaken, positionHolderCounts, updatePositionRow, type PositionRow } from './position.repository.js';
import { countOwned } from './user.repository.js';

type Input = PositionValues;

/** The message center recognises the finance position by its code, so the code has to stay. */
const financeReason = `财务岗位的编码「${financePositionCode}」用于识别财务人员（其消息中心只显示财务提醒）`;

const toPosition = (row: PositionRow, userCount: number): Position => ({
  id: row.position.id,
  organizationId: row.position.organizationId,
  organizationName: row.organizationName ?? '',
  name: row.position.name,
  code: row.position.code,
  sortCode: row.position.sortCode,
  userCount,
  createdAt: row.position.createdAt.toISOString(),
});

export const listPositions = async (db: Db, auth: AuthContext, query: PositionListQuery & { currentPage: number; pageSize: number }) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pagePositions(db, auth.tenantId, filter, page);
  const holders = await positionHolderCounts(
    db,
    auth.tenantId,
    rows.map((r) => r.position.id),
  );
  return pageAnswer(rows, page, total, (r) => toPosition(r, holders.get(r.position.id) ?? 0));
};

export const getPosition = async (db: Db, auth: AuthContext, id: string) => {
  const row = await findPositionRow(db, auth.tenantId, id);
  if (!row) throw notFound('岗位不存在或已删除');
  const holders = await positionHolderCounts(db, auth.tenantId, [id]);
  return toPosition(row, holders.get(id) ?? 0);
};

const checkInput = async (db: Db, tenantId: string, input: Input, exceptId?: string) => {
  if (await positionCodeTaken(db, tenantId, input.code, exceptId)) throw conflict(`岗位编码「${input.code}」已存在`, 'code');
  if (input.organizationId && (await countOwned(db, tenantId, 'organization', [input.organizationId])) !== 1) {
    throw badRequest('所选组织不存在');
  }
};

const positionValues = (input: Input) => ({ organizationId: input.organizationId, name: input.name, code: input.code, sortCode: input.sortCode });

export const createPosition = async (db: Db, auth: AuthContext, input: Input) => {
  await checkInput(db, auth.tenantId, input);
  const id = await insertPosition(db, auth.tenantId, positionValues(input));
  const created = await getPosition(db, auth, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'create',
    target: 'position',
    targetId: created.id,
    summary: `新增岗位「${created.name}」`,
    after: created,
  });
  return created;
};

export const updatePosition = async (db: Db, auth: AuthContext, id: string, input: Input) => {
  const before = await getPosition(db, auth, id);
  if (before.code === financePositionCode && input.code !== financePositionCode) throw badRequest(`${financeReason}，不能修改编码`);
  await checkInput(db, auth.tenantId, input, id);
  await updatePositionRow(db, auth.tenantId, id, positionValues(input));
  const after = await getPosition(db, auth, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'update',
    target: 'position',
    targetId: id,
    summary: `修改岗位「${after.name}」`,
    before,
    after,
  });
  return after;
};

export const deletePosition = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getPosition(db, auth, id);
  if (before.code === financePositionCode) throw badRequest(`${financeReason}，该岗位不能删除`);
  if (before.userCount > 0) throw badRequest(`岗位「${before.name}」下还有${before.userCount}个用户，不能删除`);
  await deletePositionRow(db, auth.tenantId, id);
  await recordOperation(db, auth, {
    module: 'system',
    action: 'delete',
    target: 'position',
    targetId: id,
    summary: `删除岗位「${before.name}」`,
    before,
  });
};
