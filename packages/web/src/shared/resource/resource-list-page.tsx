import { App, Button, Space } from 'antd';
import type { TableColumnType } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import { ResourceDeleteButton } from './resource-delete-button';
import { ResourceFormModal } from './resource-form-modal';
import { ResourceSearchForm } from './resource-search-form';
import { ResourceTable } from './resource-table';
import { ResourceToolbar } from './resource-toolbar';
import type { ResourceDescriptor } from './resource-types';
import { RoleGate } from './role-gate';
import { useListUrlState } from './use-list-url-state';
import { useResourceList, useResourceRemove } from './use-resource';
import './resource.css';

export const actionsColumnTitle = '操作';
export { deleteConfirmText, deleteConfirmTitle } from './resource-delete-button';

interface ResourceListPageProps<T, Q> {
  descriptor: ResourceDescriptor<T, Q>;
  /** what only this page does to a row, shown before 编辑/删除 */
  rowActions?: (record: T) => ReactNode;
  toolbarExtra?: ReactNode;
  /** the 操作 column's width, for pages with more row actions than 编辑/删除 */
  actionsWidth?: number;
  /** the chosen rows, kept by a page that acts on them itself (批量通过); the list keeps them otherwise */
  selection?: { keys: Key[]; onChange: (keys: Key[]) => void };
}

type Editing<T> = { record: T | undefined } | null;

/** A whole list page from a descriptor: search form, toolbar, paged table, create/edit modal and delete. */
export function ResourceListPage<T extends object, Q>(props: ResourceListPageProps<T, Q>) {
  const { descriptor, rowActions, toolbarExtra, actionsWidth = 120, selection } = props;
  const { message } = App.useApp();
  const { query, setQuery } = useListUrlState(descriptor);
  const list = useResourceList(descriptor, query);
  const remove = useResourceRemove(descriptor);
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [ownKeys, setOwnKeys] = useState<Key[]>([]);
  const selectedKeys = selection?.keys ?? ownKeys;
  const setSelectedKeys = selection?.onChange ?? setOwnKeys;
  const { actions, roles } = descriptor;

  const removeRow = async (record: T) => {
    const msg = await remove.mutateAsync(record[descriptor.rowKey] as string | number);
    message.success(msg || '删除成功');
    // the last row of a later page is gone: show the page before instead of an empty one
    if (list.data?.list.length === 1 && query.currentPage > 1) setQuery({ currentPage: query.currentPage - 1 });
  };

  const hasRowActions = Boolean(rowActions) || actions.update || actions.remove;
  const actionsColumn: TableColumnType<T> | undefined = hasRowActions
    ? {
        key: '__actions',
        title: actionsColumnTitle,
        fixed: 'right',
        width: actionsWidth,
        render: (_value, record) => (
          <Space size={4} wrap>
            {rowActions?.(record)}
            {actions.update && (
              <RoleGate roles={roles?.update}>
                <Button type="link" size="small" onClick={() => setEditing({ record })}>
                  编辑
                </Button>
              </RoleGate>
            )}
            {actions.remove && (
              <RoleGate roles={roles?.remove}>
                <ResourceDeleteButton kind={descriptor.name} target={descriptor.recordName?.(record)} refusal={descriptor.removeRefusal?.(record)} onConfirm={() => removeRow(record)} />
              </RoleGate>
            )}
          </Space>
        ),
      }
    : undefined;

  return (
    <div className="page-card resource-page">
      <ResourceSearchForm
        columns={descriptor.columns}
        filters={query.filters}
        formName={`${descriptor.resource}-search`}
        querySchema={descriptor.endpoints?.list.query}
        onSearch={(filters) => {
          // the same search again changes no URL, so it asks the server afresh instead
          if (JSON.stringify(filters) === JSON.stringify(query.filters) && query.currentPage === 1) void list.refetch();
          else setQuery({ filters, currentPage: 1 });
        }}
      />
      <ResourceToolbar
        descriptor={descriptor}
        query={query}
        selectedCount={selectedKeys.length}
        reloading={list.isFetching}
        onReload={() => void list.refetch()}
        onCreate={() => setEditing({ record: undefined })}
        extra={toolbarExtra}
      />
      <ResourceTable
        descriptor={descriptor}
        query={query}
        page={list.data}
        loading={list.isFetching}
        actions={actionsColumn}
        selectedKeys={selectedKeys}
        onSelectionChange={setSelectedKeys}
        onQueryChange={setQuery}
      />
      {editing && (
        <ResourceFormModal key={editing.record ? String(editing.record[descriptor.rowKey]) : 'new'} descriptor={descriptor} record={editing.record} open onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
