import { dictionaryNames, groupCardPlate, plateColourNames } from '@parking/contract';
import { Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { OptionSelect } from '../../components/option-select';
import type { PickerProps } from '../../components/picker';
import { useDictionary } from '../../dictionary/use-dictionary';
import { schemaRule } from '../schema-check';

/** The contract's plate: trimmed, upper-cased, a mainland plate ("请输入正确的车牌号，如 粤B12345"). */
const plateRule = schemaRule(groupCardPlate);

/** A plate as typed → as sent: trimmed and upper-cased; blank as "". */
export const plateText = (value: string | null | undefined): string => (value ?? '').trim().toUpperCase();

interface PlateFieldProps {
  name?: string;
  label?: string;
  /** the message of a blank plate; none lets it be left empty */
  required?: string;
  extra?: ReactNode;
}

/** A mainland plate number, upper-cased as it is typed (the letters of a plate are capitals). */
export function PlateField({ name = 'plateNumber', label = '车牌号', required, extra }: PlateFieldProps) {
  return (
    <Form.Item
      label={label}
      name={name}
      normalize={(value: unknown) => String(value ?? '').toUpperCase()}
      rules={[...(required ? [{ required: true, whitespace: true, message: required }] : []), plateRule]}
      extra={extra}
    >
      <Input allowClear placeholder="如 粤B12345" autoComplete="off" />
    </Form.Item>
  );
}

/** The colours the contract names, for a form that must not wait on the tenant's dictionary. */
export const contractPlateColourOptions = [{ value: 0, label: '蓝色' }, ...Object.entries(plateColourNames).map(([code, label]) => ({ value: Number(code), label }))];

/** 车牌颜色 from the tenant's dictionary (plate_colour); a plate always has one. */
export function PlateColourSelect(props: PickerProps<number | null | undefined>) {
  const dictionary = useDictionary(dictionaryNames.plateColour);
  const options = dictionary.options.map((option) => ({ label: option.label, value: Number(option.value) }));
  return <OptionSelect {...props} place="form" options={options} loading={dictionary.loading} placeholder="请选择车牌颜色" clearable={false} searchable={false} />;
}

interface PlateColourFieldProps {
  name?: string;
  /** the message of no colour; none lets it be left unset */
  required?: string;
  /** fixed options instead of the dictionary's */
  options?: readonly { value: number; label: string }[];
}

/** 车牌颜色: the colour code sent as it is picked. */
export function PlateColourField({ name = 'plateColour', required, options }: PlateColourFieldProps) {
  return (
    <Form.Item label="车牌颜色" name={name} rules={required ? [{ required: true, message: required }] : []}>
      {options ? <Select options={[...options]} placeholder="请选择车牌颜色" /> : <PlateColourSelect />}
    </Form.Item>
  );
}
