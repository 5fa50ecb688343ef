import type { DataViewHour, DataViewSnapshot } from '@parking/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, type FakeReply } from '../../../test/fake-api';
import { failure, quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { fakeStreams, noStream } from '../live-events-test-kit';
import { arrivedMovements, DataViewPage, mergeMovements } from './data-view-page';

// jsdom has no canvas: a chart is stood in for by its label, what is drawn from it is tested as options
vi.mock('../components/screen-chart', () => ({ ScreenChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const path = '/api/system/screens/dataView';
// 2026-11-28 14:30:05 in Shanghai, a Saturday
const fixedNow = () => new Date('2026-11-28T06:30:05Z');

const hour = (h: number): DataViewHour => ({ hour: h, entriesToday: h, exitsToday: h, entriesYesterday: 1, exitsYesterday: 1 });

const snapshot = (overrides: Partial<DataViewSnapshot> = {}): DataViewSnapshot => ({
  tenantTitle: '智慧停车管理平台',
  updatedAt: '2026-11-28T06:29:58.000Z',
  today: '2026-11-28',
  kpis: {
    lots: 3,
    totalSpaces: 1200,
    freeSpaces: 300,
    parked: 900,
    occupancyPercent: 75,
    staysToday: 90,
    staysYesterday: 100,
    entriesToday: 1234,
    receivedToday: 123456,
    receivedYesterday: 100000,
    receivableToday: 150000,
    receivableYesterday: 0,
    recoveredToday: 5050,
  },
  lots: [
    {
      id: 'l-1',
      name: '东门停车场',
      placement: 'offStreet',
      areaName: '城区',
      lng: 114.05,
      lat: 22.54,
      totalSpaces: 200,
      freeSpaces: 10,
      occupancyPercent: 95,
      level: 'tight',
      receivedToday: 100000,
    },
    { id: 'l-2', name: '人民路', placement: 'onStreet', areaName: '城区', lng: null, lat: null, totalSpaces: 40, freeSpaces: 0, occupancyPercent: 100, level: 'full', receivedToday: 23456 },
  ],
  hours: Array.from({ length: 24 }, (_, h) => hour(h)),
  channels: [
    { channel: 'wechat', amount: 100000 },
    { channel: 'alipay', amount: 23456 },
    { channel: 'cash', amount: 0 },
  ],
  topRevenue: [
    { lotName: '东门停车场', amount: 100000 },
    { lotName: '人民路', amount: 23456 },
  ],
  topOccupancy: [
    { lotName: '人民路', occupancyPercent: 100 },
    { lotName: '东门停车场', occupancyPercent: 95 },
  ],
  latest: [
    { kind: 'entry', plateNumber: '粤B12345', lotName: '东门停车场', at: '2026-11-28T06:29:01.000Z' },
    { kind: 'exit', plateNumber: '粤B67890', lotName: '人民路', at: '2026-11-28T06:20:30.000Z' },
  ],
  ...overrides,
});

const answer = (replies: FakeReply[]) => {
  let asked = 0;
  const calls = installFakeApi({ [`GET ${path}`]: () => replies[Math.min(asked++, replies.length - 1)]! });
  return () => calls.filter((c) => c.url === path).length;
};

const kpi = (label: string) => screen.getByRole('listitem', { name: label });

beforeAll(() => {
  quietComputedStyle();
});

describe('数据大屏', () => {
  it('shows the tenant, the clock and the KPIs: money in 元 from fen, today against yesterday with its sign', async () => {
    answer([ok(snapshot())]);
    renderAt('/dataView', '/dataView', <DataViewPage live={noStream} now={fixedNow} />);
    expect(await screen.findByText('智慧停车管理平台')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('数据大屏');
    expect(screen.getByLabelText('时钟').textContent).toBe('14:30:052026-11-28 星期六');
    expect(screen.getByRole('status').textContent).toBe('数据更新于 14:29:58');

    expect(within(kpi('停车场')).getByText('3')).toBeTruthy();
    expect(within(kpi('泊位总数')).getByText('1,200')).toBeTruthy();
    expect(within(kpi('空闲泊位')).getByText('300')).toBeTruthy();
    expect(within(kpi('占用率')).getByText('75')).toBeTruthy();
    expect(within(kpi('今日入场')).getByText('1,234')).toBeTruthy();
    expect(within(kpi('今日实收')).getByText('1,234.56')).toBeTruthy();
    expect(within(kpi('今日实收')).getByText(/较昨日/).textContent).toBe('较昨日 ▲+23.5%');
    expect(within(kpi('今日出场')).getByText(/较昨日/).textContent).toBe('较昨日 ▼-10.0%');
    // nothing yesterday: no percentage can be said
    expect(within(kpi('今日应收')).getByText('1,500.00')).toBeTruthy();
    expect(within(kpi('今日应收')).getByText(/较昨日/).textContent).toBe('较昨日 —');
    expect(within(kpi('今日追缴')).getByText('50.50')).toBeTruthy();
  });

  it('draws the plan, the hours and the channels, lists the TOP10s in 元 and percent, and the latest movements', async () => {
    answer([ok(snapshot())]);
    renderAt('/dataView', '/dataView', <DataViewPage live={noStream} now={fixedNow} />);
    expect(await screen.findByRole('img', { name: '停车场分布图' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '今日进出场按小时图' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '今日收款渠道图' })).toBeTruthy();

    const revenue = [...within(screen.getByRole('list', { name: '营收排行' })).getAllByRole('listitem')].map((li) => li.textContent);
    expect(revenue).toEqual(['1东门停车场1,000.00 元', '2人民路234.56 元']);
    const occupancy = [...within(screen.getByRole('list', { name: '占用率排行' })).getAllByRole('listitem')].map((li) => li.textContent);
    expect(occupancy).toEqual(['1人民路100%', '2东门停车场95%']);

    const rows = within(screen.getByRole('list', { name: '实时进出' })).getAllByRole('listitem');
    expect(rows.map((li) => [...li.children].map((cell) => cell.textContent))).toEqual([
      ['进场', '粤B12345', '东门停车场', '14:29:01'],
      ['出场', '粤B67890', '人民路', '14:20:30'],
    ]);
  });

  it('says 今日暂无收款, 暂无停车场 and 暂无进出记录 instead of empty panels', async () => {
    answer([
      ok(
        snapshot({
          lots: [],
          channels: [
            { channel: 'wechat', amount: 0 },
            { channel: 'cash', amount: 0 },
          ],
          topRevenue: [],
          topOccupancy: [],
          latest: [],
        }),
      ),
    ]);
    renderAt('/dataView', '/dataView', <DataViewPage live={noStream} now={fixedNow} />);
    expect(await screen.findByText('今日暂无收款')).toBeTruthy();
    expect(screen.getByText('暂无停车场')).toBeTruthy();
    expect(screen.getByText('暂无进出记录')).toBeTruthy();
    expect(screen.getAllByText('暂无数据')).toHaveLength(2);
    expect(screen.queryByRole('img', { name: '今日收款渠道图' })).toBeNull();
    expect(screen.queryByRole('img', { name: '停车场分布图' })).toBeNull();
  });

  it('keeps the last figures when a refresh fails and says the link is down, then recovers', async () => {
    const asked = answer([ok(snapshot()), failure(500, '服务器开小差了'), ok(snapshot({ kpis: { ...snapshot().kpis, lots: 4 }, updatedAt: '2026-11-28T06:31:00.000Z' }))]);
    renderAt('/dataView', '/dataView', <DataViewPage live={noStream} now={fixedNow} refreshSeconds={0.2} />);
    expect(await screen.findByText('数据更新于 14:29:58')).toBeTruthy();
    expect(await screen.findByText('连接中断，正在重连…')).toBeTruthy();
    expect(within(kpi('今日实收')).getByText('1,234.56')).toBeTruthy();
    expect(within(kpi('停车场')).getByText('3')).toBeTruthy();
    // it keeps asking on its period and says so no more once an answer comes
    expect(await screen.findByText('数据更新于 14:31:00')).toBeTruthy();
    expect(asked()).toBeGreaterThanOrEqual(3);
    await waitFor(() => expect(within(kpi('停车场')).getByText('4')).toBeTruthy());
  });

  it('says 加载中 before the first snapshot, and offers 重试 when it fails', async () => {
    const asked = answer([failure(500, '服务器开小差了'), ok(snapshot())]);
    renderAt('/dataView', '/dataView', <DataViewPage live={noStream} now={fixedNow} refreshSeconds={3600} />);
    expect(screen.getByText('加载中…')).toBeTruthy();
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('智慧停车管理平台')).toBeTruthy();
    expect(asked()).toBe(2);
  });

  it('adds the cars the event stream brings to 实时进出 without a reload, says it is live, and reads a fresh snapshot when the stream comes back', async () => {
    const asked = answer([ok(snapshot())]);
    const server = fakeStreams();
    renderAt('/dataView', '/dataView', <DataViewPage live={{ fetcher: server.fetcher, retryMs: 5 }} now={fixedNow} refreshSeconds={3600} />);
    const list = await screen.findByRole('list', { name: '实时进出' });
    await waitFor(() => expect(screen.getByLabelText('实时连接').textContent).toBe('实时'));
    server.opened[0]!.push(`data: ${JSON.stringify({ kind: 'exit', plateNumber: '粤B55555', lotId: 'l-2', at: '2026-11-28T06:30:00.000Z' })}\n\n`);
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]!.textContent).toBe('出场粤B55555人民路14:30:00'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // the stream breaks and comes back by itself: what was missed comes in a fresh snapshot
    expect(asked()).toBe(1);
    server.opened[0]!.close();
    await waitFor(() => expect(server.opened).toHaveLength(2));
    await waitFor(() => expect(asked()).toBe(2));
  });
});

describe('mergeMovements', () => {
  it('puts the newest first, shows a car the stream and the snapshot both have once, and keeps 20', () => {
    const car = (plateNumber: string, at: string) => ({ kind: 'entry' as const, plateNumber, lotName: '东门停车场', at });
    const arrived = [car('粤B1', '2026-11-28T06:30:00Z')];
    const held = [car('粤B1', '2026-11-28T06:30:00.000Z'), car('粤B2', '2026-11-28T06:31:00.000Z')];
    expect(mergeMovements(arrived, held).map((m) => m.plateNumber)).toEqual(['粤B2', '粤B1']);
    const many = Array.from({ length: 30 }, (_, i) => car(`粤C${i}`, new Date(Date.UTC(2026, 10, 28, 6, i)).toISOString()));
    const merged = mergeMovements([], many);
    expect(merged).toHaveLength(20);
    expect(merged[0]!.plateNumber).toBe('粤C29');
  });
});

describe('arrivedMovements', () => {
  it('names a streamed car’s lot from the snapshot on the wall now, so a lot made after the wall opened gets its name with the next one', () => {
    const car = { kind: 'entry' as const, plateNumber: '粤B1', lotId: 'l-new', at: '2026-11-28T06:30:00.000Z' };
    const lot = snapshot().lots[0]!;
    expect(arrivedMovements([car], { lots: [lot] })).toEqual([{ kind: 'entry', plateNumber: '粤B1', lotName: '', at: car.at }]);
    expect(arrivedMovements([car, { ...car, plateNumber: '' }], { lots: [lot, { ...lot, id: 'l-new', name: '新建停车场' }] }).map((m) => [m.plateNumber, m.lotName])).toEqual([
      ['粤B1', '新建停车场'],
      ['未识别', '新建停车场'],
    ]);
  });
});
