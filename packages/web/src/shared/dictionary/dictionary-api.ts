import { dictionaryEndpoints, type DictDetail } from '@parking/contract';
import { call } from '../http/call';
import { resourceKeys } from '../resource/use-resource';

/** A dictionary is read whole, from page 0 at 9999 a page. */
export const dictionaryPageSize = 9999;

/** The query-key root the dictionary's reads share, so a write to any entry refreshes every select. */
export const dictionaryResource = 'dictDetail';

export interface DictionaryQuery {
  dictName: string;
  /** part of the label, as the 字典 page searches */
  label?: string;
}

const requestParams = ({ dictName, label }: DictionaryQuery) => ({
  dictName,
  page: 0,
  size: dictionaryPageSize,
  ...(label?.trim() ? { label: label.trim() } : {}),
});

export const dictionaryKey = (query: DictionaryQuery) => resourceKeys.list(dictionaryResource, requestParams(query));

/** GET api/dictDetail?dictName=X&page=0&size=9999: the entries of one dictionary, in their order. */
export const fetchDictionary = async (query: DictionaryQuery): Promise<DictDetail[]> => (await call(dictionaryEndpoints.list, { query: requestParams(query) })).list;
