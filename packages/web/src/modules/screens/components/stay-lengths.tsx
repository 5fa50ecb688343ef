import type { NewDataViewSnapshot } from '@parking/contract';
import { useMemo } from 'react';
import { ScreenChart, type ScreenChartOption } from './screen-chart';

type Durations = NewDataViewSnapshot['durations'];

export function stayLengthsOption(durations: Durations): ScreenChartOption {
  const axisText = { color: '#9fc3ee', fontSize: 15 };
  return {
    animationDuration: 600,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      backgroundColor: 'rgba(6, 26, 58, 0.92)',
      borderColor: '#1f6fd1',
      textStyle: { color: '#e6f1ff', fontSize: 16 },
    },
    grid: { left: 56, right: 24, top: 30, bottom: 36 },
    xAxis: { type: 'category', data: durations.map((bucket) => bucket.label), axisLabel: axisText, axisLine: { lineStyle: { color: '#2a4d7f' } } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: axisText, splitLine: { lineStyle: { color: 'rgba(64, 120, 200, 0.18)' } } },
    series: [
      {
        name: '出场车辆',
        type: 'bar',
        barMaxWidth: 56,
        data: durations.map((bucket) => bucket.count),
        label: { show: true, position: 'top', color: '#e6f1ff', fontSize: 16 },
        itemStyle: {
          borderRadius: [6, 6, 0, 0],
          color: {
            type: 'linear',
            x: 0,
            y: 0,
            x2: 0,
            y2: 1,
            colorStops: [
              { offset: 0, color: '#36e1c4' },
              { offset: 1, color: '#1f6fd1' },
            ],
          },
        },
      },
    ],
  };
}

/** 停车时长分布: today's stays that left, by how long they stayed. */
export function StayLengths({ durations, scale }: { durations: Durations; scale: number }) {
  const option = useMemo(() => stayLengthsOption(durations), [durations]);
  if (!durations.some((bucket) => bucket.count > 0)) return <p className="data-view-empty">今日暂无出场车辆</p>;
  return <ScreenChart option={option} label="停车时长分布图" scale={scale} />;
}
