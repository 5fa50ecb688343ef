import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { useSessionStore } from '../session/session-store';
import { ColumnSettingsButton } from './column-settings-button';
import { columnChoicesStorageKey } from './column-settings';
import { ResourceTable } from './resource-table';
import { defineResource } from './resource-types';

interface Payment {
  id: string;
  plateNumber: string;
  lotName: string;
  payer: string;
}

const payments = defineResource<Payment>({
  resource: 'paymentForColumns',
  name: '支付记录',
  listPath: '/api/system/Payment',
  rowKey: 'id',
  actions: {},
  columns: [
    { dataIndex: 'plateNumber', title: '车牌号', priority: 'key' },
    { dataIndex: 'lotName', title: '停车场' },
    { dataIndex: 'payer', title: '付款人', priority: 'secondary' },
  ],
});

const signInAs = (userId: string, tenantCode: string) =>
  useSessionStore.setState({
    user: { userId, userName: userId, userAccount: userId, avatar: '', tenantCode, tenantName: tenantCode, positionIds: [], roleIds: [], isAdministrator: false },
  });

const renderList = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ColumnSettingsButton descriptor={payments} />
      <ResourceTable
        descriptor={payments}
        query={{ currentPage: 1, pageSize: 10, filters: {} }}
        page={{ list: [{ id: 'p1', plateNumber: '粤B12345', lotName: '东门停车场', payer: '张三' }], pagination: { currentPage: 1, pageSize: 10, total: 1 } }}
        loading={false}
        onQueryChange={vi.fn()}
      />
    </AppProviders>,
  );

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
const box = (title: string) => within(screen.getByRole('group', { name: '列设置' })).getByRole('checkbox', { name: title });

beforeAll(() => {
  const own = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => own(element));
});

beforeEach(() => {
  window.localStorage.clear();
  signInAs('u1', 'demo');
});

afterEach(() => useSessionStore.setState({ user: null }));

describe('列设置', { timeout: 30_000 }, () => {
  it('hides a column, keeps that for the same user after a reload, and 重置 shows it again', async () => {
    const first = renderList();
    expect(headers()).toEqual(['序号', '车牌号', '停车场', '付款人']);
    await userEvent.click(screen.getByRole('button', { name: '列设置' }));
    // a key column cannot be hidden
    expect((box('车牌号') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(box('停车场'));
    expect(headers()).toEqual(['序号', '车牌号', '付款人']);
    expect(JSON.parse(window.localStorage.getItem(columnChoicesStorageKey('demo', 'u1', 'paymentForColumns'))!)).toEqual({ lotName: false });
    first.unmount();

    renderList();
    expect(headers()).toEqual(['序号', '车牌号', '付款人']);
    await userEvent.click(screen.getByRole('button', { name: '列设置' }));
    expect((box('停车场') as HTMLInputElement).checked).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    expect(headers()).toEqual(['序号', '车牌号', '停车场', '付款人']);
    expect(window.localStorage.getItem(columnChoicesStorageKey('demo', 'u1', 'paymentForColumns'))).toBeNull();
  });

  it('Esc closes it and puts the focus back on its button', async () => {
    renderList();
    const toggle = screen.getByRole('button', { name: '列设置' });
    await userEvent.click(toggle);
    await userEvent.click(box('付款人'));
    const popover = screen.getByRole('group', { name: '列设置' }).closest('.ant-popover')!;
    expect(popover.classList).not.toContain('ant-popover-hidden');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(popover.classList).toContain('ant-popover-hidden'));
    expect(document.activeElement).toBe(toggle);
    expect(headers()).toEqual(['序号', '车牌号', '停车场']);
  });

  it("is one user's own: another user or the same user of another tenant sees every column", async () => {
    const first = renderList();
    await userEvent.click(screen.getByRole('button', { name: '列设置' }));
    await userEvent.click(box('付款人'));
    expect(headers()).toEqual(['序号', '车牌号', '停车场']);
    first.unmount();

    signInAs('u2', 'demo');
    const second = renderList();
    expect(headers()).toEqual(['序号', '车牌号', '停车场', '付款人']);
    second.unmount();

    signInAs('u1', 'mw');
    renderList();
    expect(headers()).toEqual(['序号', '车牌号', '停车场', '付款人']);
  });
});
