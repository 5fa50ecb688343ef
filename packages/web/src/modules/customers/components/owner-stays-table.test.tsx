import type { OwnerStay } from '@parking/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import { installFakeApi, ok } from '../../../test/fake-api';
import { bodyRows, quietComputedStyle } from '../../system/pages/system-page-test-kit';
import { OwnerStaysTable } from './owner-stays-table';

const ownerId = '00000000-0000-4000-8000-00000000c001';
const stay = (overrides: Partial<OwnerStay>): OwnerStay => ({
  id: 's1',
  lotName: '万象天地停车场',
  plateNumber: '粤B12345',
  plateColour: 0,
  enteredAt: '2026-03-09T01:00:00.000Z',
  exitedAt: '2026-03-09T03:30:00.000Z',
  durationSeconds: 9000,
  amountDue: 1250,
  discount: 0,
  paid: 1250,
  unpaid: 0,
  state: 'closed',
  ...overrides,
});

beforeAll(quietComputedStyle);

describe('车主详情 停车记录', () => {
  it('shows the stays in every lot with what was paid and is owed, and narrows to arrears', { timeout: 30_000 }, async () => {
    const calls = installFakeApi({
      [`GET /api/system/Customer/${ownerId}/Stays`]: (call) =>
        (call.params as { unpaidOnly?: string }).unpaidOnly === '1'
          ? ok({
              list: [stay({ id: 's2', lotName: '南山停车场', paid: 0, unpaid: 600, amountDue: 600, state: 'unpaid' })],
              pagination: { currentPage: 1, pageSize: 10, total: 1 },
              owed: 600,
              paid: 1250,
            })
          : ok({
              list: [stay({}), stay({ id: 's2', lotName: '南山停车场', plateNumber: '粤BD12345', plateColour: 3, paid: 0, unpaid: 600, amountDue: 600, state: 'unpaid' })],
              pagination: { currentPage: 1, pageSize: 10, total: 2 },
              owed: 600,
              paid: 1250,
            }),
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <OwnerStaysTable customerId={ownerId} />
      </AppProviders>,
    );
    expect(await screen.findByText('万象天地停车场')).toBeTruthy();
    expect(bodyRows()).toHaveLength(2);
    // each plate on its own colour: a green new-energy plate is another vehicle than a blue one
    expect(screen.getByRole('button', { name: '粤B12345（蓝色），点击复制' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '粤BD12345（绿色），点击复制' })).toBeTruthy();
    expect(screen.getAllByText('2时30分', { selector: 'td' })).toHaveLength(2);
    expect(screen.getByText('欠费合计(元)')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
    fireEvent.click(screen.getByText('只看欠费'));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(calls.at(-1)!.params).toEqual({ currentPage: 1, pageSize: 10, unpaidOnly: '1' });
  });
});
