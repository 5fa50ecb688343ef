import type { MerchantSettlement } from '@parking/contract';
import { OptionSelect } from '../../../shared/components/option-select';
import type { PickerProps } from '../../../shared/components/picker';
import { useMerchantOptions } from '../merchant-api';

interface MerchantSelectProps extends PickerProps<string | null | undefined> {
  /** only 预付 or 后付 merchants (the monthly bill is 后付 only) */
  settlement?: MerchantSettlement;
  /** a stopped merchant cannot be picked (it issues no coupons); a search may still look for one */
  enabledOnly?: boolean;
}

/** One merchant of the tenant, searched by name; a stopped one says so. */
export function MerchantSelect({ settlement, enabledOnly = false, ...props }: MerchantSelectProps) {
  const merchants = useMerchantOptions();
  const options = merchants.data
    ?.filter((m) => settlement === undefined || m.settlement === settlement)
    .map((m) => ({ value: m.id, label: m.enabled ? m.name : `${m.name}（停用）`, disabled: enabledOnly && !m.enabled }));
  return <OptionSelect {...props} options={options} loading={merchants.isLoading} placeholder="请选择商户" notFoundContent="暂无商户，请先在「商户」页面新增" />;
}
