import { Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { organizationOptions } from '../organization-tree';
import { useOrganizationTree, usePositionOptions, useRoleOptions, type NamedOption } from '../system-api';
import { OptionSelect } from '../../../shared/components/option-select';
import { pickerWidth, type PickerProps } from '../../../shared/components/picker';

/** Picks one organization from the tree; `excluded` hides an organization and its subtree (it cannot be its own parent). */
export function OrganizationTreeSelect({
  value,
  onChange,
  place = 'form',
  id,
  excluded,
  placeholder = '请选择组织',
}: PickerProps<string | undefined> & { excluded?: string; placeholder?: string }) {
  const tree = useOrganizationTree();
  const treeData = useMemo(() => organizationOptions(tree.data ?? [], excluded), [tree.data, excluded]);
  return (
    <TreeSelect
      id={id}
      // a null from the API shows the placeholder, not an empty choice
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange?.(next)}
      treeData={treeData}
      loading={tree.isLoading}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={placeholder}
      notFoundContent="暂无组织"
      style={{ width: pickerWidth(place) }}
    />
  );
}

const asOptions = (items: readonly NamedOption[] | undefined) => (items ?? []).map((item) => ({ value: item.id, label: item.name }));

/** One position (a search filter). */
export function PositionSelect({ place = 'search', ...props }: PickerProps<string | null | undefined>) {
  const positions = usePositionOptions();
  return <OptionSelect {...props} place={place} options={asOptions(positions.data)} loading={positions.isLoading} placeholder="请选择岗位" notFoundContent="暂无岗位" />;
}

/**
 * Several positions, kept in the order they were picked: the first one is the user's main position
 * (the message dialog's finance rule reads the first position id), so its tag says 主.
 */
export function PositionMultiSelect({ value, onChange, id }: PickerProps<string[]>) {
  const positions = usePositionOptions();
  const options = asOptions(positions.data);
  const first = value?.[0];
  return (
    <Select
      id={id}
      mode="multiple"
      value={value ?? []}
      onChange={onChange}
      options={options.map((option) => (option.value === first ? { ...option, label: `${option.label}（主）` } : option))}
      loading={positions.isLoading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择岗位，第一个为主岗位"
      notFoundContent="暂无岗位"
      style={{ width: '100%' }}
    />
  );
}

export function RoleMultiSelect({ value, onChange, id }: PickerProps<string[]>) {
  const roles = useRoleOptions();
  return (
    <Select
      id={id}
      mode="multiple"
      value={value ?? []}
      onChange={onChange}
      options={asOptions(roles.data)}
      loading={roles.isLoading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择角色"
      notFoundContent="暂无角色"
      style={{ width: '100%' }}
    />
  );
}
