import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Organization } from '@parking/contract';
import { App, Button, Empty, Input, Space, Table, Tooltip, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { actionsColumnTitle } from '../../../shared/resource/resource-list-page';
import { renderValue, tableVisibleColumns } from '../../../shared/resource/resource-columns';
import { ResourceDeleteButton } from '../../../shared/resource/resource-delete-button';
import { ResourceFormModal } from '../../../shared/resource/resource-form-modal';
import { emptyText, loadingText } from '../../../shared/resource/resource-table';
import { useResourceRemove } from '../../../shared/resource/use-resource';
import '../../../shared/resource/resource.css';
import { organizationResource } from '../organization.resource';
import { filterOrganizations, organizationRows, parentIds, type OrganizationRow } from '../organization-tree';
import { useOrganizationTree } from '../system-api';

type Editing = { record: Organization | undefined; parentId?: string } | null;

const dataColumns = tableVisibleColumns(organizationResource.columns).map((column): TableColumnType<OrganizationRow> => ({
  key: column.dataIndex,
  dataIndex: column.dataIndex,
  title: column.title,
  width: column.width,
  render: (value: unknown) => renderValue(column, value),
}));

/** A tree row back to the organization it shows (the form edits the organization, not the row). */
const organizationOf = ({ children: _children, ...organization }: OrganizationRow): Organization => organization;

/** 系统管理 > 组织 (menu address system/organize): the organization tree as a tree table. */
export function OrganizationPage() {
  const { message } = App.useApp();
  const tree = useOrganizationTree();
  const remove = useResourceRemove(organizationResource);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  // null: every parent open, as the tree first shows; a user's own opening and closing replaces it
  const [expanded, setExpanded] = useState<readonly string[] | null>(null);

  const shown = useMemo(() => filterOrganizations(tree.data ?? [], filter), [tree.data, filter]);
  const rows = useMemo(() => organizationRows(shown), [shown]);
  // a filter opens every branch that leads to a match
  const expandedKeys = filter.trim() !== '' || expanded === null ? parentIds(shown) : expanded;

  const addChild = (parent: Organization) => {
    setExpanded([...new Set([...expandedKeys, parent.id])]);
    setEditing({ record: undefined, parentId: parent.id });
  };

  const removeRow = async (organization: Organization) => {
    message.success((await remove.mutateAsync(organization.id)) || '删除成功');
  };

  const actions: TableColumnType<OrganizationRow> = {
    key: '__actions',
    title: actionsColumnTitle,
    fixed: 'right',
    width: 200,
    render: (_value, row) => (
      <Space size={4}>
        <Button type="link" size="small" onClick={() => addChild(organizationOf(row))}>
          新增下级
        </Button>
        <Button type="link" size="small" onClick={() => setEditing({ record: organizationOf(row) })}>
          编辑
        </Button>
        <ResourceDeleteButton kind={organizationResource.name} target={row.name} onConfirm={() => removeRow(organizationOf(row))} />
      </Space>
    ),
  };

  return (
    <div className="page-card resource-page">
      <div className="resource-toolbar">
        <Input.Search
          allowClear
          placeholder="请输入组织名称或编码"
          aria-label="组织名称或编码"
          style={{ width: 260 }}
          onSearch={setFilter}
          onChange={(event) => {
            if (event.target.value === '') setFilter('');
          }}
        />
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: undefined })}>
            新增
          </Button>
          <Button onClick={() => setExpanded(parentIds(tree.data ?? []))}>展开全部</Button>
          <Button onClick={() => setExpanded([])}>折叠全部</Button>
          <Tooltip title="刷新">
            <Button aria-label="刷新" icon={<ReloadOutlined />} loading={tree.isFetching} onClick={() => void tree.refetch()} />
          </Tooltip>
        </Space>
      </div>
      <Table<OrganizationRow>
        className="resource-table organization-table"
        rowKey="id"
        columns={[...dataColumns, actions]}
        dataSource={rows}
        loading={{ spinning: tree.isFetching, description: loadingText }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        pagination={false}
        expandable={{ expandedRowKeys: [...expandedKeys], onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }}
        scroll={{ x: 'max-content' }}
      />
      {editing && (
        <ResourceFormModal
          key={editing.record?.id ?? `new-${editing.parentId ?? ''}`}
          descriptor={organizationResource}
          record={editing.record}
          draft={{ sortCode: 0, ...(editing.parentId ? { parentId: editing.parentId } : {}) }}
          open
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
