import type { OrganizationNode, SystemUser } from '@parking/contract';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { createQueryClient } from '../../../app/query-client';
import type { FakeReply, RecordedCall } from '../../../test/fake-api';

/** What the system pages' tests share: a router around the page, the pickers' answers, a few seeded rows. */
export function renderAt(path: string, route: string, page: ReactElement) {
  const router = createMemoryRouter([{ path: route, element: page }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

export const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** jsdom cannot measure pseudo-elements (antd's scrollbar probe asks); the element's own style will do. */
export function quietComputedStyle() {
  const own = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) => own(element));
}

export const failure = (status: number, msg: string): FakeReply => ({ status, body: { code: status, msg, data: null } });
export const saved = (msg: string, data: unknown = null): FakeReply => ({ status: 200, body: { code: 200, msg, data } });

export const organizationTree: OrganizationNode[] = [
  {
    id: '00000000-0000-4000-8000-00000000000a',
    parentId: null,
    name: '总部',
    code: 'HQ',
    sortCode: 0,
    children: [{ id: '00000000-0000-4000-8000-00000000000b', parentId: '00000000-0000-4000-8000-00000000000a', name: '运营部', code: 'OPS', sortCode: 1, children: [] }],
  },
];

export const positionOptions = [
  { id: '00000000-0000-4000-8000-00000000001b', name: '收费员', code: 'toll' },
  { id: '00000000-0000-4000-8000-00000000001a', name: '班长', code: 'lead' },
];
export const roleOptions = [{ id: '00000000-0000-4000-8000-00000000002a', name: '运营', code: 'ops' }];

export const systemUser = (overrides: Partial<SystemUser>): SystemUser => ({
  id: 'u-1',
  account: 'zhangsan',
  realName: '张三',
  mobile: '',
  email: '',
  status: 1,
  isAdministrator: false,
  organizationId: null,
  organizationName: '',
  positions: [],
  roles: [],
  createdAt: '2026-03-01T02:00:00.000Z',
  updatedAt: '2026-03-01T02:00:00.000Z',
  ...overrides,
});

export const bodyOf = (call: RecordedCall | undefined): unknown => (typeof call?.data === 'string' ? JSON.parse(call.data) : call?.data);
export const bodyRows = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')];
