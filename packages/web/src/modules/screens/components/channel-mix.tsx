import { useMemo } from 'react';
import type { DataViewSnapshot } from '@parking/contract';
import { channelName, yuanText } from '../data-view-format';
import { ScreenChart, type ScreenChartOption } from './screen-chart';

type Channels = DataViewSnapshot['channels'];

const sliceColours = ['#2fd27c', '#3ba0ff', '#ffc53d', '#b37feb', '#ff7a45', '#36cfc9'];

export function channelMixOption(channels: Channels): ScreenChartOption {
  const slices = channels.filter((entry) => entry.amount > 0).map((entry) => ({ name: channelName(entry.channel), value: entry.amount }));
  return {
    animationDuration: 600,
    color: sliceColours,
    tooltip: {
      trigger: 'item',
      backgroundColor: 'rgba(6, 26, 58, 0.92)',
      borderColor: '#1f6fd1',
      textStyle: { color: '#e6f1ff', fontSize: 16 },
      formatter: (params: { name: string; value: number; percent: number }) => `${params.name}：${yuanText(params.value)} 元（${params.percent}%）`,
    },
    legend: { bottom: 0, textStyle: { color: '#cfe3ff', fontSize: 15 } },
    series: [
      {
        type: 'pie',
        radius: ['42%', '68%'],
        center: ['50%', '45%'],
        data: slices,
        label: { color: '#e6f1ff', fontSize: 15, formatter: '{b}\n{d}%' },
        itemStyle: { borderColor: '#061a3a', borderWidth: 3 },
      },
    ],
  };
}

/** 今日收款渠道: the channel mix of today's 实收; a day with nothing received says so instead of an empty ring. */
export function ChannelMix({ channels, scale }: { channels: Channels; scale: number }) {
  const option = useMemo(() => channelMixOption(channels), [channels]);
  if (!channels.some((entry) => entry.amount > 0)) return <p className="data-view-empty">今日暂无收款</p>;
  return <ScreenChart option={option} label="今日收款渠道图" scale={scale} />;
}
