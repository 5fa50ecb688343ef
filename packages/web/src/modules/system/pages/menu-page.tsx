import { menuTypeNames } from '@parking/contract';
import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Badge, Button, Empty, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import type { TableColumnType } from 'antd';
import { useState } from 'react';
import { MenuIcon } from '../../../shared/icons/menu-icons';
import { actionsColumnTitle, deleteConfirmText } from '../../../shared/resource/resource-list-page';
import { emptyText, loadingText } from '../../../shared/resource/resource-table';
import { MenuFormModal, type MenuEditing } from '../components/menu-form-modal';
import { useMenuRemove, useMenuTree } from '../menu-api';
import { canHoldChild, folderKeys, toMenuRows, type MenuRow } from '../menu-tree';
import '../../../shared/resource/resource.css';
import { RefusalHint } from '../../../shared/components/refusal-hint';

/** 系统管理 > 菜单 (menu address system/menu): the tenant's whole menu as a tree table. */
export function MenuPage() {
  const { message } = App.useApp();
  const tree = useMenuTree();
  const remove = useMenuRemove();
  const [editing, setEditing] = useState<MenuEditing | null>(null);
  const [expandedKeys, setExpandedKeys] = useState<readonly string[]>([]);
  const menus = tree.data ?? [];

  const removeMenu = async (menu: MenuRow) => {
    const msg = await remove.mutateAsync(menu.id);
    message.success(msg || '删除成功');
  };

  const addUnder = (folder: MenuRow) => {
    // the new menu will show under its folder, so the folder opens
    setExpandedKeys((keys) => (keys.includes(folder.id) ? keys : [...keys, folder.id]));
    setEditing({ kind: 'create', parent: folder });
  };

  const columns: TableColumnType<MenuRow>[] = [
    { key: 'fullName', dataIndex: 'fullName', title: '菜单名称', width: 200, ellipsis: true },
    {
      key: 'icon',
      dataIndex: 'icon',
      title: '图标',
      width: 160,
      ellipsis: true,
      render: (icon: string) => (
        <Space size={8}>
          <MenuIcon name={icon} />
          <span>{icon}</span>
        </Space>
      ),
    },
    { key: 'enCode', dataIndex: 'enCode', title: '菜单编码', width: 160, ellipsis: true },
    { key: 'urlAddress', dataIndex: 'urlAddress', title: '路由地址', width: 180, ellipsis: true },
    {
      key: 'type',
      dataIndex: 'type',
      title: '类型',
      width: 80,
      render: (type: number) => <Tag color={type === 1 ? 'blue' : 'green'}>{menuTypeNames[type] ?? type}</Tag>,
    },
    { key: 'sortCode', dataIndex: 'sortCode', title: '排序', width: 60, align: 'center' },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: '状态',
      width: 90,
      render: (enabled: boolean) => <Badge status={enabled ? 'success' : 'default'} text={enabled ? '启用' : '停用'} />,
    },
    {
      key: '__actions',
      title: actionsColumnTitle,
      fixed: 'right',
      width: 180,
      render: (_value, menu) => (
        <Space size={4}>
          {menu.type === 1 && (
            <RefusalHint refusal={canHoldChild(menu) ? undefined : '菜单最多3级，这里不能再加下级'}>
              <Button type="link" size="small" disabled={!canHoldChild(menu)} onClick={() => addUnder(menu)}>
                新增下级
              </Button>
            </RefusalHint>
          )}
          <Button type="link" size="small" onClick={() => setEditing({ kind: 'edit', menu })}>
            编辑
          </Button>
          <Popconfirm
            placement="topRight"
            title={`确定删除菜单「${menu.fullName}」吗？`}
            description={menu.children ? '有下级菜单的菜单不能删除，请先删除下级菜单。' : `${deleteConfirmText}各角色对它的授权一并收回。`}
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            // a refusal (it still has children) was reported by the HTTP layer with the server's msg
            onConfirm={() => removeMenu(menu).catch(() => undefined)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="page-card resource-page">
      <div className="resource-toolbar">
        <Space wrap>
          <Button icon={<NodeExpandOutlined />} onClick={() => setExpandedKeys(folderKeys(menus))}>
            展开全部
          </Button>
          <Button icon={<NodeCollapseOutlined />} onClick={() => setExpandedKeys([])}>
            折叠全部
          </Button>
        </Space>
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'create', parent: null })}>
            新增
          </Button>
          <Tooltip title="刷新">
            <Button aria-label="刷新" icon={<ReloadOutlined />} loading={tree.isFetching} onClick={() => void tree.refetch()} />
          </Tooltip>
        </Space>
      </div>
      <Table<MenuRow>
        className="resource-table menu-table"
        rowKey="id"
        columns={columns}
        dataSource={toMenuRows(menus)}
        loading={{ spinning: tree.isFetching, description: loadingText }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        pagination={false}
        expandable={{ expandedRowKeys: [...expandedKeys], onExpandedRowsChange: (keys) => setExpandedKeys(keys.map(String)) }}
        scroll={{ x: 'max-content' }}
      />
      {editing && <MenuFormModal editing={editing} menus={menus} onClose={() => setEditing(null)} />}
    </div>
  );
}
