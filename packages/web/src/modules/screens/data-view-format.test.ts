import type { DataViewLot } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { hourlyFlowOption } from './components/hourly-flow';
import { placeLots } from './components/lot-plan';
import { changeAgainst, channelName, clockParts, kpiYuanText, yuanText } from './data-view-format';

const lot = (name: string, lng: number | null, lat: number | null): DataViewLot => ({
  id: name,
  name,
  placement: 'offStreet',
  areaName: '',
  lng,
  lat,
  totalSpaces: 10,
  freeSpaces: 5,
  occupancyPercent: 50,
  level: 'ample',
  receivedToday: 0,
});

describe('数据大屏 figures', () => {
  it('shows fen as 元 with two decimals and separators', () => {
    expect(yuanText(123456)).toBe('1,234.56');
    expect(yuanText(5)).toBe('0.05');
    expect(yuanText(0)).toBe('0.00');
    expect(yuanText(1234567890)).toBe('12,345,678.90');
    // a KPI card holds at most 999,999.99 元 exactly; from a million 元 on it says 万
    expect(kpiYuanText(99_999_999)).toBe('999,999.99');
    expect(kpiYuanText(100_000_000)).toBe('100.00万');
    expect(kpiYuanText(1_234_567_890)).toBe('1,234.57万');
  });

  it('says today against yesterday with its sign, and — when yesterday had nothing', () => {
    expect(changeAgainst(123456, 100000)).toEqual({ direction: 'up', text: '+23.5%' });
    expect(changeAgainst(90, 100)).toEqual({ direction: 'down', text: '-10.0%' });
    expect(changeAgainst(100, 100)).toEqual({ direction: 'flat', text: '0.0%' });
    expect(changeAgainst(5, 0)).toEqual({ direction: 'none', text: '—' });
    expect(changeAgainst(0, 0)).toEqual({ direction: 'flat', text: '0.0%' });
  });

  it('names channels in Chinese, and an unknown one as sent', () => {
    expect(channelName('wechat')).toBe('微信');
    expect(channelName('unionpay')).toBe('unionpay');
  });

  it('reads the clock in Shanghai whatever the browser zone', () => {
    expect(clockParts(new Date('2026-11-28T16:00:01Z'))).toEqual({ date: '2026-11-29', weekday: '星期日', time: '00:00:01' });
  });

  it('places lots without coordinates on an even row under the located ones', () => {
    const placed = placeLots([lot('甲', 114, 22.5), lot('乙', 114.2, 22.7), lot('丙', null, null), lot('丁', 114.1, null)]);
    expect(placed.map((p) => [p.lot.name, p.located])).toEqual([
      ['甲', true],
      ['乙', true],
      ['丙', false],
      ['丁', false],
    ]);
    const row = placed.filter((p) => !p.located);
    expect(row[0]!.y).toBe(row[1]!.y);
    expect(row[0]!.y).toBeLessThan(22.5);
    expect(row[0]!.x).toBeCloseTo(114 + 0.2 / 3);
    expect(row[1]!.x).toBeCloseTo(114 + 0.4 / 3);
    // no coordinates at all: one row across the plan
    expect(placeLots([lot('甲', null, null)])[0]).toMatchObject({ x: 0.5, y: 0.5, located: false });
  });

  it("leaves today's hours after the snapshot's out of the chart instead of drawing them as zero", () => {
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, entriesToday: 1, exitsToday: 2, entriesYesterday: 3, exitsYesterday: 4 }));
    const { series } = hourlyFlowOption(hours, 14) as { series: { name: string; data: (number | null)[] }[] };
    const today = series.find((s) => s.name === '今日入场')!.data;
    expect(today.slice(0, 15)).toEqual(Array.from({ length: 15 }, () => 1));
    expect(today.slice(15)).toEqual(Array.from({ length: 9 }, () => null));
    expect(series.find((s) => s.name === '昨日出场')!.data).toEqual(Array.from({ length: 24 }, () => 4));
  });
});
