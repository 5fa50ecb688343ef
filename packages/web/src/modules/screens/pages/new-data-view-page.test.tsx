import type { NewDataViewSnapshot } from '@parking/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, type FakeReply, type RecordedCall } from '../../../test/fake-api';
import { failure, quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { gridLayout, spaceGridBox } from '../components/space-grid';
import { fakeStreams, noStream } from '../live-events-test-kit';
import { NewDataViewPage } from './new-data-view-page';

// jsdom has no canvas: a chart is stood in for by its label
vi.mock('../components/screen-chart', () => ({ ScreenChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const path = '/api/system/screens/newDataView';
// 2026-11-28 14:30:05 in Shanghai
const fixedNow = () => new Date('2026-11-28T06:30:05Z');

const lot1 = '11111111-1111-4111-8111-111111111111';
const lot2 = '22222222-2222-4222-8222-222222222222';
const area1 = '33333333-3333-4333-8333-333333333333';

const snapshot = (overrides: Partial<NewDataViewSnapshot> = {}): NewDataViewSnapshot => ({
  tenantTitle: '智慧停车管理平台',
  updatedAt: '2026-11-28T06:29:58.000Z',
  today: '2026-11-28',
  choices: {
    lots: [
      { id: lot1, name: '东门停车场' },
      { id: lot2, name: '人民路' },
    ],
    areas: [{ id: area1, name: '城区' }],
  },
  scope: { kind: 'lot', id: lot1, name: '东门停车场', lots: 1 },
  totalSpaces: 4,
  freeSpaces: 1,
  occupancyPercent: 75,
  spaces: [
    { number: 'A001', state: 'occupied' },
    { number: 'A002', state: 'free' },
    { number: 'A003', state: 'occupied' },
    { number: 'A004', state: 'fault' },
  ],
  moreSpaces: 0,
  entriesToday: 1234,
  exitsToday: 12,
  turnover: 3,
  averageStayMinutes: 95,
  receivedToday: 123456,
  receivableToday: 150000,
  durations: [
    { label: '1小时内', count: 5 },
    { label: '1-2小时', count: 4 },
    { label: '2-4小时', count: 3 },
    { label: '4-8小时', count: 0 },
    { label: '8-24小时', count: 0 },
    { label: '24小时以上', count: 0 },
  ],
  hours: Array.from({ length: 24 }, (_, h) => ({ hour: h, entriesToday: h, exitsToday: h, entriesYesterday: 1, exitsYesterday: 1 })),
  ...overrides,
});

/** Answers each ask with `reply(call)`; returns the asks made. */
const answer = (reply: (call: RecordedCall, asked: number) => FakeReply) => {
  let asked = 0;
  const calls = installFakeApi({ [`GET ${path}`]: (call) => reply(call, asked++) });
  return () => calls.filter((c) => c.url === path);
};

const kpi = (label: string) => screen.getByRole('listitem', { name: label });
const figure = (label: string) => kpi(label).querySelector('.data-view-kpi__value')?.textContent;

beforeAll(() => {
  quietComputedStyle();
});

describe('新版数据大屏', () => {
  it('shows the first lot with its KPIs: 周转率 to two decimals, the average stay in minutes, money in 元 from fen', async () => {
    const asks = answer(() => ok(snapshot()));
    renderAt('/newDataView', '/newDataView', <NewDataViewPage live={noStream} now={fixedNow} />);
    expect(await screen.findByText('智慧停车管理平台')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('新版数据大屏');
    expect(asks()[0]!.params).toEqual({});
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: '选择停车场或区域' }).value).toBe(`lot:${lot1}`);
    expect(figure('泊位总数')).toBe('4');
    expect(figure('空闲泊位')).toBe('1');
    expect(figure('占用率')).toBe('75');
    expect(figure('今日入场')).toBe('1,234');
    expect(figure('今日出场')).toBe('12');
    expect(figure('周转率')).toBe('3.00');
    expect(figure('平均停放')).toBe('95');
    expect(figure('今日实收')).toBe('1,234.56');
    expect(figure('今日应收')).toBe('1,500.00');
    expect(screen.getByRole('img', { name: '停车时长分布图' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '今日进出场按小时图' })).toBeTruthy();
  });

  it('draws every space coloured by its state, counts the states, and says how many are not drawn', async () => {
    answer(() => ok(snapshot({ moreSpaces: 1234 })));
    renderAt('/newDataView', '/newDataView', <NewDataViewPage live={noStream} now={fixedNow} />);
    const cells = within(await screen.findByRole('list', { name: '泊位' })).getAllByRole('listitem');
    expect(cells.map((cell) => [cell.textContent, cell.className.replace('space-grid__cell ', '')])).toEqual([
      ['A001', 'space-grid__cell--occupied'],
      ['A002', 'space-grid__cell--free'],
      ['A003', 'space-grid__cell--occupied'],
      ['A004', 'space-grid__cell--fault'],
    ]);
    const legend = within(screen.getByRole('list', { name: '泊位图例' })).getAllByRole('listitem');
    expect(legend.map((li) => li.textContent)).toEqual(['空闲 1', '占用 2', '故障 1', '另有 1,234 个泊位未显示']);
    expect(screen.getByText('东门停车场', { selector: '.new-data-view-scope' })).toBeTruthy();
  });

  it('asks for the chosen area, keeps it in the address, and names how many lots it holds', async () => {
    const asks = answer((call) =>
      ok((call.params as { areaId?: string }).areaId === area1 ? snapshot({ scope: { kind: 'area', id: area1, name: '城区', lots: 2 }, totalSpaces: 40 }) : snapshot()),
    );
    const router = renderAt('/newDataView', '/newDataView', <NewDataViewPage live={noStream} now={fixedNow} />);
    const picker = await screen.findByRole('combobox', { name: '选择停车场或区域' });
    await user.selectOptions(picker, `area:${area1}`);
    expect(await screen.findByText('城区（2 个停车场）')).toBeTruthy();
    expect(asks().at(-1)!.params).toEqual({ areaId: area1 });
    expect(router.state.location.search).toBe(`?areaId=${area1}`);
    await waitFor(() => expect(kpi('泊位总数').querySelector('.data-view-kpi__value')?.getAttribute('data-value')).toBe('40'));
  });

  it('opens on the lot the address names', async () => {
    const asks = answer(() => ok(snapshot({ scope: { kind: 'lot', id: lot2, name: '人民路', lots: 1 } })));
    renderAt(`/newDataView?lotId=${lot2}`, '/newDataView', <NewDataViewPage live={noStream} now={fixedNow} />);
    expect(await screen.findByText('人民路', { selector: '.new-data-view-scope' })).toBeTruthy();
    expect(asks()[0]!.params).toEqual({ lotId: lot2 });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: '选择停车场或区域' }).value).toBe(`lot:${lot2}`);
  });

  it('goes back to the first lot when the address names a lot that is gone', async () => {
    const asks = answer((call) => ((call.params as { lotId?: string }).lotId ? failure(400, '停车场不存在或已停用') : ok(snapshot())));
    const router = renderAt(`/newDataView?lotId=${lot2}`, '/newDataView', <NewDataViewPage live={noStream} now={fixedNow} />);
    expect(await screen.findByText('东门停车场', { selector: '.new-data-view-scope' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(asks().map((c) => c.params)).toEqual([{ lotId: lot2 }, {}]);
    expect(screen.queryByText('数据加载失败')).toBeNull();
  });

  it('says so instead of empty panels: a lot counted at its lanes, a day with no stays, a tenant with no lot', async () => {
    answer(() => ok(snapshot({ spaces: [], totalSpaces: 300, freeSpaces: 75, durations: snapshot().durations.map((d) => ({ ...d, count: 0 })), exitsToday: 0 })));
    renderAt('/newDataView', '/newDataView', <NewDataViewPage live={noStream} now={fixedNow} />);
    // counted at its lanes: how full it is, not cells it does not have
    expect(await screen.findByText('按车道进出计数，未逐个登记泊位')).toBeTruthy();
    expect(screen.getByLabelText('车道计数').querySelector('.space-summary__figure')?.textContent).toBe('225 / 300 已占用');
    expect(screen.getByRole('meter', { name: '占用' }).getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByText('今日暂无出场车辆')).toBeTruthy();
    // no stay left today: no average to say
    expect(figure('平均停放')).toBe('—');
  });

  it('a tenant with no lot: 暂无停车场 in the corner and on the grid', async () => {
    answer(() => ok(snapshot({ choices: { lots: [], areas: [] }, scope: { kind: 'none', id: '', name: '', lots: 0 }, spaces: [], totalSpaces: 0, freeSpaces: 0, occupancyPercent: 0 })));
    renderAt('/newDataView', '/newDataView', <NewDataViewPage live={noStream} now={fixedNow} />);
    expect(await screen.findByText('暂无启用的停车场')).toBeTruthy();
    expect(screen.getByText('暂无停车场')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(figure('占用率')).toBe('—');
    expect(figure('周转率')).toBe('—');
  });

  it('keeps the last figures when a refresh fails and says so; offers 重试 when the first one fails', async () => {
    const asks = answer((_call, asked) => (asked === 0 || asked === 2 ? failure(500, '服务器开小差了') : ok(asked === 1 ? snapshot() : snapshot({ updatedAt: '2026-11-28T06:31:00.000Z' }))));
    renderAt('/newDataView', '/newDataView', <NewDataViewPage live={noStream} now={fixedNow} refreshSeconds={0.2} />);
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('数据更新于 14:29:58')).toBeTruthy();
    expect(await screen.findByText('连接中断，正在重连…')).toBeTruthy();
    expect(figure('泊位总数')).toBe('4');
    // it keeps asking on its period and says so no more once an answer comes
    expect(await screen.findByText('数据更新于 14:31:00')).toBeTruthy();
    expect(asks().length).toBeGreaterThanOrEqual(3);
  });

  it('a car in the shown lot brings a fresh snapshot; a car elsewhere does not', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const asks = answer(() => ok(snapshot()));
      const server = fakeStreams();
      renderAt('/newDataView', '/newDataView', <NewDataViewPage live={{ fetcher: server.fetcher, retryMs: 5 }} now={fixedNow} refreshSeconds={3600} />);
      await waitFor(() => expect(screen.getByLabelText('实时连接').textContent).toBe('实时'));
      expect(asks()).toHaveLength(1);
      server.opened[0]!.push(`data: ${JSON.stringify({ kind: 'entry', plateNumber: '粤B55555', lotId: lot2, at: '2026-11-28T06:30:00.000Z' })}\n\n`);
      await vi.advanceTimersByTimeAsync(6_000);
      expect(asks()).toHaveLength(1);
      // two cars close together: one snapshot, once the server's cached one has aged
      for (const plate of ['粤B66666', '粤B77777']) server.opened[0]!.push(`data: ${JSON.stringify({ kind: 'entry', plateNumber: plate, lotId: lot1, at: '2026-11-28T06:30:00.000Z' })}\n\n`);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(asks()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(2_000);
      await waitFor(() => expect(asks()).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('gridLayout', () => {
  const fitsBox = (count: number) => {
    const { columns, size } = gridLayout(count);
    const rows = Math.ceil(count / columns);
    return columns * size + (columns - 1) * 4 <= spaceGridBox.width && rows * size + (rows - 1) * 4 <= spaceGridBox.height;
  };

  it('draws a few spaces large, at most 120 px, with their numbers', () => {
    expect(gridLayout(12)).toEqual({ columns: 8, size: 120, fontSize: 20 });
    expect(gridLayout(1)).toEqual({ columns: 1, size: 120, fontSize: 20 });
  });

  it('fits 400 spaces in the box with numbers still legible, and drops the numbers only when cells get too small', () => {
    const full = gridLayout(400);
    expect(full.size).toBeGreaterThanOrEqual(32);
    expect(full.fontSize).toBeGreaterThanOrEqual(10);
    expect(gridLayout(2000).fontSize).toBe(0);
    for (const count of [1, 7, 12, 50, 99, 100, 250, 399, 400, 2000]) expect(fitsBox(count), String(count)).toBe(true);
  });
});
