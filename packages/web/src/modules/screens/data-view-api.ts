import { dataViewEndpoints, dataViewRefreshSeconds, type DataViewSnapshot } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/http/call';

export const dataViewSnapshotKey = ['dataView', 'detail', 'snapshot'] as const;

/**
 * 数据大屏's snapshot, asked again every `refreshSeconds` even when the window is not focused (a wall
 * screen never is). A failed refresh keeps the last snapshot on screen; the page says the link is down.
 */
export function useDataViewSnapshot(refreshSeconds: number = dataViewRefreshSeconds) {
  return useQuery<DataViewSnapshot>({
    queryKey: dataViewSnapshotKey,
    queryFn: ({ signal }) => call(dataViewEndpoints.snapshot, { silent: true, signal }),
    refetchInterval: refreshSeconds * 1000,
    refetchIntervalInBackground: true,
  });
}
