import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../../test/fake-api';
import { quietComputedStyle, renderAt } from '../../system/pages/system-page-test-kit';
import { owner } from '../customers-fixtures';
import { CustomerPage } from '../pages/customer-page';

const second = owner({ id: 'c-2', phone: '13900001111', nickname: '李四' });

beforeAll(quietComputedStyle);

describe('车主 欠费 column', () => {
  it('asks what the whole page owes in one call and shows it in 元, red when owed', { timeout: 60_000 }, async () => {
    const calls = installFakeApi({
      'GET /api/system/Customer': () => ok({ list: [owner(), second], pagination: { currentPage: 1, pageSize: 10, total: 2 } }),
      'GET /api/system/Customer/Actions/Owed': (call) => {
        const ids = String((call.params as { ids: string }).ids).split(',');
        return ok(ids.map((customerId) => ({ customerId, owed: customerId === 'c-2' ? 1250 : 0 })));
      },
    });
    renderAt('/customer/customerList', '/customer/customerList', <CustomerPage />);
    expect((await screen.findAllByText('欠费(元)')).length).toBeGreaterThan(0);
    const row = (await screen.findByText('139****1111')).closest('tr')!;
    expect(await within(row).findByText('12.50')).toBeTruthy();
    expect(within((await screen.findByText('138****5678')).closest('tr')!).getByText('0.00')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/system/Customer/Actions/Owed')).toHaveLength(1));
    expect(calls.find((c) => c.url === '/api/system/Customer/Actions/Owed')!.params).toEqual({ ids: `${owner().id},c-2` });
  });
});
