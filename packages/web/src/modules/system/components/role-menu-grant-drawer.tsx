import type { Role } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Flex, Space, Spin, Tree } from 'antd';
import { useState } from 'react';
import { loadingText } from '../../../shared/resource/resource-table';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { useGrantableMenuTree } from '../menu-api';
import { checkedKeysToGrant, grantToCheckedKeys, toGrantTree } from '../menu-grant-tree';
import { allMenuKeys, folderKeys } from '../menu-tree';
import { fetchRoleDetail, roleDetailKey, saveRoleMenus } from '../role-api';
import { roleResource } from '../role.resource';

interface RoleMenuGrantDrawerProps {
  role: Role;
  onClose: () => void;
}

/** 菜单授权: the whole menu as a checkable tree, starting from what the role grants now. */
export function RoleMenuGrantDrawer({ role, onClose }: RoleMenuGrantDrawerProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const menus = useGrantableMenuTree();
  // always asked afresh: someone else may have changed the grant since the list was loaded
  const detail = useQuery({ queryKey: roleDetailKey(role.id), queryFn: () => fetchRoleDetail(role.id), staleTime: 0, gcTime: 0 });
  // null until the user changes something: until then the tree shows the grant as loaded
  const [edited, setEdited] = useState<string[] | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);

  const catalogue = menus.data ?? [];
  const checkedKeys = edited ?? grantToCheckedKeys(catalogue, detail.data?.menuIds ?? []);
  const expandedKeys = expanded ?? folderKeys(catalogue);
  const ready = menus.data !== undefined && detail.data !== undefined;

  const save = useMutation({
    mutationFn: () => saveRoleMenus(role.id, checkedKeysToGrant(catalogue, checkedKeys)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(roleResource.resource) }),
  });
  const submit = async () => {
    const msg = await save.mutateAsync();
    message.success(msg || '授权成功');
    onClose();
  };

  return (
    <Drawer
      open
      title={`菜单授权 - ${role.name}`}
      size={480}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            disabled={!ready}
            loading={save.isPending}
            // a refusal was reported by the HTTP layer, with the server's msg; the drawer stays open
            onClick={() => submit().catch(() => undefined)}
          >
            保存
          </Button>
        </Flex>
      }
    >
      {ready ? (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Space wrap>
            <Button size="small" onClick={() => setEdited(allMenuKeys(catalogue))}>
              全选
            </Button>
            <Button size="small" onClick={() => setEdited([])}>
              全不选
            </Button>
            <Button size="small" onClick={() => setExpanded(folderKeys(catalogue))}>
              展开全部
            </Button>
            <Button size="small" onClick={() => setExpanded([])}>
              折叠全部
            </Button>
          </Space>
          <Tree
            checkable
            selectable={false}
            treeData={toGrantTree(catalogue)}
            checkedKeys={checkedKeys}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onCheck={(checked) => setEdited((Array.isArray(checked) ? checked : checked.checked).map(String))}
          />
        </Space>
      ) : menus.isError || detail.isError ? (
        <Empty description="菜单加载失败，请关闭后重试" />
      ) : (
        <Spin description={loadingText}>
          <div style={{ height: 200 }} />
        </Spin>
      )}
    </Drawer>
  );
}
