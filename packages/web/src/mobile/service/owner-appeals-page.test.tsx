import type { OwnerAppeal, OwnerStay } from '@parking/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { ownerToken } from '../../modules/customers';
import { bodyOf, failure, quietComputedStyle } from '../../modules/system/pages/system-page-test-kit';
import { installFakeApi, ok, type FakeRoutes } from '../../test/fake-api';
import { OwnerStaysPage } from '../customers/owner-stays-page';
import { OwnerAppealsPage } from './owner-appeals-page';
import { OwnerComplaintsPage } from './owner-complaints-page';

const recordId = '00000000-0000-4000-8000-0000000000a1';
const pending = (overrides: Partial<OwnerAppeal> = {}): OwnerAppeal => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  recordId,
  plateNumber: '粤B12345',
  lotName: '万象天地停车场',
  reason: 'wrong_time',
  content: '11点半就出场了，记录是13点',
  status: 'pending',
  outcome: null,
  result: '',
  rejectReason: '',
  decidedAt: null,
  filedAt: '2026-03-09T04:00:00.000Z',
  photos: [],
  ...overrides,
});
const approved = pending({
  id: '00000000-0000-4000-8000-0000000000d2',
  recordId: '00000000-0000-4000-8000-0000000000a2',
  lotName: '南山停车场',
  reason: 'wrong_amount',
  content: '按公示标准应收8元',
  status: 'approved',
  outcome: 'amount',
  result: '应收金额更正为 ¥8.00，已退款',
  decidedAt: '2026-03-02T06:30:00.000Z',
  filedAt: '2026-03-01T02:00:00.000Z',
});
const rejected = pending({
  id: '00000000-0000-4000-8000-0000000000d3',
  recordId: '00000000-0000-4000-8000-0000000000a3',
  lotName: '',
  reason: 'not_parked',
  content: '那天没去过',
  status: 'rejected',
  outcome: 'reject',
  result: '申诉被驳回：出口照片显示该车13点出场',
  rejectReason: '出口照片显示该车13点出场',
  decidedAt: '2026-02-21T01:00:00.000Z',
  filedAt: '2026-02-20T01:00:00.000Z',
});
const stay = (overrides: Partial<OwnerStay> = {}): OwnerStay => ({
  id: recordId,
  lotName: '万象天地停车场',
  plateNumber: '粤B12345',
  plateColour: 0,
  enteredAt: '2026-03-09T01:00:00.000Z',
  exitedAt: '2026-03-09T05:00:00.000Z',
  durationSeconds: 14_400,
  amountDue: 2000,
  discount: 0,
  paid: 2000,
  unpaid: 0,
  state: 'closed',
  ...overrides,
});
const fromStay = `/owner/appeals?recordId=${recordId}&plate=${encodeURIComponent('粤B12345')}&lot=${encodeURIComponent('万象天地停车场')}&enteredAt=2026-03-09T01:00:00.000Z`;

const show = (path: string, routes: FakeRoutes) => {
  const calls = installFakeApi(routes);
  const router = createMemoryRouter(
    [
      { path: '/owner/login', element: <div>车主登录</div> },
      { path: '/owner/stays', element: <OwnerStaysPage /> },
      { path: '/owner/complaints', element: <OwnerComplaintsPage /> },
      { path: '/owner/appeals', element: <OwnerAppealsPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls, router };
};
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const item = (index: number) => screen.getAllByTestId('owner-appeal')[index]!;
const posts = (calls: ReturnType<typeof installFakeApi>) => calls.filter((c) => c.method === 'POST');

beforeAll(quietComputedStyle);
beforeEach(() => {
  window.localStorage.clear();
  ownerToken.set('owner-token');
});
afterEach(() => vi.restoreAllMocks());

describe('我的申诉', () => {
  it('lists the appeals with the stay, reason, status and Shanghai time, and the decision once made', async () => {
    const { calls } = show('/owner/appeals', { 'GET /api/open/owner/appeals': ok([pending(), approved, rejected]) });
    expect(await screen.findByText('粤B12345 · 万象天地停车场')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/open/owner/appeals')!.headers['x-owner-token']).toBe('owner-token');

    expect(within(item(0)).getByText('待审核')).toBeTruthy();
    expect(within(item(0)).getByText('时间有误')).toBeTruthy();
    expect(within(item(0)).getByText('2026-03-09 12:00')).toBeTruthy();
    expect(within(item(0)).getByText('11点半就出场了，记录是13点')).toBeTruthy();
    expect(within(item(0)).queryByTestId('owner-appeal-decision')).toBeNull();

    expect(within(item(1)).getByText('已通过')).toBeTruthy();
    expect(within(item(1)).getByText('金额有误')).toBeTruthy();
    expect(within(item(1)).getByTestId('owner-appeal-decision').textContent).toBe('处理结果：更正应收金额 · 2026-03-02 14:30应收金额更正为 ¥8.00，已退款');

    // a stay of a lot not known shows the plate alone; a rejection shows its reason once
    expect(within(item(2)).getByText('粤B12345')).toBeTruthy();
    expect(within(item(2)).getByText('已驳回')).toBeTruthy();
    expect(within(item(2)).getByTestId('owner-appeal-decision').textContent).toBe('驳回原因 · 2026-02-21 09:00出口照片显示该车13点出场');

    // no stay in the link: no form, the way to one instead
    expect(screen.queryByLabelText('申诉说明')).toBeNull();
    expect(screen.getAllByRole('link', { name: '我的停车' })).toHaveLength(2);
  });

  it('says so when there is none, and goes between 我的投诉 and 我的申诉', async () => {
    const { router } = show('/owner/appeals', { 'GET /api/open/owner/appeals': ok([]), 'GET /api/open/owner/complaints': ok([]) });
    expect(await screen.findByText('暂无申诉')).toBeTruthy();
    const switcher = screen.getByRole('navigation', { name: '投诉与申诉' });
    fireEvent.click(within(switcher).getByRole('link', { name: '我的投诉' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/complaints'));
    expect(await screen.findByText('暂无投诉')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('navigation', { name: '投诉与申诉' })).getByRole('link', { name: '我的申诉' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/appeals'));
  });

  it('sends a signed-out owner back to 车主登录', async () => {
    const { router } = show('/owner/appeals', { 'GET /api/open/owner/appeals': failure(401, '登录已过期，请重新登录') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/login'));
    expect(ownerToken.get()).toBeNull();
  });

  it('offers 申诉 on a finished stay of 我的停车 and not on a car still in, and opens the form on that stay', async () => {
    const { router } = show('/owner/stays', {
      'GET /api/open/owner/stays': ok({
        list: [stay(), stay({ id: '00000000-0000-4000-8000-0000000000a9', lotName: '南山停车场', exitedAt: null, state: 'parked', amountDue: 0, paid: 0 })],
        pagination: { currentPage: 1, pageSize: 10, total: 2 },
      }),
      'GET /api/open/owner/appeals': ok([]),
    });
    expect(await screen.findByRole('link', { name: '投诉「南山停车场 粤B12345」的停车记录' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '申诉「南山停车场 粤B12345」的停车记录' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '申诉「万象天地停车场 粤B12345」的停车记录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/appeals'));
    expect(new URLSearchParams(router.state.location.search).get('recordId')).toBe(recordId);
    expect((await screen.findByTestId('owner-appeal-stay')).textContent).toBe('停车记录：万象天地停车场 粤B12345 2026-03-09 09:00');
  });

  it('refuses an unchosen reason and an empty or too long explanation before sending, then files and shows the appeal on top', { timeout: 30_000 }, async () => {
    let list = [approved];
    const { calls, router } = show(fromStay, {
      'GET /api/open/owner/appeals': () => ok(list),
      'POST /api/open/owner/appeals': (call) => {
        const body = bodyOf(call) as { reason: OwnerAppeal['reason']; content: string };
        const filed = pending({ reason: body.reason, content: body.content });
        list = [filed, ...list];
        return ok(filed);
      },
    });
    expect(await screen.findByTestId('owner-appeal-stay')).toBeTruthy();
    press('提交申诉');
    expect(await screen.findByText('请选择申诉原因')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '时间有误' }));
    type('申诉说明', '   ');
    press('提交申诉');
    expect(await screen.findByText('请填写申诉说明')).toBeTruthy();
    type('申诉说明', '多'.repeat(501));
    press('提交申诉');
    expect(await screen.findByText('申诉说明最长500个字')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    type('申诉说明', '  11点半就出场了，记录是13点  ');
    press('提交申诉');
    expect(await screen.findByText('申诉已提交，请等待审核结果')).toBeTruthy();
    const sent = posts(calls)[0]!;
    expect(bodyOf(sent)).toEqual({ recordId, reason: 'wrong_time', content: '11点半就出场了，记录是13点' });
    expect(sent.headers['x-owner-token']).toBe('owner-token');
    await waitFor(() => expect(screen.getAllByTestId('owner-appeal')).toHaveLength(2));
    expect(within(item(0)).getByText('待审核')).toBeTruthy();
    expect(within(item(0)).getByText('11点半就出场了，记录是13点')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('申诉说明')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('shows the refusal of a stay already appealed on the form, and the open appeal in the list', async () => {
    let list: OwnerAppeal[] = [];
    const { calls } = show(fromStay, {
      'GET /api/open/owner/appeals': () => ok(list),
      'POST /api/open/owner/appeals': () => {
        list = [pending()];
        return failure(409, '该停车记录已有待审核的申诉，请等待审核结果');
      },
    });
    expect(await screen.findByText('暂无申诉')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '金额有误' }));
    type('申诉说明', '按公示标准应收8元');
    press('提交申诉');
    expect(await screen.findByText('该停车记录已有待审核的申诉，请等待审核结果')).toBeTruthy();
    expect(bodyOf(posts(calls)[0])).toEqual({ recordId, reason: 'wrong_amount', content: '按公示标准应收8元' });
    await waitFor(() => expect(screen.getAllByTestId('owner-appeal')).toHaveLength(1));
    expect(within(item(0)).getByText('待审核')).toBeTruthy();
    expect(screen.getByLabelText('申诉说明')).toBeTruthy();
  });
});

describe("photos of the owner's appeal", () => {
  const photo = (name: string, type = 'image/png') => new File([new Uint8Array(10)], name, { type });
  const pick = (...files: File[]) => fireEvent.change(screen.getByLabelText('添加照片'), { target: { files } });
  const appealId = '00000000-0000-4000-8000-0000000000d1';
  const photoId = (n: number) => `00000000-0000-4000-8000-00000000020${n}`;

  beforeAll(() => {
    // jsdom makes no object URLs: a preview needs only one to exist
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
  });

  it('sends the picked photos after the appeal is filed, says how many were refused, and shows those kept', { timeout: 30_000 }, async () => {
    let list: OwnerAppeal[] = [];
    let held: OwnerAppeal['photos'] = [];
    let tries = 0;
    const { calls } = show(fromStay, {
      'GET /api/open/owner/appeals': () => ok(list),
      'POST /api/open/owner/appeals': () => ok(pending()),
      [`POST /api/open/owner/appeals/${appealId}/photos`]: () => {
        tries += 1;
        // the server refuses the second photo: the appeal stands with the others
        if (tries === 2) return failure(400, '申诉照片只能是 JPG、PNG 或 WebP 格式的图片');
        held = [...held, { id: photoId(held.length), addedBy: 'owner', createdAt: '2026-03-09T04:00:00.000Z' }];
        list = [pending({ photos: held })];
        return ok(held);
      },
      [`GET /api/open/owner/appeals/${appealId}/photos/${photoId(0)}`]: { status: 200, body: new Blob(['png']) },
      [`GET /api/open/owner/appeals/${appealId}/photos/${photoId(1)}`]: { status: 200, body: new Blob(['png']) },
    });
    expect(await screen.findByTestId('owner-appeal-stay')).toBeTruthy();
    pick(photo('出场.png'), photo('票据.jpg', 'image/jpeg'), photo('道闸.webp', 'image/webp'));
    expect(screen.getAllByTestId('picked-photo')).toHaveLength(3);
    expect(screen.getByText('照片（选填，3/4）')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '时间有误' }));
    type('申诉说明', '11点半就出场了，记录是13点');
    press('提交申诉');
    expect(await screen.findByText('申诉已提交，1张照片上传失败')).toBeTruthy();
    const uploads = posts(calls).filter((c) => c.url.endsWith('/photos'));
    expect(uploads.map((c) => ((c.data as FormData).get('file') as File).name)).toEqual(['出场.png', '票据.jpg', '道闸.webp']);
    expect(uploads.every((c) => c.headers['x-owner-token'] === 'owner-token')).toBe(true);
    await waitFor(() => expect(within(item(0)).getAllByRole('img', { name: /^申诉照片/ })).toHaveLength(2));
  });
});
