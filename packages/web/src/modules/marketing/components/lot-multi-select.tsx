import { Select } from 'antd';
import { useLotOptions } from '../../parking';

/** 适用停车场: several lots of the tenant, found by typing part of a name (集团卡 and 商户). */
export function LotMultiSelect({ value, onChange, id }: { value?: string[]; onChange?: (next: string[]) => void; id?: string }) {
  const lots = useLotOptions();
  return (
    <Select
      id={id}
      mode="multiple"
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(next)}
      options={(lots.data ?? []).map((lot) => ({ value: lot.id, label: lot.name }))}
      loading={lots.isLoading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择适用停车场"
      notFoundContent="暂无停车场"
    />
  );
}
