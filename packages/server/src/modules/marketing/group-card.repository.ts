import { and, asc, desc, eq, gt, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { GroupCardListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { groupCardUses, groupCards, groups } from '../../db/schema/index.js';
import { containsPattern } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

type Filter = Omit<GroupCardListValues, 'currentPage' | 'pageSize'>;
export type GroupCardRow = { card: typeof groupCards.$inferSelect; groupName: string; groupPhone: string; groupEnabled: boolean; usedThisMonth: number };

const activeOn = (today: string) => and(lte(groupCards.validFrom, today), gte(groupCards.validTo, today));

const stateCondition = (state: Filter['state'], today: string): SQL | undefined =>
  state === 'active' ? activeOn(today) : state === 'pending' ? gt(groupCards.validFrom, today) : state === 'expired' ? lt(groupCards.validTo, today) : undefined;

const conditions = (tenantId: string, filter: Filter, today: string): SQL | undefined =>
  and(
    eq(groupCards.tenantId, tenantId),
    filter.cardNo ? sql`${groupCards.cardNo} ilike ${containsPattern(filter.cardNo)}` : undefined,
    filter.plateNumber ? sql`exists (select 1 from unnest(${groupCards.plates}) as p(plate) where p.plate ilike ${containsPattern(filter.plateNumber)})` : undefined,
    filter.groupId ? eq(groupCards.groupId, filter.groupId) : undefined,
    filter.lotId ? sql`${filter.lotId}::uuid = any(${groupCards.lotIds})` : undefined,
    filter.benefit ? eq(groupCards.benefit, filter.benefit) : undefined,
    stateCondition(filter.state, today),
    filter.enabled === undefined ? undefined : eq(groupCards.enabled, filter.enabled === 1),
  );

const sortColumns = { cardNo: groupCards.cardNo, validFrom: groupCards.validFrom, validTo: groupCards.validTo, createdAt: groupCards.createdAt } as const;

const columns = (month: string) => ({
  card: groupCards,
  groupName: groups.name,
  groupPhone: groups.phone,
  groupEnabled: groups.enabled,
  // named in full, so the subquery reads the outer card whatever drizzle qualifies
  usedThisMonth: sql<string>`(select count(*) from group_card_uses u where u.tenant_id = "group_cards"."tenant_id" and u.card_id = "group_cards"."id" and u.month = ${month})`,
});
type Selected = Omit<GroupCardRow, 'usedThisMonth'> & { usedThisMonth: string | number };
const toRow = (r: Selected): GroupCardRow => ({ ...r, usedThisMonth: Number(r.usedThisMonth) });

export const pageGroupCards = async (db: Db, tenantId: string, filter: Filter, today: string, page: Page) => {
  const where = conditions(tenantId, filter, today);
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const { rows, total } = await pageRows(
    page,
    countRows(db, groupCards, where),
    db
      .select(columns(today.slice(0, 7)))
      .from(groupCards)
      .innerJoin(groups, tenantEq(groups.id, groupCards.groupId))
      .where(where)
      .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(groupCards.id))
      .$dynamic(),
  );
  return { rows: rows.map(toRow), total };
};

export const findGroupCard = async (db: Db, tenantId: string, id: string, month: string): Promise<GroupCardRow | undefined> => {
  const [row] = await db
    .select(columns(month))
    .from(groupCards)
    .innerJoin(groups, tenantEq(groups.id, groupCards.groupId))
    .where(tenantRow(groupCards, tenantId, id))
    .limit(1);
  return row ? toRow(row) : undefined;
};

/**
 * Holds the card's row until the transaction ends, so a quota is counted and used by one exit at a
 * time. A statement of its own: a read after it sees uses committed while it waited.
 */
export const lockGroupCard = async (db: Db, tenantId: string, id: string) => {
  await db
    .select({ id: groupCards.id })
    .from(groupCards)
    .where(tenantRow(groupCards, tenantId, id))
    .for('update');
};

/** The names of the tenant's lots among `ids`, in the order given; a deleted lot drops out. */
export const cardNumbered = async (db: Db, tenantId: string, cardNo: string, exceptId?: string) => {
  const [row] = await db
    .select({ id: groupCards.id })
    .from(groupCards)
    .where(and(eq(groupCards.tenantId, tenantId), eq(groupCards.cardNo, cardNo), exceptId ? ne(groupCards.id, exceptId) : undefined))
    .limit(1);
  return row;
};

/** Holds, until the transaction ends, the right to write the tenant's cards: two writes cannot both pass the overlap check. */
export const lockTenantCards = async (db: Db, tenantId: string) => {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`group-card:${tenantId}`}, 0))`);
};

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
const uuidArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::uuid[]`;

/** Enabled cards sharing a plate and a lot with `card`, whose dates share a day with it. */
export const overlappingCards = async (db: Db, tenantId: string, card: { plates: readonly string[]; lotIds: readonly string[]; validFrom: string; validTo: string }, exceptId?: string) =>
  db
    .select({ cardNo: groupCards.cardNo, plates: groupCards.plates, lotIds: groupCards.lotIds, validFrom: groupCards.validFrom, validTo: groupCards.validTo })
    .from(groupCards)
    .where(
      and(
        eq(groupCards.tenantId, tenantId),
        eq(groupCards.enabled, true),
        sql`${groupCards.plates} && ${textArray(card.plates)}`,
        sql`${groupCards.lotIds} && ${uuidArray(card.lotIds)}`,
        lte(groupCards.validFrom, card.validTo),
        gte(groupCards.validTo, card.validFrom),
        exceptId ? ne(groupCards.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(groupCards.cardNo))
    .limit(1);

/** The enabled card of an enabled group holding `plate` on `lotId` on the business day `day`. */
export const cardForPlate = async (db: Db, tenantId: string, lotId: string, plate: string, day: string) => {
  const [row] = await db
    .select({ id: groupCards.id })
    .from(groupCards)
    .innerJoin(groups, tenantEq(groups.id, groupCards.groupId))
    .where(
      and(
        eq(groupCards.tenantId, tenantId),
        eq(groupCards.enabled, true),
        eq(groups.enabled, true),
        sql`${groupCards.plates} @> ${textArray([plate])}`,
        sql`${lotId}::uuid = any(${groupCards.lotIds})`,
        lte(groupCards.validFrom, day),
        gte(groupCards.validTo, day),
      ),
    )
    .orderBy(asc(groupCards.createdAt))
    .limit(1);
  return row;
};

export type GroupCardUseRow = typeof groupCardUses.$inferSelect;

export const insertCardUse = (db: Db, use: typeof groupCardUses.$inferInsert) => db.insert(groupCardUses).values(use);

export const updateCardUse = (db: Db, tenantId: string, id: string, values: Pick<GroupCardUseRow, 'due' | 'discount' | 'usedAt'>) =>
  db
    .update(groupCardUses)
    .set(values)
    .where(tenantRow(groupCardUses, tenantId, id));

/** The card use of the stay that left `lotId` as `plate` at `exitedAt`: the record's group card. */
export const findCardUse = async (db: Db, tenantId: string, lotId: string, plate: string, exitedAt: Date) => {
  const [row] = await db
    .select()
    .from(groupCardUses)
    .where(and(eq(groupCardUses.tenantId, tenantId), eq(groupCardUses.lotId, lotId), eq(groupCardUses.plateNumber, plate), eq(groupCardUses.usedAt, exitedAt)))
    .orderBy(desc(groupCardUses.createdAt))
    .limit(1);
  return row;
};

export type GroupCardValues = Omit<typeof groupCards.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export const insertGroupCard = (db: Db, tenantId: string, values: GroupCardValues): Promise<string> => insertId(db, groupCards, { tenantId, ...values });

export const updateGroupCardRow = (db: Db, tenantId: string, id: string, values: Partial<GroupCardValues>) =>
  db
    .update(groupCards)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(groupCards, tenantId, id));

export const deleteGroupCardRow = (db: Db, tenantId: string, id: string) => db.delete(groupCards).where(tenantRow(groupCards, tenantId, id));
