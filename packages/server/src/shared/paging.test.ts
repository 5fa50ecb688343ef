import { describe, expect, it } from 'vitest';
import { countOf, offsetOf, pageAnswer, splitPage } from './paging.js';

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
