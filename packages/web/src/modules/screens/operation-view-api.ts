import { dataViewRefreshSeconds, operationViewEndpoints, type OperationViewSnapshot } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/http/call';

export const operationViewSnapshotKey = ['operationView', 'detail', 'snapshot'] as const;

/** 运营大屏's snapshot, asked again on 数据大屏's period, focused or not; a failed refresh keeps the last one. */
export function useOperationViewSnapshot(refreshSeconds: number = dataViewRefreshSeconds) {
  return useQuery<OperationViewSnapshot>({
    queryKey: operationViewSnapshotKey,
    queryFn: ({ signal }) => call(operationViewEndpoints.snapshot, { silent: true, signal }),
    refetchInterval: refreshSeconds * 1000,
    refetchIntervalInBackground: true,
  });
}
