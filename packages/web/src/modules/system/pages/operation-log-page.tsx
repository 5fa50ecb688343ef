import type { OperationLog } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { OperationLogDrawer } from '../components/operation-log-drawer';
import { operationLogResource } from '../operation-log.resource';
import '../system.css';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { operationLogResource as openingList } from '../operation-log.resource';

/** 系统管理 > 操作日志 (menu address system/log): search, 详情 with the before/after, 导出. */
export function OperationLogPage() {
  const [shown, setShown] = useState<OperationLog>();
  return (
    <>
      <ResourceListPage
        descriptor={operationLogResource}
        rowActions={(log) => (
          <Button type="link" size="small" onClick={() => setShown(log)}>
            详情
          </Button>
        )}
      />
      <OperationLogDrawer log={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
