import { dataViewRefreshSeconds, newDataViewEndpoints, type NewDataViewQuery, type NewDataViewSnapshot } from '@parking/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/http/call';

export const newDataViewSnapshotKey = (scope: NewDataViewQuery) => ['newDataView', 'detail', 'snapshot', scope] as const;

/**
 * 新版数据大屏's snapshot of one lot or area, asked again on 数据大屏's period, focused or not. A failed
 * refresh keeps the last snapshot; a new choice keeps the old wall on screen until the new one comes.
 */
export function useNewDataViewSnapshot(scope: NewDataViewQuery, refreshSeconds: number = dataViewRefreshSeconds) {
  return useQuery<NewDataViewSnapshot>({
    queryKey: newDataViewSnapshotKey(scope),
    queryFn: ({ signal }) => call(newDataViewEndpoints.snapshot, { query: scope, silent: true, signal }),
    refetchInterval: refreshSeconds * 1000,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
  });
}
