import type { Paged } from '@parking/contract';
import { App, Button, Space } from 'antd';
import type { TableColumnType } from 'antd';
import { useState, type ReactNode } from 'react';
import { ResourceDeleteButton } from '../../../shared/resource/resource-delete-button';
import { ResourceFormModal } from '../../../shared/resource/resource-form-modal';
import { actionsColumnTitle } from '../../../shared/resource/resource-list-page';
import { ResourceSearchForm } from '../../../shared/resource/resource-search-form';
import { ResourceTable } from '../../../shared/resource/resource-table';
import { ResourceToolbar } from '../../../shared/resource/resource-toolbar';
import type { ResourceDescriptor } from '../../../shared/resource/resource-types';
import { RoleGate } from '../../../shared/resource/role-gate';
import { useResourceRemove } from '../../../shared/resource/use-resource';
import '../../../shared/resource/resource.css';
import type { ListState } from '../list-state';

/** The list's answer as the panel reads it: a query result of the resource's list call. */
export interface PanelList<T> {
  data: Paged<T> | undefined;
  isFetching: boolean;
  refetch: () => unknown;
}

interface ListPanelProps<T, Q> {
  descriptor: ResourceDescriptor<T, Q>;
  state: ListState;
  list: PanelList<T>;
  /** what only this list does to a row, shown before 编辑/删除 */
  rowActions?: (record: T) => ReactNode;
  toolbarExtra?: ReactNode;
  actionsWidth?: number;
}

type Editing<T> = { record: T | undefined } | null;

/**
 * ResourceListPage's search form, toolbar, table, create/edit modal and delete, for a list whose
 * state is kept by its caller: a tab of a page (the tab stays in the URL) or a report on screen.
 */
export function ListPanel<T extends object, Q>({ descriptor, state, list, rowActions, toolbarExtra, actionsWidth = 120 }: ListPanelProps<T, Q>) {
  const { message } = App.useApp();
  const { query, setQuery } = state;
  const remove = useResourceRemove(descriptor);
  const [editing, setEditing] = useState<Editing<T>>(null);
  const { actions, roles } = descriptor;

  const removeRow = async (record: T) => {
    const msg = await remove.mutateAsync(record[descriptor.rowKey] as string | number);
    message.success(msg || '删除成功');
    // the last row of a later page is gone: show the page before instead of an empty one
    if (list.data?.list.length === 1 && query.currentPage > 1) setQuery({ currentPage: query.currentPage - 1 });
  };

  const actionsColumn: TableColumnType<T> | undefined =
    rowActions || actions.update || actions.remove
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
    <>
      <ResourceSearchForm
        columns={descriptor.columns}
        filters={query.filters}
        formName={`${descriptor.resource}-search`}
        querySchema={descriptor.endpoints?.list.query}
        onSearch={(filters) => {
          // the same search again changes no state, so it asks the server afresh instead
          if (JSON.stringify(filters) === JSON.stringify(query.filters) && query.currentPage === 1) void list.refetch();
          else setQuery({ filters, currentPage: 1 });
        }}
      />
      <ResourceToolbar
        descriptor={descriptor}
        query={query}
        selectedCount={0}
        reloading={list.isFetching}
        onReload={() => void list.refetch()}
        onCreate={() => setEditing({ record: undefined })}
        extra={toolbarExtra}
      />
      <ResourceTable descriptor={descriptor} query={query} page={list.data} loading={list.isFetching} actions={actionsColumn} onQueryChange={setQuery} />
      {editing && (
        <ResourceFormModal key={editing.record ? String(editing.record[descriptor.rowKey]) : 'new'} descriptor={descriptor} record={editing.record} open onClose={() => setEditing(null)} />
      )}
    </>
  );
}
