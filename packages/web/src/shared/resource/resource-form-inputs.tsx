import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { formColumns } from './resource-columns';
import type { ResourceColumn } from './resource-types';
import { formRules } from './form-values';
import { dateTimeFormat } from './value-format';

function formInput<T, Q>(column: ResourceColumn<T, Q>, record: T | undefined): ReactNode {
  if (column.input) return column.input('form', record);
  if (column.valueEnum) {
    const options = Object.entries(column.valueEnum).map(([value, entry]) => ({ value, label: entry.text }));
    return <Select allowClear options={options} placeholder={`请选择${column.title}`} />;
  }
  switch (column.valueType) {
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={`请输入${column.title}`} />;
    case 'money':
      return <Input prefix="¥" suffix="元" inputMode="decimal" placeholder={`请输入${column.title}`} />;
    case 'date':
      return <DatePicker showTime format={dateTimeFormat} style={{ width: '100%' }} />;
    case 'switch':
      return <Switch />;
    case 'textarea':
      return <Input.TextArea allowClear rows={3} placeholder={`请输入${column.title}`} />;
    default:
      return <Input allowClear placeholder={`请输入${column.title}`} />;
  }
}

/** The inputs of a resource's create and edit forms: one component, so the two never drift apart. */
export function ResourceFormInputs<T, Q>({ columns, record }: { columns: ReadonlyArray<ResourceColumn<T, Q>>; record?: T }) {
  return (
    <>
      {formColumns(columns).map((column) => (
        <Form.Item
          key={column.dataIndex}
          name={column.dataIndex as string}
          label={column.title}
          rules={formRules(column)}
          valuePropName={column.valueType === 'switch' ? 'checked' : 'value'}
        >
          {formInput(column, record)}
        </Form.Item>
      ))}
    </>
  );
}
