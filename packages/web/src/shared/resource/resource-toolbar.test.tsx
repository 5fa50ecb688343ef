import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, AxiosResponse } from 'axios';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { http } from '../http/http-client';
import { ResourceToolbar } from './resource-toolbar';
import { defineResource } from './resource-types';

const records = defineResource<{ id: string }>({
  resource: 'parking-record',
  name: '停车记录',
  listPath: '/api/system/ParkingRecord',
  rowKey: 'id',
  actions: { export: true },
  columns: [],
});

const own = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = own;
});
beforeAll(() => {
  const computed = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => computed(element));
});

/** An export that never finishes until cancelled, and a server that reports `rows` of `total` written. */
const slowExport = (rows: number, total: number | null) => {
  const seen = { exportId: '', progressAsked: '', aborted: false };
  const adapter: AxiosAdapter = (config) =>
    new Promise((resolve, reject) => {
      if (config.url === '/api/system/ParkingRecord/Actions/Export') {
        seen.exportId = String(config.headers.get('x-export-id'));
        config.signal?.addEventListener?.('abort', () => {
          seen.aborted = true;
          void import('axios').then(({ CanceledError }) => reject(new CanceledError(undefined, undefined, config)));
        });
        return;
      }
      seen.progressAsked = config.url ?? '';
      const response: AxiosResponse = { data: { code: 200, msg: 'ok', data: { rows, total, state: 'running' } }, status: 200, statusText: '', headers: {}, config };
      resolve(response);
    });
  http.defaults.adapter = adapter;
  return seen;
};

const renderToolbar = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ResourceToolbar descriptor={records} query={{ currentPage: 1, pageSize: 10, filters: {} }} selectedCount={0} reloading={false} onReload={vi.fn()} onCreate={vi.fn()} />
    </AppProviders>,
  );

describe('<ResourceToolbar> export', { timeout: 30_000 }, () => {
  it('shows the rows the server has written, offers 取消, and cancelling stops the download', async () => {
    const seen = slowExport(12_000, null);
    renderToolbar();
    await userEvent.click(screen.getByRole('button', { name: /导出/ }));
    expect(await screen.findByText('导出中 已写入 12,000 行')).toBeTruthy();
    expect(seen.exportId).toMatch(/^[0-9a-f]{32}$/);
    expect(seen.progressAsked).toBe(`/api/system/Export/Progress/${seen.exportId}`);

    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(await screen.findByText('已取消导出')).toBeTruthy();
    expect(seen.aborted).toBe(true);
    expect((await screen.findByRole('button', { name: /导出/ })).textContent).toBe('导出');
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
  });

  it('says how many of how many when the server knows the total', async () => {
    slowExport(12_000, 1_000_000);
    renderToolbar();
    await userEvent.click(screen.getByRole('button', { name: /导出/ }));
    expect(await screen.findByText('导出中 12,000 / 1,000,000 行')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
  });
});
