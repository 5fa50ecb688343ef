import { OptionSelect } from '../../../shared/components/option-select';
import type { PickerProps } from '../../../shared/components/picker';
import { useGroupOptions } from '../marketing-api';

/** One group of the tenant, searched by name; a stopped group says so (its cards do not apply). */
export function GroupSelect(props: PickerProps<string | null | undefined>) {
  const groups = useGroupOptions();
  const options = groups.data?.map((g) => ({ value: g.id, label: g.enabled ? g.name : `${g.name}（停用）` }));
  return <OptionSelect {...props} options={options} loading={groups.isLoading} placeholder="请选择集团" notFoundContent="暂无集团，请先在「集团」页面新增" />;
}
