import type { ActivityStats } from '@parking/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../../test/fake-api';
import { failure, quietComputedStyle, renderAt, user } from '../../modules/system/pages/system-page-test-kit';
import { ActivityPage, activityRefreshMs, chartTop } from './activity-page';

const HOUR = 3_600_000;
/** 2026-11-21 12:00 in Shanghai is 04:00 UTC: the chart's last hour */
const lastHour = Date.parse('2026-11-21T04:00:00Z');

const stats = (overrides: Partial<ActivityStats> = {}): ActivityStats => ({
  tenantTitle: '智慧停车管理平台',
  updatedAt: '2026-11-21T04:15:30Z',
  totals: { lots: 3, totalSpaces: 305, freeSpaces: 63, parked: 241, entries24h: 9 },
  lots: [
    { name: '万象天地停车场', placement: 'offStreet', address: '深南大道9668号', areaName: '南山区', totalSpaces: 200, freeSpaces: 50, parked: 150, occupancyPercent: 75, level: 'ample' },
    { name: '科兴科学园', placement: 'offStreet', address: '', areaName: '', totalSpaces: 100, freeSpaces: 12, parked: 88, occupancyPercent: 88, level: 'tight' },
    { name: '深南大道路段', placement: 'onStreet', address: '', areaName: '', totalSpaces: 5, freeSpaces: 0, parked: 3, occupancyPercent: 100, level: 'full' },
  ],
  hours: Array.from({ length: 24 }, (_, i) => ({ start: new Date(lastHour - (23 - i) * HOUR).toISOString(), entries: i === 20 ? 6 : i === 23 ? 3 : 0 })),
  ...overrides,
});

beforeAll(quietComputedStyle);
afterEach(() => vi.useRealTimers());

describe('停车统计 phone page', { timeout: 60_000 }, () => {
  it('shows the totals, the lots with their level and the hourly entries, in Shanghai time', async () => {
    const calls = installFakeApi({ 'GET /api/open/activity': ok(stats()) });
    renderAt('/activity?tenant=demo', '/activity', <ActivityPage />);
    expect(await screen.findByText('智慧停车管理平台')).toBeTruthy();
    expect(calls[0]?.params).toEqual({ tenant: 'demo' });
    expect(screen.getByRole('heading', { name: '停车统计' })).toBeTruthy();
    expect(screen.getByLabelText('停车场 3个')).toBeTruthy();
    expect(screen.getByLabelText('总泊位 305位')).toBeTruthy();
    expect(screen.getByLabelText('空闲泊位 63位')).toBeTruthy();
    expect(screen.getByLabelText('在场车辆 241辆')).toBeTruthy();
    expect(screen.getByText('更新于 2026-11-21 12:15:30')).toBeTruthy();

    const lots = screen.getAllByRole('listitem').filter((li) => li.classList.contains('activity-lot'));
    expect(lots.map((li) => li.getAttribute('aria-label'))).toEqual(['万象天地停车场', '科兴科学园', '深南大道路段']);
    expect(within(lots[0]!).getByText('车位充足')).toBeTruthy();
    expect(within(lots[0]!).getByText('南山区 · 深南大道9668号')).toBeTruthy();
    expect(within(lots[1]!).getByText('车位紧张')).toBeTruthy();
    expect(within(lots[1]!).getByTestId('lot-free').textContent).toBe('12');
    expect(within(lots[2]!).getByText('已满')).toBeTruthy();
    expect(within(lots[2]!).getByText('路内')).toBeTruthy();
    expect(within(lots[2]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    // hour 20 of 24 starts at 09:00 Shanghai; the current hour (12时) is last
    const slots = document.querySelectorAll('.activity-chart__slot');
    expect(slots).toHaveLength(24);
    expect(slots[20]?.getAttribute('title')).toBe('9时 入场 6 车次');
    expect(slots[23]?.getAttribute('title')).toBe('12时 入场 3 车次');
    expect(screen.getByText('，9时最多（6 车次）')).toBeTruthy();
    expect(screen.queryByText('近24小时暂无入场记录')).toBeNull();
  });

  it('asks again every minute and shows the new numbers, keeping the old ones when a refresh fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reply = ok(stats());
    const calls = installFakeApi({ 'GET /api/open/activity': () => reply });
    renderAt('/activity?tenant=demo', '/activity', <ActivityPage />);
    expect(await screen.findByLabelText('空闲泊位 63位')).toBeTruthy();
    reply = ok(stats({ totals: { lots: 3, totalSpaces: 305, freeSpaces: 70, parked: 234, entries24h: 9 }, updatedAt: '2026-11-21T04:16:30Z' }));
    await vi.advanceTimersByTimeAsync(activityRefreshMs);
    expect(await screen.findByLabelText('空闲泊位 70位')).toBeTruthy();
    expect(screen.getByText('更新于 2026-11-21 12:16:30')).toBeTruthy();
    expect(calls).toHaveLength(2);
    reply = failure(429, '请求过于频繁，请30秒后再试');
    await vi.advanceTimersByTimeAsync(activityRefreshMs);
    expect(await screen.findByText('刷新失败：请求过于频繁，请30秒后再试，显示的是上次的数据')).toBeTruthy();
    expect(screen.getByLabelText('空闲泊位 70位')).toBeTruthy();
  });

  it('tops the chart at an even round number so its middle line is whole', () => {
    expect([0, 1, 2, 3, 9, 17, 21, 40, 41, 230].map(chartTop)).toEqual([2, 2, 2, 4, 10, 20, 40, 40, 100, 400]);
  });

  it('asks for the cookie’s tenant when the address names none, and says when there are no lots', async () => {
    const calls = installFakeApi({ 'GET /api/open/activity': ok(stats({ lots: [], totals: { lots: 0, totalSpaces: 0, freeSpaces: 0, parked: 0, entries24h: 0 } })) });
    renderAt('/activity', '/activity', <ActivityPage />);
    expect(await screen.findByText('暂无对外开放的停车场')).toBeTruthy();
    expect(screen.getByText('近24小时暂无入场记录')).toBeTruthy();
    expect(calls[0]?.params).toEqual({});
  });

  it('says clearly that an unknown tenant has no statistics, and can ask again', async () => {
    const calls = installFakeApi({ 'GET /api/open/activity': failure(404, '租户「nope」不存在') });
    renderAt('/activity?tenant=nope', '/activity', <ActivityPage />);
    expect(await screen.findByText('未找到该停车运营单位')).toBeTruthy();
    expect(screen.getByText('租户「nope」不存在，请确认链接是否完整')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '重新加载' }));
    await screen.findByText('未找到该停车运营单位');
    expect(calls.length).toBe(2);
  });
});
