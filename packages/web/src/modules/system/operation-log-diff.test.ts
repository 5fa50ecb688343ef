import { describe, expect, it } from 'vitest';
import { entryChanges, loggedValue, objectHref, wholeValueField } from './operation-log-diff';

const lotA = '11111111-1111-4111-8111-111111111111';
const lotB = '22222222-2222-4222-8222-222222222222';
const names = { [lotA]: '科兴科学园', [lotB]: '海岸城' };

const text = (value: string) => ({ kind: 'text', text: value });

describe('what a logged entry did, in the words of the console', () => {
  it('shows an update as only the fields it changed, labelled, before → after', () => {
    const changes = entryChanges({
      target: 'groupCard',
      targetId: 'c1',
      before: { id: 'c1', cardNo: 'JT-1', monthlyQuota: 20, lotIds: [lotA], updatedAt: '2026-11-20T02:03:04.000Z' },
      after: { id: 'c1', cardNo: 'JT-1', monthlyQuota: 30, lotIds: [lotA, lotB], updatedAt: '2026-11-21T16:30:00.000Z' },
      names,
    });
    expect(changes.mode).toBe('update');
    expect(changes.fields.map((f) => f.label)).toEqual(['适用停车场', '每月次数', '更新时间']);
    expect(changes.fields[1]).toMatchObject({ field: 'monthlyQuota', before: text('20'), after: text('30') });
    expect(changes.fields[0]?.after).toEqual({
      kind: 'objects',
      objects: [
        { id: lotA, name: '科兴科学园', href: '/parkingAdmin/parkingList?name=%E7%A7%91%E5%85%B4%E7%A7%91%E5%AD%A6%E5%9B%AD' },
        { id: lotB, name: '海岸城', href: '/parkingAdmin/parkingList?name=%E6%B5%B7%E5%B2%B8%E5%9F%8E' },
      ],
    });
    // UTC ISO times read on the Shanghai clock, the day turning over at 16:00 UTC
    expect(changes.fields[2]).toMatchObject({ before: text('2026-11-20 10:03:04'), after: text('2026-11-22 00:30:00') });
  });

  it('shows a creation as its values and a deletion as what was deleted, never as changes', () => {
    const created = entryChanges({ target: 'group', targetId: 'g1', before: null, after: { id: 'g1', name: '腾讯集团', enabled: true }, names: {} });
    expect(created).toEqual({
      mode: 'create',
      fields: [
        { field: 'name', label: '集团名称', before: undefined, after: text('腾讯集团') },
        { field: 'enabled', label: '启用', before: undefined, after: text('启用') },
      ],
    });
    // an id that is not the object's own is kept
    const deleted = entryChanges({ target: 'parkingLane', targetId: 'l1', before: { id: 'x1', name: '北门入口', direction: 'in', lotId: lotA }, after: null, names });
    expect(deleted.mode).toBe('delete');
    expect(deleted.fields.map((f) => [f.label, f.before, f.after])).toEqual([
      ['车道名称', text('北门入口'), undefined],
      ['方向', text('入口'), undefined],
      ['编号', text('x1'), undefined],
      ['停车场', { kind: 'objects', objects: [{ id: lotA, name: '科兴科学园', href: expect.stringMatching(/^\/parkingAdmin\/parkingList\?name=/) as unknown }] }, undefined],
    ]);
    expect(entryChanges({ target: 'session', targetId: '', before: null, after: null, names: {} })).toEqual({ mode: 'create', fields: [] });
  });

  it("lists fields in the catalogue's order, whatever order the snapshot's keys came in", () => {
    const changes = entryChanges({ target: 'dictDetail', targetId: 'd1', before: null, after: { zeta: 1, sort: 3, value: '8', label: '乙', dictName: 'd' }, names: {} });
    expect(changes.fields.map((f) => f.field)).toEqual(['dictName', 'label', 'value', 'sort', 'zeta']);
  });

  it('keeps a field no catalogue labels, under its name as words', () => {
    const changes = entryChanges({ target: 'groupCard', targetId: 'c1', before: { brandNewField: 1 }, after: { brandNewField: 2 }, names: {} });
    expect(changes.fields).toEqual([{ field: 'brandNewField', label: 'brand new field', before: text('1'), after: text('2') }]);
  });

  it('reads codes by their names, fen in yuan, phones masked, yes/no in Chinese, and an unnamed id by its start', () => {
    expect(loggedValue('groupCard', 'benefit', 'discount', {})).toEqual(text('折扣'));
    expect(loggedValue('groupCard', 'amountOff', 500, {})).toEqual(text('5.00 元'));
    // phones read masked, as on every staff list
    expect(loggedValue('group', 'phone', '13812345678', {})).toEqual(text('138****5678'));
    expect(loggedValue('user', 'mobile', '13900001111', {})).toEqual(text('139****1111'));
    expect(loggedValue('groupCard', 'plates', ['粤B12345', '粤B54321'], {})).toEqual(text('粤B12345、粤B54321'));
    expect(loggedValue('parkingLane', 'releaseAfterPayment', false, {})).toEqual(text('否'));
    expect(loggedValue('groupCard', 'validFrom', '2026-11-01', {})).toEqual(text('2026-11-01'));
    expect(loggedValue('groupCard', 'remark', null, {})).toEqual(text('—'));
    expect(loggedValue('groupCard', 'lotIds', [lotB], {})).toEqual({ kind: 'objects', objects: [{ id: lotB, name: '22222222…', href: undefined }] });
    expect(loggedValue('tariff', 'rules', { from: '2026-11-20T00:00:00Z' }, {})).toEqual(text('{\n  "from": "2026-11-20 08:00:00"\n}'));
  });

  it('compares bare values as one row, and links only kinds the console lists', () => {
    expect(entryChanges({ target: 'role', targetId: 'r1', before: ['a'], after: ['a', 'b'], names: {} }).fields).toEqual([
      { field: wholeValueField, label: wholeValueField, before: text('[\n  "a"\n]'), after: text('[\n  "a",\n  "b"\n]') },
    ]);
    expect(objectHref('groupCard', 'JT-1')).toBe('/ParkingOperations/groupCard?cardNo=JT-1');
    expect(objectHref('menu', '停车场')).toBe('/system/menu');
    expect(objectHref('session', 'x')).toBeUndefined();
  });
});
