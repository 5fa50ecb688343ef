import { businessDay, groupCardStateOn, type GroupCard, type GroupCardListValues, type GroupCardValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { lotNamesOf } from '../parking/index.js';
import { recordOperation } from '../system/index.js';
import { findGroup } from './group.repository.js';
import {
  cardNumbered,
  deleteGroupCardRow,
  findGroupCard,
  insertGroupCard,
  lockTenantCards,
  overlappingCards,
  pageGroupCards,
  updateGroupCardRow,
  type GroupCardRow,
} from './group-card.repository.js';

export const groupCardTarget = 'groupCard';

/** `today` is a Shanghai business day; the quota is counted in its month. */
export const toGroupCard = (row: GroupCardRow, lotNames: ReadonlyMap<string, string>, today: string): GroupCard => {
  const { card } = row;
  const lotIds = card.lotIds.filter((id) => lotNames.has(id));
  return {
    id: card.id,
    groupId: card.groupId,
    groupName: row.groupName,
    cardNo: card.cardNo,
    benefit: card.benefit,
    discountPercent: card.discountPercent,
    amountOff: card.amountOff,
    plates: card.plates,
    lotIds,
    lotNames: lotIds.map((id) => lotNames.get(id)!),
    validFrom: card.validFrom,
    validTo: card.validTo,
    monthlyQuota: card.monthlyQuota,
    remainingQuota: card.monthlyQuota === null ? null : Math.max(0, card.monthlyQuota - row.usedThisMonth),
    allowBind: card.allowBind,
    maxPlates: card.maxPlates,
    remark: card.remark,
    enabled: card.enabled,
    state: groupCardStateOn(card, today),
    createdAt: card.createdAt.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
  };
};

export const listGroupCards = async (db: Db, auth: AuthContext, query: GroupCardListValues, today = businessDay()) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageGroupCards(db, auth.tenantId, filter, today, page);
  const names = await lotNamesOf(db, auth.tenantId, [...new Set(rows.flatMap((r) => r.card.lotIds))]);
  return pageAnswer(rows, page, total, (row) => toGroupCard(row, names, today));
};

export const getGroupCard = async (db: Db, auth: AuthContext, id: string, today = businessDay()) => {
  const row = await findGroupCard(db, auth.tenantId, id, today.slice(0, 7));
  if (!row) throw notFound('集团卡不存在或已删除');
  return toGroupCard(row, await lotNamesOf(db, auth.tenantId, row.card.lotIds), today);
};

/**
 * A plate holds at most one enabled card per lot on any day: the first plate and lot shared with
 * another card whose dates overlap is named. Callers hold lockTenantCards.
 */
export const checkPlateOverlap = async (db: Db, tenantId: string, card: Pick<GroupCardValues, 'plates' | 'lotIds' | 'validFrom' | 'validTo'>, exceptId?: string) => {
  const [other] = await overlappingCards(db, tenantId, card, exceptId);
  if (!other) return;
  const plate = card.plates.find((p) => other.plates.includes(p)) ?? card.plates[0]!;
  const lotId = card.lotIds.find((id) => other.lotIds.includes(id)) ?? card.lotIds[0]!;
  const lotName = (await lotNamesOf(db, tenantId, [lotId])).get(lotId) ?? '';
  throw conflict(`车牌「${plate}」在停车场「${lotName}」已有集团卡「${other.cardNo}」（${other.validFrom}至${other.validTo}），同一车牌在同一停车场的有效期不能重叠`);
};

const checkInput = async (db: Db, tenantId: string, input: GroupCardValues, exceptId?: string) => {
  if (!(await findGroup(db, tenantId, input.groupId))) throw badRequest('所选集团不存在');
  const names = await lotNamesOf(db, tenantId, input.lotIds);
  if (names.size !== input.lotIds.length) throw badRequest('所选停车场不存在');
  if (await cardNumbered(db, tenantId, input.cardNo, exceptId)) throw conflict(`卡号「${input.cardNo}」已存在`, 'cardNo');
  await lockTenantCards(db, tenantId);
  if (input.enabled) await checkPlateOverlap(db, tenantId, input, exceptId);
};

const log = (db: Db, auth: AuthContext, action: 'create' | 'update' | 'delete', id: string, summary: string, before?: GroupCard, after?: GroupCard) =>
  recordOperation(db, auth, { module: 'marketing', action, target: groupCardTarget, targetId: id, summary, before, after });

const title = (card: GroupCard) => `${card.groupName} ${card.cardNo}`;

export const createGroupCard = async (db: Db, auth: AuthContext, input: GroupCardValues) => {
  await checkInput(db, auth.tenantId, input);
  const id = await insertGroupCard(db, auth.tenantId, input);
  const created = await getGroupCard(db, auth, id);
  await log(db, auth, 'create', created.id, `新增集团卡「${title(created)}」`, undefined, created);
  return created;
};

export const updateGroupCard = async (db: Db, auth: AuthContext, id: string, input: GroupCardValues) => {
  const before = await getGroupCard(db, auth, id);
  await checkInput(db, auth.tenantId, input, id);
  await updateGroupCardRow(db, auth.tenantId, id, input);
  const after = await getGroupCard(db, auth, id);
  await log(db, auth, 'update', id, `修改集团卡「${title(after)}」`, before, after);
  return after;
};

/** Uses already counted stay with their records: a deleted card still shows on the stays it paid for. */
export const deleteGroupCard = async (db: Db, auth: AuthContext, id: string) => {
  const before = await getGroupCard(db, auth, id);
  await deleteGroupCardRow(db, auth.tenantId, id);
  await log(db, auth, 'delete', id, `删除集团卡「${title(before)}」`, before);
};
