import type { Role } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { RoleMenuGrantDrawer } from '../components/role-menu-grant-drawer';
import { roleResource, systemRoleRefusal } from '../role.resource';
import { RefusalHint } from '../../../shared/components/refusal-hint';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { roleResource as openingList } from '../role.resource';

/** 系统管理 > 角色 (menu address system/role): roles, and the menus each grants. */
export function RolePage() {
  const [granting, setGranting] = useState<Role | null>(null);

  const grantButton = (role: Role) =>
    role.isSystem ? (
      <RefusalHint refusal={systemRoleRefusal(role, '不能修改其菜单权限')}>
        <Button type="link" size="small" disabled>
          菜单授权
        </Button>
      </RefusalHint>
    ) : (
      <Button type="link" size="small" onClick={() => setGranting(role)}>
        菜单授权
      </Button>
    );

  return (
    <>
      <ResourceListPage descriptor={roleResource} rowActions={grantButton} actionsWidth={200} />
      {granting && <RoleMenuGrantDrawer key={granting.id} role={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
