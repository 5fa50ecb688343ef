import { dictValue, type DictDetail } from '@parking/contract';

/** One option of a select fed by a dictionary; a numeric-looking value is an integer. */
export interface DictionaryOption {
  label: string;
  value: string | number;
}

export const toDictionaryOptions = (entries: readonly DictDetail[]): DictionaryOption[] => entries.map((entry) => ({ label: entry.label, value: dictValue(entry.value) }));

/** The label of a value as the API gives it (3 or '3' alike); the value itself when the dictionary lacks it. */
export function dictionaryLabel(options: readonly DictionaryOption[], value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return options.find((option) => String(option.value) === String(value))?.label ?? String(value);
}
