import { SendOutlined } from '@ant-design/icons';
import type { Coupon } from '@parking/contract';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useResourceList } from '../../../shared/resource/use-resource';
import { businessToday } from '../../../shared/time/business-time';
import { CouponIssueDialog } from '../components/coupon-issue-dialog';
import { CouponReports } from '../components/coupon-reports';
import { CouponRevokeDialog } from '../components/coupon-revoke-dialog';
import { ListPanel } from '../components/list-panel';
import { tabParam, useTabListState } from '../list-state';
import { couponResource, couponTemplateResource, isRevocable } from '../coupon.resource';
import '../marketing.css';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { couponResource as openingList } from '../coupon.resource';

const couponTabs = [
  { key: 'issued', label: '已发券' },
  { key: 'templates', label: '券种' },
  { key: 'reports', label: '报表' },
] as const;
type CouponTab = (typeof couponTabs)[number]['key'];
const tabOf = (param: string | null): CouponTab => couponTabs.find((tab) => tab.key === param)?.key ?? 'issued';

function IssuedList() {
  const state = useTabListState(couponResource);
  const list = useResourceList(couponResource, state.query);
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<Coupon | null>(null);
  return (
    <>
      <ListPanel
        descriptor={couponResource}
        state={state}
        list={list}
        actionsWidth={70}
        toolbarExtra={
          <Button type="primary" icon={<SendOutlined />} onClick={() => setIssuing(true)}>
            发券
          </Button>
        }
        rowActions={(coupon) =>
          isRevocable(coupon) && (
            <Button type="link" size="small" danger onClick={() => setRevoking(coupon)}>
              作废
            </Button>
          )
        }
      />
      {issuing && <CouponIssueDialog onClose={() => setIssuing(false)} />}
      {revoking && <CouponRevokeDialog key={revoking.id} coupon={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}

function TemplateList() {
  const state = useTabListState(couponTemplateResource);
  const list = useResourceList(couponTemplateResource, state.query);
  return <ListPanel descriptor={couponTemplateResource} state={state} list={list} />;
}

/**
 * 停车运营 > 优惠券 (menu address ParkingOperations/coupon): 已发券 with 发券 and 作废, the 券种 they are
 * issued from, and 报表. `now` is the moment the reports count back from: the app's clock unless a
 * test fixes it.
 */
export function CouponPage({ now }: { now?: number | Date }) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get(tabParam));
  const [today] = useState(() => businessToday(now));
  return (
    <div className="page-card resource-page">
      <Tabs
        activeKey={tab}
        // another tab starts from its own first page, without the previous tab's filters
        onChange={(key) => setParams(key === 'issued' ? {} : { [tabParam]: key })}
        items={couponTabs.map(({ key, label }) => ({ key, label }))}
      />
      {tab === 'issued' && <IssuedList />}
      {tab === 'templates' && <TemplateList />}
      {tab === 'reports' && <CouponReports today={today} />}
    </div>
  );
}
