import dayjs, { type Dayjs } from 'dayjs';
import { searchColumns, searchParamOf } from './list-query';
import type { ResourceColumn } from './resource-types';
import { businessIso, dayText, pickerDay, pickerTime } from '../time/business-time';

export type TimeRange = [Dayjs | null | undefined, Dayjs | null | undefined];
export type SearchFieldValue = string | string[] | Dayjs | TimeRange | undefined;
export type SearchFormValues = Record<string, SearchFieldValue>;

/** URL filters → the search form's values (a multiple select wants an array, a date picker a Dayjs). */
export function filtersToFormValues<T, Q>(columns: ReadonlyArray<ResourceColumn<T, Q>>, filters: Readonly<Record<string, string>>): SearchFormValues {
  const values: SearchFormValues = {};
  for (const column of searchColumns(columns)) {
    const param = searchParamOf(column);
    const range = column.search?.range;
    if (range) {
      const [from, to] = range.map((p) => pickerTime(filters[p]));
      if (from || to) values[param] = [from, to];
      continue;
    }
    const raw = filters[param];
    if (raw === undefined) continue;
    if (column.search?.multiple) values[param] = raw.split(',').filter((part) => part !== '');
    else if (column.valueType === 'date') values[param] = pickerDay(raw);
    else values[param] = raw;
  }
  return values;
}

/** The search form's values → URL filters; blanks are dropped here and trimmed when the call is made. */
export function formValuesToFilters<T, Q>(columns: ReadonlyArray<ResourceColumn<T, Q>>, values: Readonly<Record<string, unknown>>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const column of searchColumns(columns)) {
    const param = searchParamOf(column);
    const value = values[param];
    const range = column.search?.range;
    if (range) {
      const picked: unknown[] = Array.isArray(value) ? value : [];
      range.forEach((p, i) => {
        const time = picked[i];
        if (dayjs.isDayjs(time)) filters[p] = businessIso(time);
      });
      continue;
    }
    let text: string;
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) text = value.map(String).join(',');
    else if (dayjs.isDayjs(value)) text = dayText(value);
    else text = String(value);
    if (text.trim() !== '') filters[param] = text;
  }
  return filters;
}
