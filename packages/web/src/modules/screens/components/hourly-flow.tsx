import type { DataViewHour } from '@parking/contract';
import { useMemo } from 'react';
import { ScreenChart, type ScreenChartOption } from './screen-chart';

const entryColour = '#3ba0ff';
const exitColour = '#36e1c4';

/**
 * Entries and exits per hour, today solid and yesterday dashed and dimmer. Today's hours after the
 * snapshot's own hour have not happened yet, so they are left out rather than drawn as zero.
 */
export function hourlyFlowOption(hours: readonly DataViewHour[], currentHour: number): ScreenChartOption {
  const today = (pick: (hour: DataViewHour) => number) => hours.map((hour) => (hour.hour <= currentHour ? pick(hour) : null));
  const line = (name: string, colour: string, data: (number | null)[], yesterday: boolean) => ({
    name,
    type: 'line',
    smooth: true,
    // a quiet hour between busy ones stays at 0 instead of a curve dipping under it
    smoothMonotone: 'x',
    symbol: yesterday ? 'none' : 'circle',
    symbolSize: 6,
    data,
    lineStyle: { color: colour, width: yesterday ? 2 : 3, type: yesterday ? 'dashed' : 'solid', opacity: yesterday ? 0.45 : 1 },
    itemStyle: { color: colour, opacity: yesterday ? 0.45 : 1 },
    ...(yesterday ? {} : { areaStyle: { color: colour, opacity: 0.12 } }),
  });
  const axisText = { color: '#9fc3ee', fontSize: 14 };
  return {
    animationDuration: 600,
    tooltip: { trigger: 'axis', backgroundColor: 'rgba(6, 26, 58, 0.92)', borderColor: '#1f6fd1', textStyle: { color: '#e6f1ff', fontSize: 16 } },
    legend: { top: 0, right: 8, textStyle: { color: '#cfe3ff', fontSize: 15 }, itemWidth: 22 },
    grid: { left: 56, right: 24, top: 44, bottom: 32 },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: hours.map((hour) => `${hour.hour}时`),
      axisLabel: axisText,
      axisLine: { lineStyle: { color: '#2a4d7f' } },
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: axisText, splitLine: { lineStyle: { color: 'rgba(64, 120, 200, 0.18)' } } },
    series: [
      line(
        '今日入场',
        entryColour,
        today((hour) => hour.entriesToday),
        false,
      ),
      line(
        '今日出场',
        exitColour,
        today((hour) => hour.exitsToday),
        false,
      ),
      line(
        '昨日入场',
        entryColour,
        hours.map((hour) => hour.entriesYesterday),
        true,
      ),
      line(
        '昨日出场',
        exitColour,
        hours.map((hour) => hour.exitsYesterday),
        true,
      ),
    ],
  };
}

/** 今日进出场（按小时）. */
export function HourlyFlow({ hours, currentHour, scale }: { hours: readonly DataViewHour[]; currentHour: number; scale: number }) {
  const option = useMemo(() => hourlyFlowOption(hours, currentHour), [hours, currentHour]);
  if (hours.length === 0) return <p className="data-view-empty">暂无进出场数据</p>;
  return <ScreenChart option={option} label="今日进出场按小时图" scale={scale} />;
}
