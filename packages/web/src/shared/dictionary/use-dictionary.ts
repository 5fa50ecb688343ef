import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dictionaryKey, fetchDictionary } from './dictionary-api';
import { dictionaryLabel, toDictionaryOptions, type DictionaryOption } from './dictionary-options';

export interface Dictionary {
  options: DictionaryOption[];
  /** the label of a value, for table cells */
  labelOf: (value: unknown) => string;
  loading: boolean;
}

/**
 * One dictionary's label/value options for selects and cells, e.g.
 * `useDictionary(dictionaryNames.lotType).options`. Loaded once and shared by every component that asks.
 */
export function useDictionary(dictName: string): Dictionary {
  const query = useQuery({
    queryKey: dictionaryKey({ dictName }),
    queryFn: () => fetchDictionary({ dictName }),
    // dictionaries change rarely; the 字典 page refreshes them when it writes
    staleTime: 5 * 60_000,
  });
  const options = useMemo(() => toDictionaryOptions(query.data ?? []), [query.data]);
  return { options, labelOf: (value) => dictionaryLabel(options, value), loading: query.isLoading };
}
