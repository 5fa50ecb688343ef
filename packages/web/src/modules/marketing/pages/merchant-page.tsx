import type { Merchant } from '@parking/contract';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useResourceList } from '../../../shared/resource/use-resource';
import { ListPanel } from '../components/list-panel';
import { tabParam, useTabListState } from '../list-state';
import { MerchantLedgerDialog } from '../components/merchant-ledger-dialog';
import { merchantLedgerResource, merchantResource } from '../merchant.resource';
import '../marketing.css';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { merchantResource as openingList } from '../merchant.resource';

const ledgerTab = 'ledger';

function MerchantList({ onShowLedger }: { onShowLedger: (merchant: Merchant) => void }) {
  const state = useTabListState(merchantResource);
  const list = useResourceList(merchantResource, state.query);
  const [topping, setTopping] = useState<Merchant | null>(null);
  return (
    <>
      <ListPanel
        descriptor={merchantResource}
        state={state}
        list={list}
        actionsWidth={220}
        rowActions={(merchant) => (
          <>
            {merchant.settlement === 'prepaid' && (
              <Button type="link" size="small" onClick={() => setTopping(merchant)}>
                充值/调整
              </Button>
            )}
            <Button type="link" size="small" onClick={() => onShowLedger(merchant)}>
              流水
            </Button>
          </>
        )}
      />
      {topping && <MerchantLedgerDialog key={topping.id} merchant={topping} onClose={() => setTopping(null)} />}
    </>
  );
}

function LedgerList() {
  const state = useTabListState(merchantLedgerResource);
  const list = useResourceList(merchantLedgerResource, state.query);
  return <ListPanel descriptor={merchantLedgerResource} state={state} list={list} />;
}

/**
 * 停车运营 > 商户 (menu address ParkingOperations/merchant): the merchants, each topped up or adjusted
 * from its row, and 余额流水, every line of their balances (a row's 流水 opens it on that merchant).
 */
export function MerchantPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get(tabParam) === ledgerTab ? ledgerTab : 'merchants';
  return (
    <div className="page-card resource-page">
      <Tabs
        activeKey={tab}
        // another tab starts from its own first page, without the previous tab's filters
        onChange={(key) => setParams(key === ledgerTab ? { [tabParam]: key } : {})}
        items={[
          { key: 'merchants', label: '商户' },
          { key: ledgerTab, label: '余额流水' },
        ]}
      />
      {tab === ledgerTab ? <LedgerList /> : <MerchantList onShowLedger={(merchant) => setParams({ [tabParam]: ledgerTab, merchantId: merchant.id })} />}
    </div>
  );
}
