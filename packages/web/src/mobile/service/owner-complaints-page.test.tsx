import type { OwnerComplaint, OwnerStay, OwnerVehicle } from '@parking/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { ownerToken } from '../../modules/customers';
import { bodyOf, failure, quietComputedStyle } from '../../modules/system/pages/system-page-test-kit';
import { installFakeApi, ok, type FakeRoutes } from '../../test/fake-api';
import { OwnerStaysPage } from '../customers/owner-stays-page';
import { OwnerComplaintsPage } from './owner-complaints-page';

const recordId = '00000000-0000-4000-8000-0000000000a1';
const complaint = (overrides: Partial<OwnerComplaint> = {}): OwnerComplaint => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  category: 'billing',
  status: 'processing',
  content: '出场时多收了10元\n入场时间是上午9点，停了两个半小时',
  plateNumber: '粤B12345',
  recordId,
  receivedAt: '2026-03-09T04:00:00.000Z',
  deadlineAt: '2026-03-11T04:00:00.000Z',
  completedAt: null,
  result: '',
  replies: [
    { id: 'r1', author: 'staff', content: '您好，已核实计费记录，正在处理', createdAt: '2026-03-09T05:00:00.000Z' },
    { id: 'r2', author: 'owner', content: '出场照片可以提供', createdAt: '2026-03-09T06:00:00.000Z' },
  ],
  photos: [],
  ...overrides,
});
const done = complaint({
  id: '00000000-0000-4000-8000-0000000000c2',
  category: 'barrier',
  status: 'done',
  content: '道闸不抬杆',
  plateNumber: '',
  recordId: null,
  receivedAt: '2026-03-01T02:00:00.000Z',
  completedAt: '2026-03-01T08:30:00.000Z',
  result: '已检修道闸，致歉',
  replies: [],
});
const vehicle: OwnerVehicle = { id: '00000000-0000-4000-8000-0000000000b1', plateNumber: '粤B12345', plateColour: 0, state: 'verified', boundAt: '2026-03-01T02:00:00.000Z' };
const stay: OwnerStay = {
  id: recordId,
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
};
const fromStay = `/owner/complaints?recordId=${recordId}&plate=${encodeURIComponent('粤B12345')}&lot=${encodeURIComponent('万象天地停车场')}&enteredAt=2026-03-09T01:00:00.000Z`;

const show = (path: string, routes: FakeRoutes) => {
  const calls = installFakeApi({ 'GET /api/open/owner/vehicles': ok([vehicle]), ...routes });
  const router = createMemoryRouter(
    [
      { path: '/owner/login', element: <div>车主登录</div> },
      { path: '/owner/stays', element: <OwnerStaysPage /> },
      { path: '/owner/complaints', element: <OwnerComplaintsPage /> },
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
const item = (index: number) => screen.getAllByTestId('owner-complaint')[index]!;
const posts = (calls: ReturnType<typeof installFakeApi>) => calls.filter((c) => c.method === 'POST');

beforeAll(quietComputedStyle);
beforeEach(() => {
  window.localStorage.clear();
  ownerToken.set('owner-token');
});
afterEach(() => vi.restoreAllMocks());

describe('我的投诉', () => {
  it('lists the complaints with type, status, first line and Shanghai time, and opens the thread with 客服回复, 我的补充 and the result', async () => {
    const { calls } = show('/owner/complaints', { 'GET /api/open/owner/complaints': ok([complaint(), done]) });
    expect(await screen.findByText('计费错误')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/open/owner/complaints')!.headers['x-owner-token']).toBe('owner-token');
    expect(within(item(0)).getByText('处理中')).toBeTruthy();
    expect(within(item(0)).getByText('出场时多收了10元')).toBeTruthy();
    expect(within(item(0)).getByText('受理时间 2026-03-09 12:00')).toBeTruthy();
    expect(within(item(1)).getByText('已完成')).toBeTruthy();
    expect(screen.queryByText('客服回复 · 2026-03-09 13:00')).toBeNull();

    fireEvent.click(within(item(0)).getByRole('button', { name: /计费错误/ }));
    const replies = within(item(0)).getAllByTestId('owner-complaint-reply');
    expect(replies.map((r) => r.textContent)).toEqual(['客服回复 · 2026-03-09 13:00您好，已核实计费记录，正在处理', '我的补充 · 2026-03-09 14:00出场照片可以提供']);
    expect(within(item(0)).getByText(/入场时间是上午9点/)).toBeTruthy();
    expect(within(item(0)).getByLabelText('补充说明')).toBeTruthy();

    fireEvent.click(within(item(1)).getByRole('button', { name: /道闸/ }));
    expect(within(item(1)).getByText('办结结果 · 2026-03-01 16:30')).toBeTruthy();
    expect(within(item(1)).getByText('已检修道闸，致歉')).toBeTruthy();
    expect(within(item(1)).queryByLabelText('补充说明')).toBeNull();
  });

  it('says so when there is none', async () => {
    show('/owner/complaints', { 'GET /api/open/owner/complaints': ok([]) });
    expect(await screen.findByText('暂无投诉')).toBeTruthy();
  });

  it('opens 我的投诉 from 投诉 on a stay of 我的停车 with the stay chosen', async () => {
    const { router } = show('/owner/stays', {
      'GET /api/open/owner/stays': ok({ list: [stay], pagination: { currentPage: 1, pageSize: 10, total: 1 } }),
      'GET /api/open/owner/complaints': ok([]),
    });
    fireEvent.click(await screen.findByRole('link', { name: '投诉「万象天地停车场 粤B12345」的停车记录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/owner/complaints'));
    expect(new URLSearchParams(router.state.location.search).get('recordId')).toBe(recordId);
    expect((await screen.findByTestId('owner-complaint-stay')).textContent).toContain('停车记录：万象天地停车场 粤B12345 2026-03-09 09:00');
  });

  it('refuses an unchosen type and an empty or too long content before sending, then files with the stay of the link and shows it on top', { timeout: 30_000 }, async () => {
    let list = [done];
    const { calls, router } = show(fromStay, {
      'GET /api/open/owner/complaints': () => ok(list),
      'POST /api/open/owner/complaints': (call) => {
        const body = bodyOf(call) as { content: string };
        const filed = complaint({ id: '00000000-0000-4000-8000-0000000000c3', status: 'pending', content: body.content, replies: [] });
        list = [filed, ...list];
        return ok(filed);
      },
    });
    expect((await screen.findByTestId('owner-complaint-stay')).textContent).toBe('停车记录：万象天地停车场 粤B12345 2026-03-09 09:00清除');
    press('提交投诉');
    expect(await screen.findByText('请选择投诉类型')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '计费错误' }));
    press('提交投诉');
    expect(await screen.findByText('请填写投诉内容')).toBeTruthy();
    type('投诉内容', '多'.repeat(501));
    press('提交投诉');
    expect(await screen.findByText('投诉内容最长500个字')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    type('投诉内容', '  出场时多收了10元  ');
    press('提交投诉');
    expect(await screen.findByText('投诉已提交，客服会尽快处理')).toBeTruthy();
    const sent = posts(calls)[0]!;
    expect(bodyOf(sent)).toEqual({ category: 'billing', content: '出场时多收了10元', plateNumber: '粤B12345', recordId });
    expect(sent.headers['x-owner-token']).toBe('owner-token');
    await waitFor(() => expect(screen.getAllByTestId('owner-complaint')).toHaveLength(2));
    expect(within(item(0)).getByText('待处理')).toBeTruthy();
    expect(within(item(0)).getByText('出场时多收了10元')).toBeTruthy();
    expect(screen.queryByLabelText('投诉内容')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('shows the server refusal, and files without the stay once it is cleared', async () => {
    const { calls } = show(fromStay, {
      'GET /api/open/owner/complaints': ok([]),
      'POST /api/open/owner/complaints': (call) =>
        (bodyOf(call) as { recordId: string | null }).recordId ? failure(400, '停车记录不存在') : ok(complaint({ recordId: null, status: 'pending', replies: [] })),
    });
    fireEvent.click(await screen.findByRole('radio', { name: '其他' }));
    type('投诉内容', '出口排队太久');
    press('提交投诉');
    expect(await screen.findByText('停车记录不存在')).toBeTruthy();
    press('清除');
    expect(screen.queryByTestId('owner-complaint-stay')).toBeNull();
    press('提交投诉');
    expect(await screen.findByText('投诉已提交，客服会尽快处理')).toBeTruthy();
    expect(bodyOf(posts(calls).at(-1))).toMatchObject({ category: 'other', content: '出口排队太久', recordId: null });
  });

  it('sends a supplement to an open complaint, and hides it once the complaint is 已完成', { timeout: 30_000 }, async () => {
    let current = complaint({ replies: [] });
    const { calls } = show('/owner/complaints', {
      'GET /api/open/owner/complaints': () => ok([current]),
      'POST /api/open/owner/complaints/00000000-0000-4000-8000-0000000000c1/reply': (call) => {
        if (current.status === 'done') return failure(409, '该投诉已完成，不能再补充');
        const { content } = bodyOf(call) as { content: string };
        current = { ...current, replies: [{ id: 'r9', author: 'owner', content, createdAt: '2026-03-09T07:00:00.000Z' }] };
        return ok(current);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /计费错误/ }));
    press('提交');
    expect(await screen.findByText('请填写补充说明')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    type('补充说明', '出场照片可以提供');
    press('提交');
    expect(await screen.findByText('我的补充 · 2026-03-09 15:00')).toBeTruthy();
    expect(bodyOf(posts(calls)[0])).toEqual({ content: '出场照片可以提供' });
    expect(posts(calls)[0]!.headers['x-owner-token']).toBe('owner-token');

    // staff close it meanwhile: the refusal is told and the thread shows the result without 补充说明
    current = { ...current, status: 'done', result: '已退还10元', completedAt: '2026-03-09T08:00:00.000Z' };
    type('补充说明', '还有一张发票');
    press('提交');
    expect(await screen.findByText('该投诉已完成，不能再补充')).toBeTruthy();
    expect(await screen.findByText('办结结果 · 2026-03-09 16:00')).toBeTruthy();
    expect(screen.queryByLabelText('补充说明')).toBeNull();
    expect(within(item(0)).getByText('已完成')).toBeTruthy();
  });
});

describe("photos of the owner's complaint", () => {
  const photo = (name: string, type = 'image/png', size = 10) => new File([new Uint8Array(size)], name, { type });
  const pick = (...files: File[]) => fireEvent.change(screen.getByLabelText('添加照片'), { target: { files } });
  const filedId = '00000000-0000-4000-8000-0000000000c4';

  beforeAll(() => {
    // jsdom makes no object URLs: a preview needs only one to exist
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
  });

  it('picks up to 4, refuses another type, removes one before sending, uploads each after filing and shows them on 我的投诉', { timeout: 30_000 }, async () => {
    let held: { id: string; addedBy: 'owner'; createdAt: string }[] = [];
    let list: OwnerComplaint[] = [];
    const { calls } = show('/owner/complaints', {
      'GET /api/open/owner/complaints': () => ok(list),
      'POST /api/open/owner/complaints': () => ok(complaint({ id: filedId, status: 'pending', replies: [], photos: [] })),
      [`POST /api/open/owner/complaints/${filedId}/photos`]: () => {
        held = [...held, { id: `00000000-0000-4000-8000-00000000010${held.length}`, addedBy: 'owner', createdAt: '2026-03-09T04:00:00.000Z' }];
        list = [complaint({ id: filedId, status: 'pending', replies: [], photos: held })];
        return ok(held);
      },
      [`GET /api/open/owner/complaints/${filedId}/photos/00000000-0000-4000-8000-000000000100`]: { status: 200, body: new Blob(['png']) },
      [`GET /api/open/owner/complaints/${filedId}/photos/00000000-0000-4000-8000-000000000101`]: { status: 200, body: new Blob(['png']) },
      [`GET /api/open/owner/complaints/${filedId}/photos/00000000-0000-4000-8000-000000000102`]: { status: 200, body: new Blob(['png']) },
    });
    fireEvent.click(await screen.findByRole('button', { name: '我要投诉' }));
    await screen.findByLabelText('投诉内容');
    pick(photo('a.gif', 'image/gif'));
    expect(await screen.findByText('投诉照片只能是 JPG、PNG 或 WebP 格式的图片')).toBeTruthy();
    expect(screen.queryAllByTestId('picked-photo')).toHaveLength(0);
    pick(photo('1.png'), photo('2.jpg', 'image/jpeg'), photo('3.png'), photo('4.webp', 'image/webp'), photo('5.png'));
    expect(await screen.findByText('最多上传4张照片')).toBeTruthy();
    expect(screen.getAllByTestId('picked-photo')).toHaveLength(4);
    expect(screen.getByText('照片（选填，4/4）')).toBeTruthy();
    expect(screen.queryByLabelText('添加照片')).toBeNull();
    fireEvent.click(within(screen.getAllByTestId('picked-photo')[1]!).getByRole('button', { name: '移除' }));
    expect(screen.getAllByTestId('picked-photo')).toHaveLength(3);

    fireEvent.click(screen.getByRole('radio', { name: '道闸' }));
    type('投诉内容', '道闸砸到车顶');
    press('提交投诉');
    expect(await screen.findByText('投诉已提交，客服会尽快处理')).toBeTruthy();
    const uploads = posts(calls).filter((c) => c.url.endsWith('/photos'));
    expect(uploads).toHaveLength(3);
    expect(uploads.map((c) => ((c.data as FormData).get('file') as File).name)).toEqual(['1.png', '3.png', '4.webp']);
    expect(uploads[0]!.headers['x-owner-token']).toBe('owner-token');
    await waitFor(() => expect(screen.getAllByTestId('owner-complaint')).toHaveLength(1));
    // the new complaint opens on top with its thread
    expect(
      within(item(0))
        .getByRole('button', { name: /计费错误/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    await waitFor(() => expect(within(item(0)).getAllByRole('img', { name: /^投诉照片/ })).toHaveLength(3));
  });
});
