import { Cascader } from 'antd';
import type { CSSProperties } from 'react';
import type { RegionOption } from './region-options';
import { useRegionOptions } from './use-region-options';

export interface RegionCascaderProps {
  /** [provinceCode, cityCode, districtCode]; shorter where the division has no lower level (东莞市) */
  value?: string[] | null;
  /** the codes and, for forms that also keep names, the labels of the same levels */
  onChange?: (value: string[], labels: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
}

/** Province/city/district picker for lot and area forms; drop it in a Form.Item as is. */
export function RegionCascader({ value, onChange, placeholder = '请选择省/市/区', disabled, style, id }: RegionCascaderProps) {
  const { options, loadData } = useRegionOptions(value ?? undefined);
  return (
    <Cascader<RegionOption>
      id={id}
      className="region-cascader"
      options={options}
      loadData={loadData}
      value={value ?? []}
      onChange={(codes, selected) =>
        onChange?.(
          (codes ?? []).map(String),
          (selected ?? []).map((option) => option.label),
        )
      }
      placeholder={placeholder}
      disabled={disabled}
      style={style ?? { width: '100%' }}
      allowClear
    />
  );
}
