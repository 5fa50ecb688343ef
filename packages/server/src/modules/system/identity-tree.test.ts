import { describe, expect, it } from 'vitest';
import { depthOf, heightOf, nestRows, subtreeIds, wouldCycle, type TreeRow } from './identity-tree.js';

const rows: TreeRow[] = [
  { id: 'hq', parentId: null },
  { id: 'ops', parentId: 'hq' },
  { id: 'night', parentId: 'ops' },
  { id: 'finance', parentId: 'hq' },
  { id: 'orphan', parentId: 'gone' },
];

interface Node {
  id: string;
  children: Node[];
}

describe('identity trees', () => {
  it('nests rows in their order and lifts a row with a missing parent to the top', () => {
    const tree = nestRows(rows, (row, children: Node[]): Node => ({ id: row.id, children }));
    expect(tree).toEqual([
      {
        id: 'hq',
        children: [
          { id: 'ops', children: [{ id: 'night', children: [] }] },
          { id: 'finance', children: [] },
        ],
      },
      { id: 'orphan', children: [] },
    ]);
  });

  it('finds a subtree, depths and heights', () => {
    expect([...subtreeIds(rows, 'ops')].sort()).toEqual(['night', 'ops']);
    expect(depthOf(rows, 'night')).toBe(3);
    expect(depthOf(rows, 'missing')).toBe(0);
    expect(heightOf(rows, 'hq')).toBe(3);
    expect(heightOf(rows, 'finance')).toBe(1);
  });

  it('spots a parent that would close a loop', () => {
    expect(wouldCycle(rows, 'ops', 'night')).toBe(true);
    expect(wouldCycle(rows, 'ops', 'ops')).toBe(true);
    expect(wouldCycle(rows, 'ops', 'finance')).toBe(false);
    expect(wouldCycle(rows, 'ops', null)).toBe(false);
  });

  it('does not loop forever on rows that already form a cycle', () => {
    const looped: TreeRow[] = [
      { id: 'a', parentId: 'b' },
      { id: 'b', parentId: 'a' },
    ];
    expect(nestRows(looped, (row, children: Node[]): Node => ({ id: row.id, children }))).toEqual([]);
    expect(depthOf(looped, 'a')).toBe(2);
  });
});
