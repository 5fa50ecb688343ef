import type { MerchantOption, MerchantSettlement } from '@parking/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { pickerWidth, type PickerProps } from '../../../shared/components/picker';
import { useMerchantOptions } from '../merchant-api';

interface MerchantSelectProps extends PickerProps<string | null | undefined> {
  /** only 预付 or 后付 merchants (the monthly bill is 后付 only) */
  settlement?: MerchantSettlement;
  /** a stopped merchant cannot be picked (it issues no coupons); a search may still look for one */
  enabledOnly?: boolean;
}

const labelOf = (m: MerchantOption) => (m.enabled ? m.name : `${m.name}（停用）`);

/**
 * One merchant of the tenant, found by typing part of its name: the server answers the first few that
 * match, so a tenant with thousands of merchants loads no more than that. A stopped one says so.
 */
export function MerchantSelect({ value, onChange, place = 'form', id, settlement, enabledOnly = false }: MerchantSelectProps) {
  const [keyword, setKeyword] = useState('');
  // the merchant picked stays named while another keyword's answer does not hold it
  const [picked, setPicked] = useState<MerchantOption | null>(null);
  const merchants = useMerchantOptions(keyword.trim(), settlement);
  const found = merchants.data ?? [];
  const shown = picked && picked.id === value && !found.some((m) => m.id === picked.id) ? [picked, ...found] : found;
  return (
    <Select<string>
      id={id}
      value={value ?? undefined}
      onChange={(next: string | undefined) => {
        setPicked(found.find((m) => m.id === next) ?? null);
        setKeyword('');
        onChange?.(next ?? null);
      }}
      options={shown.map((m) => ({ value: m.id, label: labelOf(m), disabled: enabledOnly && !m.enabled }))}
      loading={merchants.isFetching}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder="输入名称查找商户"
      notFoundContent={merchants.isFetching ? '查找中…' : merchants.isError ? '商户查找失败，请重试' : keyword ? '没有名称含此关键字的商户' : '暂无商户，请先在「商户」页面新增'}
      style={{ width: pickerWidth(place) }}
    />
  );
}
