import { useUrlSyncedForm } from './use-url-synced-form';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { searchColumns, searchParamOf } from './list-query';
import type { ResourceColumn } from './resource-types';
import { filtersToFormValues, formValuesToFilters } from './search-values';
import { dateTimeFormat } from './value-format';

export const searchButtonText = '查询';
export const resetButtonText = '重置';

const optionsOf = <T, Q>(column: ResourceColumn<T, Q>) => {
  if (column.valueEnum) return Object.entries(column.valueEnum).map(([value, entry]) => ({ value, label: entry.text }));
  if (column.valueType === 'switch') {
    const [off, on] = column.switchValues ?? [0, 1];
    return [
      { value: String(on), label: '是' },
      { value: String(off), label: '否' },
    ];
  }
  return undefined;
};

function searchInput<T, Q>(column: ResourceColumn<T, Q>): ReactNode {
  if (column.input) return column.input('search');
  if (column.search?.range) {
    return <DatePicker.RangePicker showTime format={dateTimeFormat} placeholder={['开始时间', '结束时间']} allowEmpty={[true, true]} />;
  }
  const options = optionsOf(column);
  if (options) {
    return (
      <Select
        allowClear
        options={options}
        mode={column.search?.multiple ? 'multiple' : undefined}
        maxTagCount="responsive"
        placeholder={column.search?.placeholder ?? `请选择${column.title}`}
        style={{ width: 200 }}
      />
    );
  }
  if (column.valueType === 'date') return <DatePicker placeholder={column.search?.placeholder ?? `请选择${column.title}`} />;
  return <Input allowClear placeholder={column.search?.placeholder ?? `请输入${column.title}`} style={{ width: 200 }} />;
}

interface ResourceSearchFormProps<T, Q> {
  columns: ReadonlyArray<ResourceColumn<T, Q>>;
  filters: Readonly<Record<string, string>>;
  /** prefixes the inputs' ids, so two forms on one screen never share an id */
  formName: string;
  onSearch: (filters: Record<string, string>) => void;
}

/**
 * The search form built from the columns not hidden in search. It starts from the URL's filters;
 * a change of the URL from elsewhere is written into it (useUrlSyncedForm), so the two never disagree.
 */
export function ResourceSearchForm<T, Q>({ columns, filters, formName, onSearch }: ResourceSearchFormProps<T, Q>) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const markSearched = useUrlSyncedForm(form, filtersToFormValues(columns, filters));
  const fields = searchColumns(columns);
  if (fields.length === 0) return null;
  const search = (next: ReturnType<typeof formValuesToFilters>) => {
    markSearched(filtersToFormValues(columns, next));
    onSearch(next);
  };

  return (
    <Form
      form={form}
      name={formName}
      layout="inline"
      className="resource-search"
      initialValues={filtersToFormValues(columns, filters)}
      onFinish={(values) => search(formValuesToFilters(columns, values))}
    >
      {fields.map((column) => (
        <Form.Item key={searchParamOf(column)} name={searchParamOf(column)} label={column.title}>
          {searchInput(column)}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {searchButtonText}
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              form.resetFields();
              form.setFieldsValue(Object.fromEntries(fields.map((column) => [searchParamOf(column), undefined])));
              search({});
            }}
          >
            {resetButtonText}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
