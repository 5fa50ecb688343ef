import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// only what 数据大屏 draws: the rest of echarts never reaches the browser
echarts.use([BarChart, LineChart, PieChart, ScatterChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ScreenChartOption = echarts.EChartsCoreOption;

/**
 * One chart of the wall: drawn once, then given each new option in place (no flicker on a refresh).
 * `scale` is the stage's: the canvas is drawn that much finer so a 4K wall does not blur it.
 */
export function ScreenChart({ option, label, scale }: { option: ScreenChartOption; label: string; scale: number }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts | null>(null);
  const sharpness = Math.max(1, Math.ceil(scale));

  useEffect(() => {
    if (!boxRef.current) return undefined;
    const chart = echarts.init(boxRef.current, undefined, { devicePixelRatio: (window.devicePixelRatio || 1) * sharpness });
    chartRef.current = chart;
    return () => {
      chartRef.current = null;
      chart.dispose();
    };
  }, [sharpness]);

  useEffect(() => {
    chartRef.current?.setOption(option, { notMerge: true });
  }, [option, sharpness]);

  return <div ref={boxRef} className="data-view-chart" role="img" aria-label={label} />;
}
