import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { businessIso, pickerTime } from '../time/business-time';
import { formColumns } from './resource-columns';
import type { ResourceColumn } from './resource-types';
import { fenToYuan, moneyProblem, yuanToFen } from './fields/money';

const defaultSwitchValues = [0, 1] as const;

/** A row from the API → what the form's inputs hold (yuan text for fen, Dayjs for dates, booleans for switches). */
export function recordToFormValues<T, Q>(columns: ReadonlyArray<ResourceColumn<T, Q>>, record: Partial<T> | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (!record) return values;
  for (const column of formColumns(columns)) {
    const value: unknown = record[column.dataIndex];
    if (value === undefined) continue;
    switch (column.valueType) {
      case 'money':
        values[column.dataIndex] = fenToYuan(value as number | string | null);
        break;
      case 'date':
        values[column.dataIndex] = pickerTime(value as string | null);
        break;
      case 'switch':
        values[column.dataIndex] = value === (column.switchValues ?? defaultSwitchValues)[1];
        break;
      case 'select':
        values[column.dataIndex] = value === null ? undefined : String(value);
        break;
      default:
        values[column.dataIndex] = value;
    }
  }
  return values;
}

/** Select keys are strings; a key that reads as a number goes back to the API as one. */
const selectValue = (value: unknown) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

/** The form's values → the create/update body: fen for money, ISO for dates, the API's values for switches. */
export function formValuesToBody<T, Q>(columns: ReadonlyArray<ResourceColumn<T, Q>>, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const column of formColumns(columns)) {
    const value = values[column.dataIndex];
    const [off, on] = column.switchValues ?? defaultSwitchValues;
    switch (column.valueType) {
      case 'money':
        body[column.dataIndex] = yuanToFen(value);
        break;
      case 'date':
        body[column.dataIndex] = dayjs.isDayjs(value) ? businessIso(value) : null;
        break;
      case 'switch':
        body[column.dataIndex] = value ? on : off;
        break;
      case 'select':
        body[column.dataIndex] = value === undefined ? null : selectValue(value);
        break;
      case 'textarea':
        // a free text left blank is empty, not absent
        body[column.dataIndex] = typeof value === 'string' ? value.trim() : '';
        break;
      case 'number':
        body[column.dataIndex] = value === undefined || value === null || value === '' ? null : Number(value);
        break;
      default:
        body[column.dataIndex] = typeof value === 'string' ? value.trim() : (value ?? null);
    }
  }
  return body;
}

/** The descriptor's rules as antd form rules; a `check` is one of the contract's checkers. */
export function formRules<T, Q>(column: ResourceColumn<T, Q>): Rule[] {
  const verb = column.valueType === 'select' || column.valueType === 'date' ? '请选择' : '请输入';
  // an amount is checked as typed, never rounded to two decimals behind the user's back
  const money: Rule[] =
    column.valueType === 'money'
      ? [
          {
            validator: async (_rule, value: unknown) => {
              const problem = moneyProblem(value, { noun: column.title });
              if (problem) throw new Error(problem);
            },
          },
        ]
      : [];
  return [
    ...(column.rules ?? []).map((rule): Rule => {
      if (rule.required) return { required: true, message: rule.message ?? `${verb}${column.title}` };
      if (rule.max !== undefined) return { max: rule.max, message: rule.message ?? `${column.title}最多${rule.max}个字符` };
      const check = rule.check;
      if (!check) return {};
      return {
        validator: async (_rule, value: unknown) => {
          const problem = check(value === undefined || value === null ? '' : String(value));
          if (problem) throw new Error(rule.message ?? problem);
        },
      };
    }),
    ...money,
  ];
}
