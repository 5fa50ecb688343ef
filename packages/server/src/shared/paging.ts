import type { Paged } from '@parking/contract';
import { count, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** The page a paged list asks for, counted from 1; the rest of its query is the filter. */
export type Page = { currentPage: number; pageSize: number };

/** A list query split into the page and the filter, so repositories take the filter alone. */
export const splitPage = <Q extends Page>(query: Q): { page: Page; filter: Omit<Q, keyof Page> } => {
  const { currentPage, pageSize, ...filter } = query;
  return { page: { currentPage, pageSize }, filter };
};

/** Rows skipped before the page: pages count from 1. */
export const offsetOf = (page: Page): number => (page.currentPage - 1) * page.pageSize;

/** `count(*)` is a string on pg and a number on PGlite; an empty answer counts 0. */
export const countOf = (row: { n: number | string | bigint } | undefined): number => Number(row?.n ?? 0);

/** How many rows of `table` the filter `where` matches: a paged list's total. */
export const countRows = async (db: Db, table: PgTable, where: SQL | undefined): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return countOf(row);
};

/**
 * One page of an ordered list query (made `$dynamic()`) and the total of its filter. The total is
 * read first, then the page.
 */
export const pageRows = async <Q extends PgSelect>(page: Page, total: PromiseLike<number>, rows: Q): Promise<{ rows: Awaited<Q>; total: number }> => {
  const counted = await total;
  return { rows: await rows.limit(page.pageSize).offset(offsetOf(page)), total: counted };
};

/** The answer of every paged list: `{ list, pagination: { currentPage, pageSize, total } }`. */
export function pageAnswer<T>(rows: readonly T[], page: Page, total: number): Paged<T>;
export function pageAnswer<R, T>(rows: readonly R[], page: Page, total: number, map: (row: R) => T): Paged<T>;
export function pageAnswer<R, T>(rows: readonly R[], page: Page, total: number, map?: (row: R) => T): Paged<T | R> {
  return {
    list: map ? rows.map((row) => map(row)) : [...rows],
    pagination: { currentPage: page.currentPage, pageSize: page.pageSize, total },
  };
}
