import { businessDay, groupCardBenefitOff, type GroupCardBenefit } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { cardForPlate, findCardUse, findGroupCard, insertCardUse, lockGroupCard, updateCardUse, type GroupCardUseRow } from './group-card.repository.js';

export interface GroupCardDiscountInput {
  tenantId: string;
  lotId: string;
  plate: string;
  /** the exit the stay is priced at: the card must be in force on its Shanghai day, the quota is of its month */
  at: Date;
  /** fen */
  due: number;
  /** the plate's card when the caller has looked it up already (null: none), as the vehicle-event path does */
  cardId?: string | null;
}

export interface GroupCardDiscount {
  /** fen taken off the stay, 0 when no card applies */
  discount: number;
  card: { id: string; cardNo: string; groupName: string; benefit: GroupCardBenefit } | null;
}

const none: GroupCardDiscount = { discount: 0, card: null };

/**
 * The group card's part of a stay leaving `lotId`: the plate's enabled card of an enabled group,
 * valid on the day of leaving on that lot, with a use left this month, takes its benefit off `due`
 * and uses one of the month's uses. A stay that costs nothing uses nothing. Runs inside the exit's
 * transaction; the card's row is locked so two exits cannot both take its last use.
 */
export const groupCardDiscount = async (tx: Db, input: GroupCardDiscountInput): Promise<GroupCardDiscount> => {
  if (input.due <= 0 || input.plate === '') return none;
  const day = businessDay(input.at);
  const month = day.slice(0, 7);
  const cardId = input.cardId === undefined ? (await cardForPlate(tx, input.tenantId, input.lotId, input.plate, day))?.id : input.cardId;
  if (!cardId) return none;
  await lockGroupCard(tx, input.tenantId, cardId);
  const row = await findGroupCard(tx, input.tenantId, cardId, month);
  if (!row) return none;
  const { card } = row;
  if (card.monthlyQuota !== null && row.usedThisMonth >= card.monthlyQuota) return none;
  const discount = groupCardBenefitOff(card, input.due);
  await insertCardUse(tx, {
    tenantId: input.tenantId,
    cardId: card.id,
    cardNo: card.cardNo,
    groupName: row.groupName,
    benefit: card.benefit,
    discountPercent: card.discountPercent,
    amountOff: card.amountOff,
    lotId: input.lotId,
    plateNumber: input.plate,
    usedAt: input.at,
    month,
    due: input.due,
    discount,
  });
  return { discount, card: { id: card.id, cardNo: card.cardNo, groupName: row.groupName, benefit: card.benefit } };
};

/**
 * What the plate's card would take off `due` at `at`, without using it: the driver's phone quotes a
 * stay still in before it is paid. The use is taken when the payment arrives (groupCardDiscount).
 */
export const groupCardQuote = async (tx: Db, input: Omit<GroupCardDiscountInput, 'cardId'>): Promise<number> => {
  if (input.due <= 0 || input.plate === '') return 0;
  const day = businessDay(input.at);
  const found = await cardForPlate(tx, input.tenantId, input.lotId, input.plate, day);
  const row = found && (await findGroupCard(tx, input.tenantId, found.id, day.slice(0, 7)));
  if (!row || (row.card.monthlyQuota !== null && row.usedThisMonth >= row.card.monthlyQuota)) return 0;
  return groupCardBenefitOff(row.card, input.due);
};

/** The group card that paid for a finished stay, as its record's detail shows it; null when none did. */
export const recordGroupCard = async (db: Db, tenantId: string, record: { lotId: string; plateNumber: string; exitedAt: Date | null }) => {
  if (!record.exitedAt || record.plateNumber === '') return null;
  const use = await findCardUse(db, tenantId, record.lotId, record.plateNumber, record.exitedAt);
  return use ? { cardNo: use.cardNo, groupName: use.groupName, benefit: use.benefit, discount: use.discount } : null;
};

/** A card's terms: what groupCardBenefitOff takes off a fee. */
type CardTerms = Pick<GroupCardUseRow, 'benefit' | 'discountPercent' | 'amountOff'>;

/** The terms a card was used on: kept on the use, or for a use from before they were kept, the card's own if it still has that benefit. */
const termsOf = async (db: Db, tenantId: string, use: GroupCardUseRow): Promise<CardTerms | undefined> => {
  if (use.benefit === 'free' || use.discountPercent !== null || use.amountOff !== null) return use;
  const row = await findGroupCard(db, tenantId, use.cardId, use.month);
  return row?.card.benefit === use.benefit ? row.card : undefined;
};

/**
 * A finished stay's fee corrected by staff (an approved 订单修改) to `due`, leaving at `exitedAt` when
 * that moves too: the group card that paid part of it takes the same benefit off the new fee, and its
 * use moves to the stay's exit, where the record's detail finds it. Undefined when no card paid for the stay. The use
 * stays counted in its month's quota, also when the exit moves to another month: the card was used once.
 */
export const reviseCardUse = async (db: Db, tenantId: string, record: { lotId: string; plateNumber: string; exitedAt: Date | null }, due: number, exitedAt = record.exitedAt) => {
  if (!record.exitedAt || !exitedAt || record.plateNumber === '') return undefined;
  const use = await findCardUse(db, tenantId, record.lotId, record.plateNumber, record.exitedAt);
  if (!use) return undefined;
  const terms = await termsOf(db, tenantId, use);
  // terms no longer known (the card is gone): never more than it took before
  const discount = terms ? groupCardBenefitOff(terms, due) : Math.min(use.discount, due);
  return { before: use.discount, discount, apply: (tx: Db) => updateCardUse(tx, tenantId, use.id, { due, discount, usedAt: exitedAt }) };
};
