import type { ParkingLotFilter } from '@parking/contract';
import { parkingLotKindNames } from '@parking/contract';
import { Skeleton, Statistic } from 'antd';
import { useLotSum } from '../parking-api';

/** The strip above the lot table: lots, spaces, free and occupied under the current filters, then per kind. */
export function LotSummary({ filters }: { filters: ParkingLotFilter }) {
  const sum = useLotSum(filters);
  if (!sum.data) return <Skeleton.Input active block className="lot-summary" />;
  const { lots, spaces, free, occupied, byKind } = sum.data;
  return (
    <div className="lot-summary" aria-label="车位汇总">
      <Statistic title="停车场" value={lots} suffix="个" />
      <Statistic title="总车位" value={spaces} />
      <Statistic title="空闲车位" value={free} styles={{ content: { color: '#389e0d' } }} />
      <Statistic title="占用车位" value={occupied} styles={{ content: { color: '#cf1322' } }} />
      {byKind.map((row) => (
        <Statistic key={row.kind} title={`${parkingLotKindNames[row.kind]}（${row.lots}个）`} value={row.free} suffix={`/ ${row.spaces} 空闲`} />
      ))}
    </div>
  );
}
