import { pageSizeOptions, type Paged } from '@parking/contract';
import { Empty, Pagination, Table } from 'antd';
import type { PaginationProps, TableColumnType, TableProps } from 'antd';
import type { Key } from 'react';
import type { ListQuery } from './list-query';
import { tableColumns } from './resource-columns';
import type { ResourceDescriptor } from './resource-types';

/** The texts every paged table shows, character for character. */
export const emptyText = '暂无数据';
export const loadingText = '加载中,请稍等......';
export const totalText = (total: number) => `共 ${total} 条`;

interface ResourceTableProps<T, Q> {
  descriptor: ResourceDescriptor<T, Q>;
  query: ListQuery;
  page: Paged<T> | undefined;
  loading: boolean;
  actions?: TableColumnType<T>;
  selectedKeys?: readonly Key[];
  onSelectionChange?: (keys: Key[]) => void;
  onQueryChange: (next: Partial<ListQuery>) => void;
  /** a class for some rows (the row a link pointed at…) */
  rowClassName?: (record: T) => string;
}

type ChangeHandler<T> = NonNullable<TableProps<T>['onChange']>;

/** The paged table: 序号, optional checkboxes, the descriptor's columns, a pager with total, sizes and jump. */
export function ResourceTable<T extends object, Q>(props: ResourceTableProps<T, Q>) {
  const { descriptor, query, page, loading, actions, selectedKeys, onSelectionChange, onQueryChange, rowClassName } = props;

  const onSort: ChangeHandler<T> = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? String(single.columnKey ?? single.field) : undefined;
    onQueryChange({ currentPage: 1, sidx: field, sort: field ? (single?.order === 'ascend' ? 'asc' : 'desc') : undefined });
  };

  const onPage: PaginationProps['onChange'] = (current, pageSize) =>
    // a new page size starts again from page 1
    onQueryChange({ currentPage: pageSize === query.pageSize ? current : 1, pageSize });

  return (
    <>
      <Table<T>
        className="resource-table"
        rowKey={(record) => String(record[descriptor.rowKey])}
        columns={tableColumns(descriptor.columns, query, actions, page?.pagination)}
        dataSource={page?.list ?? []}
        rowClassName={rowClassName}
        loading={{ spinning: loading, description: loadingText }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        // the pager is our own, so it stays (with 共 0 条) when nothing matches, where antd's would hide
        pagination={false}
        rowSelection={descriptor.selectable ? { selectedRowKeys: selectedKeys ? [...selectedKeys] : [], onChange: (keys) => onSelectionChange?.(keys) } : undefined}
        scroll={{ x: 'max-content' }}
        onChange={onSort}
      />
      <Pagination
        className="resource-pager"
        align="end"
        current={query.currentPage}
        pageSize={query.pageSize}
        total={page?.pagination.total ?? 0}
        showTotal={totalText}
        showSizeChanger
        pageSizeOptions={pageSizeOptions.map(String)}
        showQuickJumper
        disabled={loading && !page}
        onChange={onPage}
      />
    </>
  );
}
