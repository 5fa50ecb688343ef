import { activityLevelNames, type ActivityLevel, type DataViewLot } from '@parking/contract';
import { useMemo } from 'react';
import { ScreenChart, type ScreenChartOption } from './screen-chart';

export const levelColours: Readonly<Record<ActivityLevel, string>> = { ample: '#2fd27c', tight: '#ffa940', full: '#ff4d4f' };

interface PlacedLot {
  lot: DataViewLot;
  x: number;
  y: number;
  located: boolean;
}

/**
 * Lots with coordinates where they are (lng across, lat up); the others on an even row under them, so
 * every lot is on the plan and none hides another.
 */
export function placeLots(lots: readonly DataViewLot[]): PlacedLot[] {
  const located = lots.filter((lot) => lot.lng !== null && lot.lat !== null);
  const xs = located.map((lot) => lot.lng ?? 0);
  const ys = located.map((lot) => lot.lat ?? 0);
  const minX = located.length ? Math.min(...xs) : 0;
  const maxX = located.length ? Math.max(...xs) : 1;
  const minY = located.length ? Math.min(...ys) : 0;
  const maxY = located.length ? Math.max(...ys) : 1;
  const spanX = maxX - minX || 0.01;
  const spanY = maxY - minY || 0.01;
  const unlocated = lots.filter((lot) => lot.lng === null || lot.lat === null);
  const rowY = located.length ? minY - spanY * 0.25 : 0.5;
  const row = unlocated.map((lot, index): PlacedLot => {
    const left = located.length ? minX : 0;
    const width = located.length ? spanX : 1;
    return { lot, x: left + (width * (index + 1)) / (unlocated.length + 1), y: rowY, located: false };
  });
  return [...located.map((lot): PlacedLot => ({ lot, x: lot.lng ?? 0, y: lot.lat ?? 0, located: true })), ...row];
}

/** A lot's marker diameter in px, growing with its spaces; the map and the plan draw lots alike. */
export const symbolSize = (totalSpaces: number) => Math.min(36, Math.max(12, 8 + Math.sqrt(totalSpaces) * 1.6));

export function lotPlanOption(lots: readonly DataViewLot[]): ScreenChartOption {
  const placed = placeLots(lots);
  const point = ({ lot, x, y }: PlacedLot) => ({
    name: lot.name,
    value: [x, y],
    symbolSize: symbolSize(lot.totalSpaces),
    itemStyle: { color: levelColours[lot.level], shadowBlur: 12, shadowColor: levelColours[lot.level] },
    lot,
  });
  const showNames = lots.length <= 24;
  const series = (name: string, symbol: string, items: PlacedLot[]) => ({
    name,
    type: 'scatter',
    symbol,
    data: items.map(point),
    label: { show: showNames, position: 'right', color: '#cfe3ff', fontSize: 14, formatter: '{b}' },
    emphasis: { scale: 1.4 },
  });
  return {
    animationDuration: 600,
    grid: { left: 24, right: 120, top: 24, bottom: 24 },
    xAxis: { type: 'value', scale: true, show: false },
    yAxis: { type: 'value', scale: true, show: false },
    tooltip: {
      trigger: 'item',
      backgroundColor: 'rgba(6, 26, 58, 0.92)',
      borderColor: '#1f6fd1',
      textStyle: { color: '#e6f1ff', fontSize: 16 },
      formatter: (params: { data: { lot: DataViewLot } }) => {
        const { lot } = params.data;
        return [`<b>${escapeHtml(lot.name)}</b>`, `空闲/总数：${lot.freeSpaces} / ${lot.totalSpaces}`, `占用率：${lot.occupancyPercent}%`, activityLevelNames[lot.level]].join('<br/>');
      },
    },
    series: [
      series(
        '有坐标',
        'circle',
        placed.filter((item) => item.located),
      ),
      series(
        '未标注位置',
        'diamond',
        placed.filter((item) => !item.located),
      ),
    ],
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The occupancy levels' colours, under the map and under the plan. */
export function LevelLegend() {
  return (
    <ul className="data-view-legend" aria-label="图例">
      {(Object.keys(levelColours) as ActivityLevel[]).map((level) => (
        <li key={level}>
          <i style={{ background: levelColours[level] }} />
          {activityLevelNames[level]}
        </li>
      ))}
    </ul>
  );
}

/** 停车场分布: the lots on a plan, coloured by how full they are; `note` says why it is not the map. */
export function LotPlan({ lots, scale, note }: { lots: readonly DataViewLot[]; scale: number; note?: string }) {
  const option = useMemo(() => lotPlanOption(lots), [lots]);
  if (lots.length === 0) return <p className="data-view-empty">暂无停车场</p>;
  return (
    <div className="data-view-plan">
      <ScreenChart option={option} label="停车场分布图" scale={scale} />
      <LevelLegend />
      {note && <p className="data-view-plan__note">{note}</p>}
    </div>
  );
}
