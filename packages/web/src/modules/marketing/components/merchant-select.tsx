import type { MerchantSettlement } from '@parking/contract';
import { OptionSelect } from '../../../shared/components/option-select';
import type { PickerProps } from '../../../shared/components/picker';
import { useMerchantOptions } from '../merchant-api';

/** One merchant of the tenant, searched by name; a stopped one says so. `settlement` keeps to 预付 or 后付 ones (the monthly bill is 后付 only). */
export function MerchantSelect({ settlement, ...props }: PickerProps<string | null | undefined> & { settlement?: MerchantSettlement }) {
  const merchants = useMerchantOptions();
  const options = merchants.data?.filter((m) => settlement === undefined || m.settlement === settlement).map((m) => ({ value: m.id, label: m.enabled ? m.name : `${m.name}（停用）` }));
  return <OptionSelect {...props} options={options} loading={merchants.isLoading} placeholder="请选择商户" notFoundContent="暂无商户，请先在「商户」页面新增" />;
}
