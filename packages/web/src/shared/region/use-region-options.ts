import type { RegionNode } from '@parking/contract';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { fetchRegionChildren, regionKey } from './region-api';
import { parentsOfValue, toRegionOptions, type RegionOption } from './region-options';

export interface RegionOptions {
  options: RegionOption[];
  /** the Cascader's loadData: fetches the level below the last option picked */
  loadData: (selected: RegionOption[]) => void;
  loading: boolean;
}

/**
 * The division tree one level at a time: the provinces, the levels along `value` (so an existing
 * record shows its names) and whatever the user opens. Each level is fetched once per session.
 */
export function useRegionOptions(value: readonly string[] | undefined): RegionOptions {
  const [opened, setOpened] = useState<string[]>([]);
  const valueKey = (value ?? []).join(',');
  const parents = useMemo(() => [...new Set([...parentsOfValue(valueKey ? valueKey.split(',') : []), ...opened])], [valueKey, opened]);
  // re-run only when a level arrives, so the options keep their identity between renders
  const combine = useCallback(
    (results: UseQueryResult<RegionNode[]>[]) => ({
      levels: new Map(parents.flatMap((parentCode, i) => (results[i]?.data ? [[parentCode, results[i].data] as const] : []))),
      loading: results.some((result) => result.isLoading),
    }),
    [parents],
  );
  const { levels, loading } = useQueries({
    queries: parents.map((parentCode) => ({
      queryKey: regionKey(parentCode),
      queryFn: () => fetchRegionChildren(parentCode),
      // the national list changes once a year at most
      staleTime: Infinity,
    })),
    combine,
  });
  const options = useMemo(() => toRegionOptions(levels), [levels]);
  const loadData = useCallback((selected: RegionOption[]) => {
    const last = selected.at(-1);
    if (last && !last.isLeaf) setOpened((codes) => (codes.includes(last.value) ? codes : [...codes, last.value]));
  }, []);
  return { options, loadData, loading };
}
