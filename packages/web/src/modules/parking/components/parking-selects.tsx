import { dictionaryNames, plateColourName, type ParkingLotKind, type TariffSummary } from '@parking/contract';
import { Col, Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { OptionSelect } from '../../../shared/components/option-select';
import type { PickerProps } from '../../../shared/components/picker';
import { useDictionary } from '../../../shared/dictionary/use-dictionary';
import { useAreaOptions, useLotOptions, useUserOptions } from '../parking-api';
import { useTariffOptions } from '../tariff-api';

/** Several of the tenant's users (巡检员, 管理员), searched by name or account. */
export function UserMultiSelect({ value, onChange, id, placeholder }: PickerProps<string[]> & { placeholder: string }) {
  const users = useUserOptions();
  const options = (users.data ?? []).map((user) => ({ value: user.id, label: `${user.realName}（${user.account}）` }));
  return (
    <Select
      id={id}
      mode="multiple"
      value={value ?? []}
      onChange={onChange}
      options={options}
      loading={users.isLoading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      maxTagCount="responsive"
      placeholder={placeholder}
      notFoundContent="暂无用户"
      style={{ width: '100%' }}
    />
  );
}

/** One area; a null from the API shows the placeholder. */
export function AreaSelect(props: PickerProps<string | null | undefined>) {
  const areas = useAreaOptions();
  return <OptionSelect {...props} options={areas.data} loading={areas.isLoading} placeholder="请选择片区" notFoundContent="暂无片区" />;
}

/** 停车场类型 from the parking_type dictionary; the search form keeps values as strings (URL), the form as numbers. */
export function LotTypeSelect(props: PickerProps<string | number | null | undefined>) {
  const dictionary = useDictionary(dictionaryNames.lotType);
  const options = dictionary.options.map((option) => ({ label: option.label, value: props.place === 'search' ? String(option.value) : Number(option.value) }));
  return <OptionSelect<string | number> {...props} options={options} loading={dictionary.loading} placeholder="请选择停车场类型" searchable={false} />;
}

/** A lot type's dictionary label in a table cell. */
export function LotTypeLabel({ value }: { value: number }) {
  return <>{useDictionary(dictionaryNames.lotType).labelOf(value)}</>;
}

/** One lot of the tenant, searched by name; `kind` narrows it to lane-based or space-based lots. */
export function LotSelect({ kind, ...props }: PickerProps<string | null | undefined> & { kind?: ParkingLotKind }) {
  const lots = useLotOptions(kind);
  const options = lots.data?.map((lot) => ({ value: lot.id, label: lot.name }));
  return <OptionSelect {...props} options={options} loading={lots.isLoading} placeholder="请选择停车场" notFoundContent={kind === 'lane' ? '暂无车道型停车场' : '暂无停车场'} />;
}

/** 停车场 in a create/edit form: the lot picker, required, in a column of the form's grid. */
export function LotField({ kind, extra, span = 12 }: { kind?: ParkingLotKind; extra?: ReactNode; span?: number }) {
  return (
    <Col span={span}>
      <Form.Item label="停车场" name="lotId" rules={[{ required: true, message: '请选择停车场' }]} extra={extra}>
        <LotSelect kind={kind} />
      </Form.Item>
    </Col>
  );
}

// 车牌颜色 is picked alike in every form with a plate
export { PlateColourSelect } from '../../../shared/resource/fields/plate-field';

/** A plate colour's dictionary label in a table cell. */
export function PlateColourLabel({ value }: { value: number }) {
  const dictionary = useDictionary(dictionaryNames.plateColour);
  const listed = dictionary.options.some((option) => Number(option.value) === value);
  return <>{listed ? dictionary.labelOf(value) : plateColourName(value)}</>;
}

/** "北京一类地区占道停车（第2版）": a tariff by name and the version in force. */
export const tariffLabel = (tariff: TariffSummary) =>
  `${tariff.name}（${tariff.currentVersion ? `第${tariff.currentVersion.versionNo}版` : '无生效版本'}）${tariff.enabled ? '' : '（已停用）'}`;

/** The lot's 计费规则; a disabled tariff cannot be picked, but a lot that already has one keeps showing it. */
export function TariffSelect(props: PickerProps<string | null | undefined>) {
  const tariffs = useTariffOptions();
  const options = tariffs.data?.list.map((tariff) => ({ value: tariff.id, label: tariffLabel(tariff), disabled: !tariff.enabled && tariff.id !== props.value }));
  return <OptionSelect {...props} place="form" options={options} loading={tariffs.isLoading} placeholder="请选择计费规则" notFoundContent="暂无计费规则" />;
}

/** A lot's tariff name in a table cell, from the same cached list as the picker; '-' for none. */
export function TariffName({ id }: { id: string | null }) {
  const tariffs = useTariffOptions();
  if (id === null) return <>-</>;
  return <>{tariffs.data?.list.find((tariff) => tariff.id === id)?.name ?? '-'}</>;
}
