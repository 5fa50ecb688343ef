import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/app-providers';
import { createQueryClient } from '../app/query-client';
import type { RouteHandle } from '../app/route-handle';
import { useSessionStore } from '../shared/session/session-store';
import { setToken } from '../shared/http/token-cookie';
import { installFakeApi, ok } from '../test/fake-api';
import { catalogueMenu } from '../test/menu-fixtures';
import { MainLayout } from './main-layout';
import { RedirectPage } from './redirect-page';
import { useTagsStore } from './tags-view/tags-store';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  const [params] = useSearchParams();
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {`${name}:${count}:${params.get('q') ?? ''}`}
    </button>
  );
}

const titled = (title: string, noCache = false): RouteHandle => ({ title, noCache });

function renderShell(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <MainLayout />,
        children: [
          { path: 'parkingAdmin/parkingList', handle: titled('停车场'), element: <Counter name="lots" /> },
          { path: 'parkingAdmin/parkingArea', handle: titled('片区'), element: <Counter name="areas" /> },
          { path: 'detail/:id', handle: titled('详情', true), element: <Counter name="detail" /> },
          { path: 'redirect/*', element: <RedirectPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const counts = { orderAlertcount: 0, reviewAppealcount: 0, deviceOfflineInCount: 0, deviceOfflineOutCount: 0, deviceOfflineCount: 0, kaipiaoCount: 0 };

beforeEach(() => {
  setToken('tok', false);
  installFakeApi({ 'GET /api/system/systemMessage/alertCount': ok(counts) });
  useTagsStore.getState().reset();
  useSessionStore.setState({
    user: { userId: 'u1', userName: '管理员', userAccount: 'admin', avatar: '', tenantCode: 'demo', tenantName: '演示', positionIds: [], roleIds: [], isAdministrator: true },
    menuList: catalogueMenu(),
    roles: ['ROLE_SYSTEM_DEFAULT'],
  });
});

describe('MainLayout keeps visited pages alive', () => {
  it('keeps a cached page state and its own URL while another tab is shown', async () => {
    const user = userEvent.setup();
    const router = renderShell('/parkingAdmin/parkingList?q=a');
    await user.click(await screen.findByRole('button', { name: 'lots:0:a' }));
    await act(() => router.navigate('/parkingAdmin/parkingArea?q=b'));
    expect(await screen.findByRole('button', { name: 'areas:0:b' })).toBeTruthy();
    // hidden, yet still mounted with its own query
    expect(screen.getByRole('button', { name: 'lots:1:a', hidden: true })).toBeTruthy();
    await act(() => router.navigate('/parkingAdmin/parkingList?q=a'));
    expect(await screen.findByRole('button', { name: 'lots:1:a' })).toBeTruthy();
    expect(useTagsStore.getState().visitedViews.map((v) => v.path)).toEqual(['/parkingAdmin/parkingList', '/parkingAdmin/parkingArea']);
    expect(useTagsStore.getState().visitedViews[0]?.meta.affix).toBe(true);
  });

  it('remounts a page on refresh, and does not keep a noCache page', async () => {
    const user = userEvent.setup();
    const router = renderShell('/parkingAdmin/parkingArea');
    await user.click(await screen.findByRole('button', { name: 'areas:0:' }));
    await user.click(screen.getByRole('button', { name: '刷新页面' }));
    expect(await screen.findByRole('button', { name: 'areas:0:' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/parkingAdmin/parkingArea');

    await act(() => router.navigate('/detail/7'));
    await user.click(await screen.findByRole('button', { name: 'detail:0:' }));
    await act(() => router.navigate('/parkingAdmin/parkingArea'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /detail/, hidden: true })).toBeNull());
    await act(() => router.navigate('/detail/7'));
    expect(await screen.findByRole('button', { name: 'detail:0:' })).toBeTruthy();
    expect(useTagsStore.getState().cachedViews).not.toContain('/detail/7');
  });

  it('closes the active tab to the last remaining one', async () => {
    const user = userEvent.setup();
    const router = renderShell('/parkingAdmin/parkingList');
    await act(() => router.navigate('/parkingAdmin/parkingArea'));
    await act(() => router.navigate('/detail/1'));
    await user.click(await screen.findByLabelText('关闭详情'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/parkingAdmin/parkingArea'));
    expect(screen.queryByLabelText('关闭停车场')).toBeNull();
  });
});
