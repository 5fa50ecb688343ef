import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { ReconciliationGlossary } from '../components/reconciliation-glossary';
import { ReconciliationRerunDialog } from '../components/reconciliation-rerun-dialog';
import { accountCheckMistakePath } from '../reconciliation-api';
import { reconciliationBatchResource } from '../reconciliation.resource';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { reconciliationBatchResource as openingList } from '../reconciliation.resource';

/** 财务管理 > 对账 (FinancialManagement/accountCheck): the daily batches, a day reconciled again on request. */
export function ReconciliationBatchPage() {
  const navigate = useNavigate();
  const [rerunning, setRerunning] = useState(false);
  return (
    <>
      <ReconciliationGlossary />
      <ResourceListPage
        descriptor={reconciliationBatchResource}
        toolbarExtra={
          <Button type="primary" onClick={() => setRerunning(true)}>
            重新对账
          </Button>
        }
        rowActions={(batch) =>
          batch.mistakeCount > 0 ? (
            <Button type="link" size="small" onClick={() => navigate(accountCheckMistakePath(batch.batchNo))}>
              查看差错
            </Button>
          ) : null
        }
      />
      {rerunning && <ReconciliationRerunDialog onClose={() => setRerunning(false)} />}
    </>
  );
}
