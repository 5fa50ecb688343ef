import type { OperationViewSnapshot } from '@parking/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, type FakeReply } from '../../../test/fake-api';
import { failure, quietComputedStyle, renderAt, user } from '../../system/pages/system-page-test-kit';
import { fakeStreams, noStream } from '../live-events-test-kit';
import { OperationViewPage } from './operation-view-page';

const path = '/api/system/screens/operationView';
// 2026-11-28 14:30:05 in Shanghai
const fixedNow = () => new Date('2026-11-28T06:30:05Z');

const snapshot = (overrides: Partial<OperationViewSnapshot> = {}): OperationViewSnapshot => ({
  tenantTitle: '智慧停车管理平台',
  updatedAt: '2026-11-28T06:29:58.000Z',
  today: '2026-11-28',
  devices: [
    { type: 'camera', online: 10, offline: 2, never: 1 },
    { type: 'barrier', online: 6, offline: 0, never: 0 },
    { type: 'geomagnetic', online: 0, offline: 0, never: 0 },
    { type: 'video_pole', online: 0, offline: 0, never: 4 },
    { type: 'pda', online: 4, offline: 2, never: 0 },
    { type: 'led_screen', online: 0, offline: 0, never: 0 },
  ],
  offlineTasks: [
    { deviceSn: 'CAM-0001', content: '设备离线超过3个心跳周期', at: '2026-11-28T06:12:40.000Z' },
    { deviceSn: 'PDA-0002', content: '手持PDA离线', at: '2026-11-28T05:01:00.000Z' },
  ],
  warnings: [
    { kind: 'duplicate_entry', open: 3 },
    { kind: 'exit_without_entry', open: 0 },
    { kind: 'long_stay', open: 5 },
    { kind: 'low_confidence', open: 0 },
    { kind: 'abnormal_release', open: 1 },
    { kind: 'blacklist_entry', open: 0 },
    { kind: 'arrears_entry', open: 0 },
  ],
  service: { complaintsOpen: 7, complaintsOverdue: 2, appealsPending: 4, editAuditsPending: 1 },
  pursuit: { arrearsOpenedToday: 12, recoveredToday: 3, recoveredAmountToday: 12345 },
  waiting: [
    // waited 8 min 5 s by the page's clock: past 5 minutes
    { plateNumber: '粤B11111', lotName: '东门停车场', laneName: '北出口', since: '2026-11-28T06:22:00.000Z', amountToPay: 1500 },
    // 4 min 59 s: not yet
    { plateNumber: '粤B22222', lotName: '人民路', laneName: '1号出口', since: '2026-11-28T06:25:06.000Z', amountToPay: 0 },
  ],
  abnormalReleases: [{ plateNumber: '粤B33333', lotName: '东门停车场', reasons: ['exit_without_entry', 'abnormal_release'], at: '2026-11-28T06:28:09.000Z' }],
  ...overrides,
});

const answer = (replies: FakeReply[]) => {
  let asked = 0;
  const calls = installFakeApi({ [`GET ${path}`]: () => replies[Math.min(asked++, replies.length - 1)]! });
  return () => calls.filter((c) => c.url === path).length;
};

const kpi = (label: string) => screen.getByRole('listitem', { name: label });
const figure = (label: string) => kpi(label).querySelector('.data-view-kpi__value')?.textContent;
const rowsOf = (list: string) => within(screen.getByRole('list', { name: list })).getAllByRole('listitem');
const cells = (li: HTMLElement) => [...li.children].map((cell) => cell.textContent);

beforeAll(() => {
  quietComputedStyle();
});

describe('运营大屏', () => {
  it('shows the tenant and the KPIs: 设备在线率 of the devices heard from, the open work, today in 元 from fen', async () => {
    answer([ok(snapshot())]);
    renderAt('/operationView', '/operationView', <OperationViewPage live={noStream} now={fixedNow} />);
    expect(await screen.findByText('智慧停车管理平台')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('运营大屏');
    expect(screen.getByLabelText('时钟').textContent).toBe('14:30:052026-11-28 星期六');
    expect(screen.getByRole('status').textContent).toBe('数据更新于 14:29:58');
    // its event stream not open yet
    expect(screen.getByLabelText('实时连接').textContent).toBe('实时连接中…');

    // online 20 of 24 heard from (the 5 never heard from are not counted): 83.3%
    expect(figure('设备在线率')).toBe('83.3');
    expect(within(kpi('设备在线率')).getByText('%')).toBeTruthy();
    expect(figure('离线设备')).toBe('4');
    expect(figure('待处理预警')).toBe('9');
    expect(figure('待处理投诉')).toBe('7');
    expect(figure('待审核申诉')).toBe('4');
    expect(figure('待审核订单修改')).toBe('1');
    expect(figure('今日新增欠费')).toBe('12');
    expect(figure('今日追缴')).toBe('123.45');
    expect(within(kpi('今日追缴')).getByLabelText('今日追缴笔数').textContent).toBe('共 3 笔');
  });

  it('marks overdue complaints red', async () => {
    answer([ok(snapshot())]);
    renderAt('/operationView', '/operationView', <OperationViewPage live={noStream} now={fixedNow} />);
    const overdue = await screen.findByLabelText('超时投诉');
    expect(overdue.textContent).toBe('超时 2');
    expect(overdue.className).toContain('data-view-kpi__note--alert');
  });

  it('does not mark complaints when none is overdue', async () => {
    answer([ok(snapshot({ service: { complaintsOpen: 7, complaintsOverdue: 0, appealsPending: 4, editAuditsPending: 1 } }))]);
    renderAt('/operationView', '/operationView', <OperationViewPage live={noStream} now={fixedNow} />);
    const none = await screen.findByLabelText('超时投诉');
    expect(none.textContent).toBe('超时 0');
    expect(none.className).not.toContain('--alert');
  });

  it('says — for 设备在线率 when no device was ever heard from', async () => {
    answer([ok(snapshot({ devices: [{ type: 'camera', online: 0, offline: 0, never: 3 }] }))]);
    renderAt('/operationView', '/operationView', <OperationViewPage live={noStream} now={fixedNow} />);
    await screen.findByText('智慧停车管理平台');
    expect(figure('设备在线率')).toBe('—');
    expect(within(kpi('设备在线率')).queryByText('%')).toBeNull();
  });

  it('bars the devices per type by state leaving out types with none, and every warning kind with its count, the empty ones dimmed', async () => {
    answer([ok(snapshot())]);
    renderAt('/operationView', '/operationView', <OperationViewPage live={noStream} now={fixedNow} />);
    await screen.findByText('智慧停车管理平台');
    const devices = rowsOf('设备状态');
    expect(devices.map((li) => li.getAttribute('aria-label'))).toEqual(['车牌识别相机', '道闸', '视频桩', '手持PDA']);
    // 在线 / 离线 / 未上线
    expect(devices.map((li) => [...li.querySelectorAll('.operation-devices__count')].map((c) => c.textContent))).toEqual([
      ['10', '2', '1'],
      ['6', '0', '0'],
      ['0', '0', '4'],
      ['4', '2', '0'],
    ]);
    const camera = [...devices[0]!.querySelectorAll<HTMLElement>('.operation-devices__part')].map((part) => part.style.width);
    expect(camera.map((w) => Math.round(parseFloat(w)))).toEqual([77, 15, 8]);

    const warnings = rowsOf('订单预警');
    expect(warnings.map((li) => li.textContent)).toEqual(['重复入场3', '无入场记录出场0', '超长停车5', '车牌识别置信度低0', '异常放行1', '黑名单车辆入场0', '欠费车辆入场0']);
    expect(warnings.filter((li) => li.className.includes('--none'))).toHaveLength(4);
  });

  it('lists offline tasks, the cars waiting with their minutes by the page clock, and abnormal releases with their reasons', async () => {
    answer([ok(snapshot())]);
    renderAt('/operationView', '/operationView', <OperationViewPage live={noStream} now={fixedNow} />);
    await screen.findByText('智慧停车管理平台');
    expect(rowsOf('离线任务').map(cells)).toEqual([
      ['CAM-0001', '设备离线超过3个心跳周期', '14:12'],
      ['PDA-0002', '手持PDA离线', '13:01'],
    ]);
    const waiting = rowsOf('车道等待');
    expect(waiting.map(cells)).toEqual([
      ['粤B11111', '东门停车场 · 北出口', '等待 8 分钟', '待缴 15.00 元'],
      ['粤B22222', '人民路 · 1号出口', '等待 4 分钟', '待缴 0.00 元'],
    ]);
    expect(waiting[0]!.className).toContain('operation-waiting--long');
    expect(waiting[1]!.className).not.toContain('operation-waiting--long');
    expect(rowsOf('异常放行').map(cells)).toEqual([['粤B33333', '东门停车场', '14:28:09', '无入场记录出场、异常放行']]);
  });

  it('says 暂无设备, 暂无离线设备, 暂无待处理预警, 暂无车辆等待 and 暂无异常放行 instead of empty panels', async () => {
    answer([
      ok(
        snapshot({
          devices: [
            { type: 'camera', online: 0, offline: 0, never: 0 },
            { type: 'barrier', online: 0, offline: 0, never: 0 },
          ],
          offlineTasks: [],
          warnings: snapshot().warnings.map((w) => ({ ...w, open: 0 })),
          waiting: [],
          abnormalReleases: [],
        }),
      ),
    ]);
    renderAt('/operationView', '/operationView', <OperationViewPage live={noStream} now={fixedNow} />);
    await screen.findByText('智慧停车管理平台');
    const panel = (title: string) => screen.getByRole('region', { name: title });
    expect(panel('设备状态').textContent).toBe('设备状态暂无设备');
    expect(panel('离线任务').textContent).toBe('离线任务暂无离线设备');
    expect(panel('订单预警').textContent).toBe('订单预警暂无待处理预警');
    expect(panel('车道等待').textContent).toBe('车道等待暂无车辆等待');
    expect(panel('异常放行').textContent).toBe('异常放行暂无异常放行');
    expect(figure('待处理预警')).toBe('0');
    expect(figure('设备在线率')).toBe('—');
  });

  it('keeps the last figures when a refresh fails and says the link is down, then recovers', async () => {
    const next = snapshot({ updatedAt: '2026-11-28T06:31:00.000Z', service: { complaintsOpen: 8, complaintsOverdue: 2, appealsPending: 4, editAuditsPending: 1 } });
    const asked = answer([ok(snapshot()), failure(500, '服务器开小差了'), ok(next)]);
    renderAt('/operationView', '/operationView', <OperationViewPage live={noStream} now={fixedNow} refreshSeconds={0.2} />);
    expect(await screen.findByText('数据更新于 14:29:58')).toBeTruthy();
    expect(await screen.findByText('连接中断，正在重连…')).toBeTruthy();
    expect(figure('待处理投诉')).toBe('7');
    expect(figure('设备在线率')).toBe('83.3');
    expect(rowsOf('车道等待')).toHaveLength(2);
    expect(await screen.findByText('数据更新于 14:31:00')).toBeTruthy();
    expect(asked()).toBeGreaterThanOrEqual(3);
    await waitFor(() => expect(figure('待处理投诉')).toBe('8'));
  });

  it('says 加载中 before the first snapshot, and offers 重试 when it fails', async () => {
    const asked = answer([failure(500, '服务器开小差了'), ok(snapshot())]);
    renderAt('/operationView', '/operationView', <OperationViewPage live={noStream} now={fixedNow} refreshSeconds={3600} />);
    expect(screen.getByText('加载中…')).toBeTruthy();
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('智慧停车管理平台')).toBeTruthy();
    expect(asked()).toBe(2);
  });

  it('reads a fresh snapshot after a warning or a device change comes live, once for a burst, and says 实时 in the header', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const warned = snapshot({ updatedAt: '2026-11-28T06:30:10.000Z', warnings: snapshot().warnings.map((w) => (w.kind === 'blacklist_entry' ? { ...w, open: 1 } : w)) });
      const asked = answer([ok(snapshot()), ok(warned)]);
      const server = fakeStreams();
      renderAt('/operationView', '/operationView', <OperationViewPage live={{ fetcher: server.fetcher, retryMs: 5 }} now={fixedNow} refreshSeconds={3600} />);
      await waitFor(() => expect(screen.getByLabelText('实时连接').textContent).toBe('实时'));
      expect(asked()).toBe(1);
      const send = (event: object) => server.opened[0]!.push(`data: ${JSON.stringify(event)}\n\n`);
      send({ kind: 'warning', warningKind: 'blacklist_entry', state: 'open', plateNumber: '粤B44444', lotId: 'lot-1', at: '2026-11-28T06:30:08.000Z' });
      send({ kind: 'device', deviceSn: 'CAM-0001', deviceType: 'camera', onlineState: 'online', lotId: 'lot-1' });
      // the server's cached snapshot must age first
      await vi.advanceTimersByTimeAsync(4_000);
      expect(asked()).toBe(1);
      await vi.advanceTimersByTimeAsync(2_000);
      await waitFor(() => expect(asked()).toBe(2));
      expect(await screen.findByText('数据更新于 14:30:10')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
