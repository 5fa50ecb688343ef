import { useUrlSyncedForm } from './use-url-synced-form';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import type { EndpointSchema, FieldProblem } from '@parking/contract';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { contractProblems } from '../forms/show-field-problems';
import { filterParams, searchColumns, searchParamOf, searchParamsOf } from './list-query';
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
    // order={false}: a range picked end first stays as picked and is refused with why, never swapped behind the user's back
    return <DatePicker.RangePicker showTime format={dateTimeFormat} placeholder={['开始时间', '结束时间']} allowEmpty={[true, true]} order={false} />;
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
  /** the list call's query schema: filters it refuses are shown beside their inputs and not searched */
  querySchema?: EndpointSchema;
  onSearch: (filters: Record<string, string>) => void;
}

/**
 * What the list call's contract refuses in these filters, as the server would say it. Only the
 * filters' own fields count: paging and a page's fixed parameters are not the user's to fix.
 */
export const filterProblems = (querySchema: EndpointSchema | undefined, filters: Readonly<Record<string, string>>): FieldProblem[] => {
  const params = filterParams(filters);
  return contractProblems(querySchema, params, 'querystring').filter((problem) => (problem.field.split('.')[0] ?? '') in params);
};

/** Each search input's messages: a range's input answers for both of its parameters. */
function problemsByInput<T, Q>(fields: readonly ResourceColumn<T, Q>[], problems: readonly FieldProblem[]): Map<string, string> {
  const shown = new Map<string, string>();
  for (const column of fields) {
    const params = searchParamsOf(column);
    const messages = [...new Set(problems.filter((problem) => params.includes(problem.field)).map((problem) => problem.message))];
    if (messages.length > 0) shown.set(searchParamOf(column), messages.join('；'));
  }
  return shown;
}

/**
 * The search form built from the columns not hidden in search. It starts from the URL's filters;
 * a change of the URL from elsewhere is written into it (useUrlSyncedForm), so the two never disagree.
 */
export function ResourceSearchForm<T, Q>({ columns, filters, formName, querySchema, onSearch }: ResourceSearchFormProps<T, Q>) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const markSearched = useUrlSyncedForm(form, filtersToFormValues(columns, filters));
  // a search refused before it was made; otherwise the filters in force (from the address too) are judged
  const [refusedSearch, setRefusedSearch] = useState<FieldProblem[] | null>(null);
  const fields = searchColumns(columns);
  if (fields.length === 0) return null;
  const problems = refusedSearch ?? filterProblems(querySchema, filters);
  const search = (next: ReturnType<typeof formValuesToFilters>) => {
    const refused = filterProblems(querySchema, next);
    setRefusedSearch(refused.length > 0 ? refused : null);
    if (refused.length > 0) return;
    markSearched(filtersToFormValues(columns, next));
    onSearch(next);
  };
  const shown = problemsByInput(fields, problems);
  const unplaced = problems.filter((problem) => !fields.some((column) => searchParamsOf(column).includes(problem.field)));

  return (
    <Form
      form={form}
      name={formName}
      layout="inline"
      className="resource-search"
      initialValues={filtersToFormValues(columns, filters)}
      onFinish={(values) => search(formValuesToFilters(columns, values))}
    >
      {fields.map((column) => {
        const problem = shown.get(searchParamOf(column));
        return (
          <Form.Item key={searchParamOf(column)} name={searchParamOf(column)} label={column.title} validateStatus={problem ? 'error' : undefined} help={problem}>
            {searchInput(column)}
          </Form.Item>
        );
      })}
      {unplaced.length > 0 && (
        <Form.Item validateStatus="error" help={unplaced.map((problem) => problem.message).join('；')}>
          <span />
        </Form.Item>
      )}
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
