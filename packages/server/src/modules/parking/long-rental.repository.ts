import { and, asc, count, desc, eq, gt, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { LongRentalListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { longRentals, parkingLots } from '../../db/schema/index.js';
import { containing } from '../../shared/like-pattern.js';
import { countRows, pageRows, type Page } from '../../shared/paging.js';
import { tenantRow, insertId } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

type Filter = Omit<LongRentalListValues, 'currentPage' | 'pageSize'>;
export type LongRentalRow = { card: typeof longRentals.$inferSelect; lotName: string };

/** A card in force on `today` (YYYY-MM-DD): its dates include that day. */
const activeOn = (today: string) => and(lte(longRentals.validFrom, today), gte(longRentals.validTo, today));

const stateCondition = (state: Filter['state'], today: string): SQL | undefined =>
  state === 'active' ? activeOn(today) : state === 'pending' ? gt(longRentals.validFrom, today) : state === 'expired' ? lt(longRentals.validTo, today) : undefined;

const cardConditions = (tenantId: string, filter: Filter, today: string): SQL | undefined =>
  and(
    eq(longRentals.tenantId, tenantId),
    containing(filter.plateNumber, longRentals.plateNumber),
    filter.lotId ? eq(longRentals.lotId, filter.lotId) : undefined,
    stateCondition(filter.state, today),
    filter.enabled === undefined ? undefined : eq(longRentals.enabled, filter.enabled === 1),
  );

const sortColumns = {
  plateNumber: longRentals.plateNumber,
  validFrom: longRentals.validFrom,
  validTo: longRentals.validTo,
  createdAt: longRentals.createdAt,
} as const;
const cardColumns = { card: longRentals, lotName: parkingLots.name };

export const pageLongRentals = (db: Db, tenantId: string, filter: Filter, today: string, page: Page) => {
  const where = cardConditions(tenantId, filter, today);
  // newest first when nothing is asked for; a column asked for sorts ascending unless told otherwise
  const direction = (filter.sort ?? (filter.sidx ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const rows = db
    .select(cardColumns)
    .from(longRentals)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, longRentals.lotId))
    .where(where)
    .orderBy(direction(sortColumns[filter.sidx ?? 'createdAt']), asc(longRentals.id));
  return pageRows(page, countRows(db, longRentals, where), rows.$dynamic());
};

export const findLongRental = async (db: Db, tenantId: string, id: string): Promise<LongRentalRow | undefined> => {
  const [row] = await db
    .select(cardColumns)
    .from(longRentals)
    .innerJoin(parkingLots, tenantEq(parkingLots.id, longRentals.lotId))
    .where(tenantRow(longRentals, tenantId, id))
    .limit(1);
  return row;
};

/**
 * Holds, until the transaction ends, the right to write cards of one plate on one lot, so two
 * requests cannot both pass the overlap check and both insert.
 */
export const lockPlateOnLot = async (db: Db, tenantId: string, lotId: string, plateNumber: string) => {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`long-rental:${tenantId}:${lotId}:${plateNumber}`}, 0))`);
};

/** Another card of the plate on the lot whose dates share a day with [from, to]. */
export const overlappingCard = async (db: Db, tenantId: string, card: { lotId: string; plateNumber: string; validFrom: string; validTo: string }, exceptId?: string) => {
  const [row] = await db
    .select({ validFrom: longRentals.validFrom, validTo: longRentals.validTo })
    .from(longRentals)
    .where(
      and(
        eq(longRentals.tenantId, tenantId),
        eq(longRentals.lotId, card.lotId),
        eq(longRentals.plateNumber, card.plateNumber),
        lte(longRentals.validFrom, card.validTo),
        gte(longRentals.validTo, card.validFrom),
        exceptId ? ne(longRentals.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(longRentals.validFrom))
    .limit(1);
  return row;
};

/** Per lot: all its cards, and the enabled ones in force on `today` with the spaces they hold. */
export const cardCountsByLot = async (db: Db, tenantId: string, today: string) =>
  (
    await db
      .select({
        lotId: longRentals.lotId,
        cards: count(),
        activeCards: sql<string>`count(*) filter (where ${and(activeOn(today), eq(longRentals.enabled, true))})`,
        rentedSpaces: sql<string>`coalesce(sum(${longRentals.spaceCount}) filter (where ${and(activeOn(today), eq(longRentals.enabled, true))}), 0)`,
      })
      .from(longRentals)
      .where(eq(longRentals.tenantId, tenantId))
      .groupBy(longRentals.lotId)
  ).map((r) => ({ lotId: r.lotId, cards: Number(r.cards), activeCards: Number(r.activeCards), rentedSpaces: Number(r.rentedSpaces) }));

export type LongRentalValues = Omit<typeof longRentals.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export const insertLongRental = (db: Db, tenantId: string, values: LongRentalValues): Promise<string> => insertId(db, longRentals, { tenantId, ...values });

export const updateLongRentalRow = (db: Db, tenantId: string, id: string, values: Partial<LongRentalValues>) =>
  db
    .update(longRentals)
    .set({ ...values, updatedAt: sql`now()` })
    .where(tenantRow(longRentals, tenantId, id));

export const deleteLongRentalRow = (db: Db, tenantId: string, id: string) => db.delete(longRentals).where(tenantRow(longRentals, tenantId, id));
