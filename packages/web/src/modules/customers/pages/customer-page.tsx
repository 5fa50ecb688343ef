import { Button } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { CustomerDetailDrawer } from '../components/customer-detail-drawer';
import { CustomerStateButton } from '../components/customer-state-button';
import { customerResource } from '../customer.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { customerResource as openingList } from '../customer.resource';

/** 车主管理 > 车主 (menu address customer/customerList). */
export function CustomerPage() {
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <>
      <ResourceListPage
        descriptor={customerResource}
        actionsWidth={130}
        rowActions={(owner) => (
          <>
            <Button type="link" size="small" onClick={() => setOpened(owner.id)}>
              详情
            </Button>
            <CustomerStateButton owner={owner} />
          </>
        )}
      />
      {opened && <CustomerDetailDrawer id={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
