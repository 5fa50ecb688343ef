import type { OrganizationNode } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { filterOrganizations, organizationOptions, organizationRows, parentIds } from './organization-tree';

const node = (id: string, name: string, children: OrganizationNode[] = [], parentId: string | null = null): OrganizationNode => ({
  id,
  parentId,
  name,
  code: id.toUpperCase(),
  sortCode: 0,
  children,
});

// 总部 ─┬─ 运营部 ── 路内组
//       └─ 财务部
// 分公司
const tree = [node('hq', '总部', [node('ops', '运营部', [node('road', '路内组')]), node('fin', '财务部')]), node('branch', '分公司')];

describe('organization tree', () => {
  it('offers every organization as a tree select option, leaves without children', () => {
    expect(organizationOptions(tree)).toEqual([
      {
        value: 'hq',
        title: '总部',
        children: [
          { value: 'ops', title: '运营部', children: [{ value: 'road', title: '路内组' }] },
          { value: 'fin', title: '财务部' },
        ],
      },
      { value: 'branch', title: '分公司' },
    ]);
  });

  it('leaves out the organization being edited with its whole subtree: it cannot be its own parent', () => {
    const options = organizationOptions(tree, 'ops');
    expect(options).toEqual([
      { value: 'hq', title: '总部', children: [{ value: 'fin', title: '财务部' }] },
      { value: 'branch', title: '分公司' },
    ]);
  });

  it('names the parents to open, and gives leaves no children so the table draws no expander', () => {
    expect(parentIds(tree)).toEqual(['hq', 'ops']);
    const rows = organizationRows(tree);
    expect(rows[1]).not.toHaveProperty('children');
    expect(rows[0]!.children![0]!.children![0]).toEqual({ id: 'road', parentId: null, name: '路内组', code: 'ROAD', sortCode: 0 });
  });

  it('filters by name or code and keeps the path down to each match', () => {
    expect(filterOrganizations(tree, '路内')).toEqual([node('hq', '总部', [node('ops', '运营部', [node('road', '路内组')])])]);
    expect(filterOrganizations(tree, 'fin').map((n) => n.children.map((c) => c.id))).toEqual([['fin']]);
    expect(filterOrganizations(tree, '  ')).toEqual(tree);
    expect(filterOrganizations(tree, '无此组织')).toEqual([]);
  });
});
