import { positionEndpoints } from '@parking/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { installFakeApi, ok } from '../../test/fake-api';
import type { ResourceDescriptor } from './resource-types';
import { prefetchResourceList, useResourceList } from './use-resource';

interface Position {
  id: string;
  name: string;
}

const positions: ResourceDescriptor<Position> = {
  name: '岗位',
  resource: 'prefetch-positions',
  rowKey: 'id',
  endpoints: positionEndpoints,
  actions: {},
  columns: [{ dataIndex: 'name', title: '岗位名称', search: { param: 'keyword' } }],
};

function Names() {
  const list = useResourceList(positions, { currentPage: 1, pageSize: 10, filters: { keyword: '收费' } });
  return <p>{list.data?.list.map((p) => p.name).join('、') ?? '…'}</p>;
}

const page = (names: string[]) => ok({ list: names.map((name, i) => ({ id: String(i), name })), pagination: { currentPage: 1, pageSize: 10, total: names.length } });

describe('a list asked for before its page is drawn', () => {
  it('is what the page shows on its first mount, without asking again; a later mount asks afresh', async () => {
    const calls = installFakeApi({ 'GET /api/system/Permission/Position': page(['收费员']) });
    const client = createQueryClient();
    prefetchResourceList(client, positions, new URLSearchParams('currentPage=1&pageSize=10&keyword=收费'));
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]!.params).toMatchObject({ keyword: '收费' });

    const first = render(
      <QueryClientProvider client={client}>
        <Names />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('收费员')).toBeTruthy();
    expect(calls).toHaveLength(1);
    first.unmount();

    render(
      <QueryClientProvider client={client}>
        <Names />
      </QueryClientProvider>,
    );
    await screen.findByText('收费员');
    await expect.poll(() => calls.length).toBe(2);
  });

  it('is not asked for when the address holds filters the contract refuses', async () => {
    const calls = installFakeApi({ 'GET /api/system/Permission/Position': page([]) });
    const client = createQueryClient();
    prefetchResourceList(client, positions, new URLSearchParams(`keyword=${'长'.repeat(40)}`));
    prefetchResourceList(client, positions, new URLSearchParams('keyword=岗'));
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]!.params).toMatchObject({ keyword: '岗' });
  });
});
