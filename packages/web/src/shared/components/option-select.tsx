import { Select } from 'antd';
import type { ReactNode } from 'react';
import { pickerWidth, type PickerProps } from './picker';

export interface PickerOption<V> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface OptionSelectProps<V> extends PickerProps<V | null | undefined> {
  options: readonly PickerOption<V>[] | undefined;
  loading: boolean;
  placeholder: string;
  /** shown when there is nothing to pick: say what to set up first */
  notFoundContent?: ReactNode;
  /** false where a value is always needed (车牌颜色) */
  clearable?: boolean;
  /** false for a few fixed options, where typing finds nothing faster */
  searchable?: boolean;
}

/**
 * One of a list loaded from the server (a lot, an area, a tariff, a group, a position), found by
 * typing part of its name. Cleared, it gives null, which the API keeps for none and the search form
 * leaves out of the query. The module pickers are this with their own list and words.
 */
export function OptionSelect<V extends string | number>({
  value,
  onChange,
  place = 'form',
  id,
  options,
  loading,
  placeholder,
  notFoundContent,
  clearable = true,
  searchable = true,
}: OptionSelectProps<V>) {
  return (
    <Select<V>
      id={id}
      value={value ?? undefined}
      onChange={(next: V | undefined) => onChange?.(next ?? null)}
      options={options ? [...options] : []}
      loading={loading}
      allowClear={clearable}
      {...(searchable ? { showSearch: { optionFilterProp: 'label' } } : {})}
      placeholder={placeholder}
      notFoundContent={notFoundContent}
      style={{ width: pickerWidth(place) }}
    />
  );
}
