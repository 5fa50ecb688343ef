import { describe, expect, it } from 'vitest';
import { pageQuery } from './paging.js';

describe('pageQuery', () => {
  it('defaults to page 1 of 10 and coerces query strings', () => {
    expect(pageQuery.parse({})).toEqual({ currentPage: 1, pageSize: 10 });
    expect(pageQuery.parse({ currentPage: '3', pageSize: '200' })).toEqual({ currentPage: 3, pageSize: 200 });
  });

  it.each([
    [{ pageSize: '1001' }, '每页条数最大为1000'],
    [{ pageSize: '0' }, '每页条数最小为1'],
    [{ currentPage: '0' }, '页码最小为1'],
    [{ currentPage: '1.5' }, '页码必须是整数'],
    [{ sort: 'sideways' }, '排序方向只能是 asc 或 desc'],
  ])('refuses %j with "%s"', (input, message) => {
    const result = pageQuery.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
