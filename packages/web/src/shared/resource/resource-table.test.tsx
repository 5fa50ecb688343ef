import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import type { ListQuery } from './list-query';
import { ResourceTable } from './resource-table';
import { defineResource } from './resource-types';

interface Lane {
  id: string;
  name: string;
}

const lanes = defineResource<Lane>({
  resource: 'lane',
  name: '车道',
  listPath: '/api/system/ParkingLane',
  rowKey: 'id',
  selectable: true,
  actions: {},
  columns: [{ dataIndex: 'name', title: '车道名称' }],
});

const rows = (from: number, count: number): Lane[] => Array.from({ length: count }, (_, i) => ({ id: `l${from + i}`, name: `车道${from + i}` }));

const renderTable = (query: ListQuery, total: number, onQueryChange = vi.fn(), onSelectionChange = vi.fn()) => {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ResourceTable
        descriptor={lanes}
        query={query}
        page={{ list: rows((query.currentPage - 1) * query.pageSize + 1, Math.min(query.pageSize, total)), pagination: { ...query, total } }}
        loading={false}
        onQueryChange={onQueryChange}
        onSelectionChange={onSelectionChange}
      />
    </AppProviders>,
  );
  return { onQueryChange, onSelectionChange };
};

beforeAll(() => {
  const own = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => own(element));
});

describe('<ResourceTable>', { timeout: 30_000 }, () => {
  it('has a checkbox column when the resource is selectable, and reports the selection', async () => {
    const { onSelectionChange } = renderTable({ currentPage: 1, pageSize: 10, filters: {} }, 3);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(4); // select-all and one per row
    await userEvent.click(boxes[1]!);
    expect(onSelectionChange).toHaveBeenCalledWith(['l1']);
  });

  it('shows 共 N 条 and the sizes 10–200, and turns pages through the query', async () => {
    const { onQueryChange } = renderTable({ currentPage: 2, pageSize: 10, filters: {} }, 35);
    expect(screen.getByText('共 35 条')).toBeTruthy();
    expect(screen.getByText('11')).toBeTruthy(); // 序号 of the first row on page 2
    await userEvent.click(screen.getByTitle('下一页'));
    expect(onQueryChange).toHaveBeenLastCalledWith({ currentPage: 3, pageSize: 10 });

    await userEvent.click(screen.getByText('10 条/页'));
    for (const size of [10, 15, 20, 50, 100, 200]) expect(screen.getAllByTitle(`${size} 条/页`).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByTitle('20 条/页'));
    // a new size starts from page 1
    expect(onQueryChange).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 20 });
  });
});
