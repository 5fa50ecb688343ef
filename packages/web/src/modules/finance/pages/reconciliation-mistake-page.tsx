import type { ReconciliationMistake } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { ReconciliationGlossary } from '../components/reconciliation-glossary';
import { ReconciliationResolveDialog } from '../components/reconciliation-resolve-dialog';
import { reconciliationMistakeResource } from '../reconciliation.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { reconciliationMistakeResource as openingList } from '../reconciliation.resource';

/** 财务管理 > 对账差错 (FinancialManagement/accountCheckMistake): a batch's mistakes (batchNo from the URL, as the message dialog opens it), resolved one by one. */
export function ReconciliationMistakePage() {
  const [resolving, setResolving] = useState<ReconciliationMistake>();
  return (
    <>
      <ReconciliationGlossary />
      <ResourceListPage
        descriptor={reconciliationMistakeResource}
        rowActions={(mistake) =>
          mistake.status === 'unhandled' ? (
            <Button type="link" size="small" onClick={() => setResolving(mistake)}>
              处理
            </Button>
          ) : null
        }
      />
      {resolving && <ReconciliationResolveDialog mistake={resolving} onClose={() => setResolving(undefined)} />}
    </>
  );
}
