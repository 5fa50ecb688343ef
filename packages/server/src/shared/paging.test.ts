import { describe, expect, it } from 'vitest';
import { asc, gt, sql } from 'drizzle-orm';
import { countOf, countRows, offsetOf, pageAnswer, pageRows, splitPage } from './paging.js';

describe('splitPage', () => {
  it('takes the page out of a list query and leaves the filter whole', () => {
    const { page, filter } = splitPage({ currentPage: 3, pageSize: 20, keyword: '粤B', sort: 'desc' as const });
    expect(page).toEqual({ currentPage: 3, pageSize: 20 });
    expect(filter).toEqual({ keyword: '粤B', sort: 'desc' });
  });
});

describe('offsetOf', () => {
  it('skips nothing on the first page and whole pages after it', () => {
    expect(offsetOf({ currentPage: 1, pageSize: 10 })).toBe(0);
    expect(offsetOf({ currentPage: 4, pageSize: 15 })).toBe(45);
  });
});

describe('countOf', () => {
  it('reads a count whether the driver gives a number, a string or nothing', () => {
    expect(countOf({ n: 7 })).toBe(7);
    expect(countOf({ n: '12' })).toBe(12);
    expect(countOf({ n: 3n })).toBe(3);
    expect(countOf(undefined)).toBe(0);
  });
});

describe('pageAnswer', () => {
  const page = { currentPage: 2, pageSize: 2 };

  it('maps each row and echoes the page with the total', () => {
    const answer = pageAnswer([{ at: new Date('2026-01-02T03:04:05Z') }], page, 3, (row) => ({ at: row.at.toISOString() }));
    expect(answer).toEqual({ list: [{ at: '2026-01-02T03:04:05.000Z' }], pagination: { currentPage: 2, pageSize: 2, total: 3 } });
  });

  it('passes rows through when they are already the items, as a copy', () => {
    const rows = [{ id: 'a' }];
    const answer = pageAnswer(rows, page, 1);
    expect(answer.list).toEqual(rows);
    expect(answer.list).not.toBe(rows);
  });
});

describe('pageRows', () => {
  it('reads one page of the ordered rows and counts every row the filter matches', async () => {
    const { createTestDatabase } = await import('../test/test-app.js');
    const { integer, pgTable } = await import('drizzle-orm/pg-core');
    const database = await createTestDatabase();
    try {
      await database.db.execute(sql`create table spaces (n integer not null)`);
      const spaces = pgTable('spaces', { n: integer('n').notNull() });
      await database.db.insert(spaces).values([5, 1, 4, 2, 3, 0].map((n) => ({ n })));
      const where = gt(spaces.n, 0);
      const page = { currentPage: 2, pageSize: 2 };
      const answer = await pageRows(page, countRows(database.db, spaces, where), database.db.select().from(spaces).where(where).orderBy(asc(spaces.n)).$dynamic());
      expect(answer).toEqual({ rows: [{ n: 3 }, { n: 4 }], total: 5 });
    } finally {
      await database.close();
    }
  });
});
