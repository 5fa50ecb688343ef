import type { Payment } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { useSessionStore } from '../../../shared/session/session-store';
import { parkingRecordDetailPath, useMayOpenRecord } from '../../orders';
import { RefundRequestDialog } from '../components/refund-request-dialog';
import { refundPermission, refundRefusalOf } from '../payment-options';
import { paymentResource } from '../payment.resource';
import { RefusalHint } from '../../../shared/components/refusal-hint';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { paymentResource as openingList } from '../payment.resource';

/** 订单管理 > 支付记录 (OrderManagement/paymentRecord): every payment, its record, and 退款 for holders of the 退款 page. */
export function PaymentRecordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const mayRefund = useSessionStore((state) => state.permissions.includes(refundPermission));
  const mayOpenRecord = useMayOpenRecord();
  const [refunding, setRefunding] = useState<Payment>();
  return (
    <>
      <ResourceListPage
        descriptor={paymentResource}
        actionsWidth={mayRefund ? 130 : 70}
        rowActions={(payment) => (
          <>
            {mayOpenRecord && (
              <Button type="link" size="small" onClick={() => navigate(parkingRecordDetailPath(payment.recordId, `${location.pathname}${location.search}`))}>
                订单
              </Button>
            )}
            {mayRefund && (
              <RefusalHint refusal={refundRefusalOf(payment)}>
                <Button type="link" size="small" disabled={refundRefusalOf(payment) !== undefined} onClick={() => setRefunding(payment)}>
                  退款
                </Button>
              </RefusalHint>
            )}
          </>
        )}
      />
      {refunding && <RefundRequestDialog payment={refunding} onClose={() => setRefunding(undefined)} />}
    </>
  );
}
