import { formatAmount } from '@parking/contract';
import { Badge } from 'antd';
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { defaultColumnWidth } from './column-settings';
import { serialNumber, type ListQuery } from './list-query';
import type { ResourceColumn } from './resource-types';
import { formatDateTime } from './value-format';

export const serialColumnTitle = '序号';
export const serialColumnKey = '__serial';
export const serialColumnWidth = 60;

const defaultSwitchValues = [0, 1] as const;

export const tableVisibleColumns = <T, Q>(columns: ReadonlyArray<ResourceColumn<T, Q>>) => columns.filter((c) => !c.hideInTable);

export const formColumns = <T, Q>(columns: ReadonlyArray<ResourceColumn<T, Q>>) => columns.filter((c) => !c.hideInForm);

/** A cell as the column's valueType and valueEnum say it reads. */
export function renderValue<T, Q>(column: ResourceColumn<T, Q>, value: unknown): ReactNode {
  if (column.valueEnum) {
    const entry = value === null || value === undefined ? undefined : column.valueEnum[String(value)];
    if (!entry) return value === null || value === undefined ? '' : String(value);
    return entry.status ? <Badge status={entry.status} text={entry.text} /> : entry.text;
  }
  switch (column.valueType) {
    case 'money':
      return value === null || value === undefined ? '' : formatAmount(value as number | string);
    case 'date':
      return formatDateTime(value);
    case 'switch': {
      const on = (column.switchValues ?? defaultSwitchValues)[1];
      return value === on ? '是' : '否';
    }
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

const sortOrderOf = (query: ListQuery, field: string) => (query.sidx === field ? (query.sort === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);

/** The page the rows on screen belong to; while the next page loads it is still the previous one. */
export interface ShownPage {
  currentPage: number;
  pageSize: number;
}

/** Which of the descriptor's columns the table shows, by their keys, and whether 序号 leads them (not on a phone). */
export interface ShownColumns {
  keys?: ReadonlySet<string>;
  serial?: boolean;
}

export const columnKeyOf = <T, Q>(column: ResourceColumn<T, Q>) => column.key ?? column.dataIndex;

/**
 * The descriptor's columns as antd table columns, after a 序号 column that continues across pages.
 * Every column has a width and keeps to one line, a longer text ending in … with the whole on hover.
 */
export function tableColumns<T, Q>(
  columns: ReadonlyArray<ResourceColumn<T, Q>>,
  query: ListQuery,
  actions?: TableColumnType<T>,
  shown: ShownPage = query,
  which: ShownColumns = {},
): TableColumnType<T>[] {
  const serial: TableColumnType<T> = {
    key: serialColumnKey,
    title: serialColumnTitle,
    width: serialColumnWidth,
    align: 'center',
    render: (_value, _record, index) => serialNumber(index, shown.currentPage, shown.pageSize),
  };
  const data = tableVisibleColumns(columns)
    .filter((column) => !which.keys || which.keys.has(columnKeyOf(column)))
    .map((column): TableColumnType<T> => ({
      key: columnKeyOf(column),
      dataIndex: column.dataIndex,
      title: column.title,
      width: column.width ?? defaultColumnWidth,
      ellipsis: column.ellipsis === false ? false : { showTitle: true },
      sorter: column.sortable === true,
      sortOrder: column.sortable ? sortOrderOf(query, column.dataIndex) : undefined,
      render: (value: T[keyof T], record: T) => (column.render ? column.render(value, record) : renderValue(column, value)),
    }));
  const leading = which.serial === false ? [] : [serial];
  return actions ? [...leading, ...data, actions] : [...leading, ...data];
}
