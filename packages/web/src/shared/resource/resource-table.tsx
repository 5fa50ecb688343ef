import { pageSizeOptions, type Paged } from '@parking/contract';
import { Empty, Pagination, Table } from 'antd';
import type { PaginationProps, TableColumnType, TableProps } from 'antd';
import { useLayoutEffect, useRef, useState, type Key } from 'react';
import { narrowTableWidth } from './column-settings';
import type { ListQuery } from './list-query';
import { serialColumnWidth, tableColumns } from './resource-columns';
import type { ResourceDescriptor } from './resource-types';
import { publishColumnRoom, useColumnSettings } from './use-column-settings';

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

/** What the row checkboxes take of the width. */
const selectionWidth = 48;
/** 操作 on a phone, its buttons one under another when they need more */
const narrowActionsWidth = 110;

/** The width the table has on screen, followed as the window or the sidebar changes it; undefined until measured. */
function useTableWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** The paged table: 序号, optional checkboxes, the descriptor's columns, a pager with total, sizes and jump. */
export function ResourceTable<T extends object, Q>(props: ResourceTableProps<T, Q>) {
  const { descriptor, query, page, loading, actions, selectedKeys, onSelectionChange, onQueryChange, rowClassName } = props;

  const onSort: ChangeHandler<T> = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? String(single.columnKey ?? single.field) : undefined;
    onQueryChange({ currentPage: 1, sidx: field, sort: field ? (single?.order === 'ascend' ? 'asc' : 'desc') : undefined });
  };

  // the data columns share what 序号, the checkboxes and 操作 leave; what does not fit is left out, not scrolled to
  const { ref, width } = useTableWidth();
  const { visible } = useColumnSettings(descriptor);
  const narrow = width !== undefined && width < narrowTableWidth;
  // on a phone 操作 scrolls with the row instead of covering it, and its buttons wrap onto more lines
  const actionsShown = actions && narrow ? { ...actions, fixed: undefined, width: Math.min(Number(actions.width ?? narrowActionsWidth), narrowActionsWidth) } : actions;
  const fixedWidth = (narrow ? 0 : serialColumnWidth) + (descriptor.selectable ? selectionWidth : 0) + Number(actionsShown?.width ?? 0);
  useLayoutEffect(() => {
    if (width !== undefined) publishColumnRoom(descriptor.resource, width - fixedWidth);
  }, [descriptor.resource, width, fixedWidth]);
  const columns = tableColumns(descriptor.columns, query, actionsShown, page?.pagination, { keys: visible, serial: !narrow });
  const scrollWidth = columns.reduce((sum, column) => sum + Number(column.width ?? 0), descriptor.selectable ? selectionWidth : 0);

  const onPage: PaginationProps['onChange'] = (current, pageSize) =>
    // a new page size starts again from page 1
    onQueryChange({ currentPage: pageSize === query.pageSize ? current : 1, pageSize });

  return (
    <div ref={ref} className="resource-table-wrap">
      <Table<T>
        className={narrow ? 'resource-table resource-table--narrow' : 'resource-table'}
        size="middle"
        rowKey={(record) => String(record[descriptor.rowKey])}
        columns={columns}
        dataSource={page?.list ?? []}
        rowClassName={rowClassName}
        loading={{ spinning: loading, description: loadingText }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        // the pager is our own, so it stays (with 共 0 条) when nothing matches, where antd's would hide
        pagination={false}
        rowSelection={descriptor.selectable ? { selectedRowKeys: selectedKeys ? [...selectedKeys] : [], onChange: (keys) => onSelectionChange?.(keys) } : undefined}
        // the columns' own widths: the table fills the width it has, and scrolls within itself (never the page) only
        // when the columns shown need more, as when the user chose more than fits or on a phone
        scroll={{ x: scrollWidth }}
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
    </div>
  );
}
