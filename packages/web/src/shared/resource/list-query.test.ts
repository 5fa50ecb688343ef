import { describe, expect, it } from 'vitest';
import { filterParams, listQueryShape, parseListQuery, serialNumber, serializeListQuery, toExportParams, toRequestParams, type ListQuery, type ListQueryShape } from './list-query';
import { systemMessageResource } from '../../modules/messages/messages.resource';

const shape: ListQueryShape = { filterParams: ['status', 'messageTypeList', 'plate'], sortFields: ['creatorTime'], defaultPageSize: 10 };
const parse = (search: string) => parseListQuery(new URLSearchParams(search), shape);

describe('list state in the URL', () => {
  it('reads page, size, sort and known filters', () => {
    expect(parse('currentPage=2&pageSize=20&sidx=creatorTime&sort=asc&status=0&messageTypeList=1,8')).toEqual({
      currentPage: 2,
      pageSize: 20,
      sidx: 'creatorTime',
      sort: 'asc',
      filters: { status: '0', messageTypeList: '1,8' },
    });
  });

  it('falls back to defaults for a bare or malformed URL, and ignores parameters the resource does not know', () => {
    expect(parse('')).toEqual({ currentPage: 1, pageSize: 10, filters: {} });
    expect(parse('currentPage=0&pageSize=abc&sidx=password&sort=asc&hack=1&status=')).toEqual({
      currentPage: 1,
      pageSize: 10,
      filters: {},
    });
    expect(parse('currentPage=-3&pageSize=1001').pageSize).toBe(10);
    expect(parse('sidx=creatorTime&sort=sideways')).not.toHaveProperty('sidx');
  });

  it('keeps a page size a shared link carries even when the pager does not offer it', () => {
    expect(parse('pageSize=4').pageSize).toBe(4);
  });

  it('round-trips: serialise then parse gives the same state, in a stable order', () => {
    const states: ListQuery[] = [
      { currentPage: 3, pageSize: 15, filters: {} },
      { currentPage: 1, pageSize: 200, sidx: 'creatorTime', sort: 'desc', filters: { status: '1', plate: '粤B 1' } },
      { currentPage: 2, pageSize: 20, filters: { messageTypeList: '1,8', status: '0' } },
    ];
    for (const state of states) expect(parseListQuery(serializeListQuery(state), shape)).toEqual(state);
    expect(serializeListQuery(states[2]!).toString()).toBe('currentPage=2&pageSize=20&messageTypeList=1%2C8&status=0');
  });

  it('takes its filters and page size from the descriptor', () => {
    expect(listQueryShape(systemMessageResource)).toEqual({
      filterParams: ['messageTypeList', 'status'],
      sortFields: [],
      defaultPageSize: 10,
    });
  });
});

describe('filter normalising', () => {
  it('trims strings and leaves empty ones out of the call', () => {
    expect(filterParams({ plate: '  粤B12345 ', status: '   ', messageTypeList: '' })).toEqual({ plate: '粤B12345' });
  });

  it('builds the list call and the export call from the same state', () => {
    const query: ListQuery = { currentPage: 2, pageSize: 20, sidx: 'creatorTime', sort: 'asc', filters: { status: ' 0 ', plate: ' ' } };
    expect(toRequestParams(query)).toEqual({ currentPage: 2, pageSize: 20, sidx: 'creatorTime', sort: 'asc', status: '0' });
    expect(toExportParams(query)).toEqual({ sidx: 'creatorTime', sort: 'asc', status: '0' });
  });
});

describe('序号', () => {
  it('continues across pages', () => {
    expect(serialNumber(0, 1, 10)).toBe(1);
    expect(serialNumber(0, 2, 10)).toBe(11);
    expect(serialNumber(4, 3, 15)).toBe(35);
  });
});
