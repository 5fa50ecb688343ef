import type { Refund } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { useSessionStore } from '../../../shared/session/session-store';
import { parkingRecordDetailPath, useMayOpenRecord } from '../../orders';
import { RefundDecisionDialog } from '../components/refund-decision-dialog';
import { refundResource } from '../refund.resource';
import { RefusalHint } from '../../../shared/components/refusal-hint';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { refundResource as openingList } from '../refund.resource';

/** 财务管理 > 退款 (FinancialManagement/refund): refunds waiting for a decision, decided by anyone but the requester. */
export function RefundPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useSessionStore((state) => state.user?.userId);
  // finance staff decide refunds without the orders pages: no 订单 link that would end on 401
  const mayOpenRecord = useMayOpenRecord();
  const [deciding, setDeciding] = useState<{ refund: Refund; decision: 'approve' | 'reject' }>();
  return (
    <>
      <ResourceListPage
        descriptor={refundResource}
        actionsWidth={160}
        rowActions={(refund) => {
          const own = refund.requestedBy === userId;
          const decide = (decision: 'approve' | 'reject', label: string) => (
            <RefusalHint refusal={own ? '不能审核自己申请的退款，请由其他人审核' : undefined}>
              <Button type="link" size="small" danger={decision === 'reject'} disabled={own} onClick={() => setDeciding({ refund, decision })}>
                {label}
              </Button>
            </RefusalHint>
          );
          return (
            <>
              {mayOpenRecord && (
                <Button type="link" size="small" onClick={() => navigate(parkingRecordDetailPath(refund.recordId, `${location.pathname}${location.search}`))}>
                  订单
                </Button>
              )}
              {refund.status === 'requested' && (
                <>
                  {decide('approve', '同意')}
                  {decide('reject', '驳回')}
                </>
              )}
            </>
          );
        }}
      />
      {deciding && <RefundDecisionDialog refund={deciding.refund} decision={deciding.decision} onClose={() => setDeciding(undefined)} />}
    </>
  );
}
