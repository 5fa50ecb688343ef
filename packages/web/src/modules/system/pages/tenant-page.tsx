import { PlusOutlined } from '@ant-design/icons';
import type { Tenant } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { TenantFormModal } from '../tenant-form-modal';
import { tenantResource } from '../tenant.resource';
import '../tenant-profile.css';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { tenantResource as openingList } from '../tenant.resource';

type Editing = { tenant: Tenant | undefined } | null;

/** 系统管理 > 租户 (menu address system/tenant): tenants have no delete; a tenant is stopped instead. */
export function TenantPage() {
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <>
      <ResourceListPage
        descriptor={tenantResource}
        toolbarExtra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ tenant: undefined })}>
            新增
          </Button>
        }
        rowActions={(record) => (
          <Button type="link" size="small" onClick={() => setEditing({ tenant: record })}>
            编辑
          </Button>
        )}
      />
      {editing && <TenantFormModal key={editing.tenant?.id ?? 'new'} tenant={editing.tenant} onClose={() => setEditing(null)} />}
    </>
  );
}
