import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTagsStore } from './tags-store';
import { useTagsSync } from './use-tags-sync';

function Layout() {
  useTagsSync();
  return <Outlet />;
}

const titles = () => useTagsStore.getState().visitedViews.map((view) => view.meta.title);

beforeEach(() => useTagsStore.getState().reset());

describe('the tab of the page on screen', () => {
  it('comes back when the page is left and opened again before the page in between has rendered', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            { path: '/parkingAdmin/parkingLane', element: <p>车道</p>, handle: { title: '车道' } },
            { path: '/OrderManagement/OrderWarning', element: <p>订单预警</p>, handle: { title: '订单预警' } },
          ],
        },
      ],
      { initialEntries: ['/OrderManagement/OrderWarning'] },
    );
    render(<RouterProvider router={router} />);
    expect(titles()).toEqual(['订单预警']);

    // 关闭其他 on 车道 while 订单预警 is on screen, then the menu's 订单预警 at once
    await act(async () => {
      void router.navigate('/parkingAdmin/parkingLane');
      useTagsStore.getState().delOthersViews('/parkingAdmin/parkingLane');
      await router.navigate('/OrderManagement/OrderWarning');
    });
    expect(router.state.location.pathname).toBe('/OrderManagement/OrderWarning');
    expect(titles()).toContain('订单预警');
    router.dispose();
  });
});
