import { paymentChannelNames, paymentChannels, type RevenueReport } from '@parking/contract';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// only what these two charts draw: the rest of echarts never reaches the browser
echarts.use([LineChart, BarChart, PieChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

const yuan = (fen: number) => Number((fen / 100).toFixed(2));

/** The trend of 应收, 实收 and 净收入 over the report's rows (a line by day or month, bars by lot or area) and the channel mix of 实收. */
export function RevenueChart({ report }: { report: RevenueReport }) {
  const trendRef = useRef<HTMLDivElement>(null);
  const mixRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!trendRef.current || !mixRef.current) return undefined;
    const trend = echarts.init(trendRef.current);
    const mix = echarts.init(mixRef.current);
    const type = report.groupBy === 'day' || report.groupBy === 'month' ? 'line' : 'bar';
    const series = (name: string, pick: (row: RevenueReport['rows'][number]) => number) => ({ name, type, smooth: true, data: report.rows.map((row) => yuan(pick(row))) });
    trend.setOption({
      title: { text: '营收趋势（元）', left: 0, textStyle: { fontSize: 14 } },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, right: 0 },
      grid: { left: 56, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: report.rows.map((row) => row.label) },
      yAxis: { type: 'value' },
      series: [series('应收', (r) => r.receivable), series('实收', (r) => r.received), series('净收入', (r) => r.net)],
    });
    mix.setOption({
      title: { text: '实收渠道构成', left: 0, textStyle: { fontSize: 14 } },
      tooltip: { trigger: 'item', formatter: '{b}: {c} 元 ({d}%)' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '65%'],
          center: ['50%', '50%'],
          data: paymentChannels.map((channel) => ({ name: paymentChannelNames[channel], value: yuan(report.totals[channel]) })).filter((slice) => slice.value > 0),
        },
      ],
    });
    const resize = () => {
      trend.resize();
      mix.resize();
    };
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      trend.dispose();
      mix.dispose();
    };
  }, [report]);

  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
      <div ref={trendRef} role="img" aria-label="营收趋势图" style={{ flex: '2 1 480px', height: 280 }} />
      <div ref={mixRef} role="img" aria-label="实收渠道构成图" style={{ flex: '1 1 280px', height: 280 }} />
    </div>
  );
}
