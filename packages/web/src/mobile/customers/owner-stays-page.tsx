import { formatAmount, formatDuration, parkingRecordStateNames, type OwnerStay, type ParkingRecordState } from '@parking/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Pagination, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ownerApi } from '../../modules/customers';
import { goToCashier } from '../../modules/payments';
import { formatDateTime } from '../../shared/resource/value-format';
import { appealLinkOf, complaintLinkOf, isAppealable } from '../service/owner-service-links';
import { OwnerLayout, OwnerLoad, useSignInAgain } from './owner-layout';

const yuan = (fen: number) => `¥${formatAmount(fen)}`;
const pageSize = 10;
const stateColours: Partial<Record<ParkingRecordState, string>> = { parked: 'processing', awaiting_payment: 'warning', unpaid: 'error', paid: 'success', closed: 'success' };

function StayItem({ stay, action }: { stay: OwnerStay; action?: React.ReactNode }) {
  return (
    <div className="owner-stay" data-testid="owner-stay">
      <div className="owner-stay__head">
        <span className="owner-stay__lot">{stay.lotName || '停车场'}</span>
        <Tag color={stateColours[stay.state]}>{parkingRecordStateNames[stay.state]}</Tag>
      </div>
      <dl className="owner-stay__rows">
        <dt>车牌号</dt>
        <dd>{stay.plateNumber}</dd>
        <dt>入场时间</dt>
        <dd>{stay.enteredAt ? formatDateTime(stay.enteredAt) : '无入场记录'}</dd>
        <dt>出场时间</dt>
        <dd>{stay.exitedAt ? formatDateTime(stay.exitedAt) : '在场'}</dd>
        <dt>停车时长</dt>
        <dd>{formatDuration(stay.durationSeconds)}</dd>
      </dl>
      <div className="owner-stay__money">
        <span>
          应收 <span className="owner-stay__amount">{yuan(stay.amountDue)}</span>
          {stay.paid > 0 && <span className="owner-item__sub"> · 已付 {yuan(stay.paid)}</span>}
          {stay.unpaid > 0 && <span className="owner-item__sub"> · 待付 {yuan(stay.unpaid)}</span>}
        </span>
        {action}
      </div>
    </div>
  );
}

/** 我的停车 (/owner/stays): the owner's stays in every lot, newest first, with duration and money. */
export function OwnerStaysPage() {
  const [page, setPage] = useState(1);
  const stays = useQuery({ queryKey: ['owner', 'stays', page], queryFn: () => ownerApi.stays(page, pageSize), retry: false });
  return (
    <OwnerLayout title="我的停车">
      <p className="owner-hint">
        已支付的停车费可<Link to="/owner/invoices">申请电子发票</Link>
      </p>
      <OwnerLoad pending={stays.isPending} error={stays.error}>
        {() => (
          <section className="owner-card">
            {stays.data?.list.length ? (
              stays.data.list.map((s) => (
                <StayItem
                  key={s.id}
                  stay={s}
                  action={
                    <span className="owner-stay__links">
                      {isAppealable(s) && (
                        <Link to={appealLinkOf(s)} aria-label={`申诉「${s.lotName || '停车场'} ${s.plateNumber}」的停车记录`}>
                          申诉
                        </Link>
                      )}
                      <Link to={complaintLinkOf(s)} aria-label={`投诉「${s.lotName || '停车场'} ${s.plateNumber}」的停车记录`}>
                        投诉
                      </Link>
                    </span>
                  }
                />
              ))
            ) : (
              <Empty description="暂无停车记录（车辆认证通过后，显示该车在各停车场的停车记录；欠费可在“欠费”中查看和支付）" />
            )}
            {(stays.data?.pagination.total ?? 0) > pageSize && (
              <Pagination simple style={{ marginTop: 12, textAlign: 'center' }} current={page} pageSize={pageSize} total={stays.data?.pagination.total} onChange={setPage} />
            )}
          </section>
        )}
      </OwnerLoad>
    </OwnerLayout>
  );
}

function PayButton({ stay }: { stay: OwnerStay }) {
  const pay = useMutation({ mutationFn: () => ownerApi.payArrear(stay.id), onSuccess: ({ cashierUrl }) => goToCashier.assign(cashierUrl) });
  useSignInAgain(pay.error);
  return (
    <span>
      <Button type="primary" size="small" loading={pay.isPending || pay.isSuccess} onClick={() => pay.mutate()}>
        去支付
      </Button>
      {pay.error && <Alert type="error" showIcon style={{ marginTop: 8 }} title={pay.error.message} />}
    </span>
  );
}

/** 欠费 (/owner/arrears): the stays left unpaid, what they come to, and 去支付 through the payment gateway. */
export function OwnerArrearsPage() {
  const arrears = useQuery({ queryKey: ['owner', 'arrears'], queryFn: ownerApi.arrears, retry: false });
  return (
    <OwnerLayout title="欠费">
      <OwnerLoad pending={arrears.isPending} error={arrears.error}>
        {() => (
          <>
            <section className="owner-card owner-owed">
              <div>欠费合计</div>
              <div className="owner-owed__amount" data-testid="owner-owed">
                {yuan(arrears.data?.owed ?? 0)}
              </div>
              <div className="owner-hint">{arrears.data?.list.length ? `共 ${arrears.data.list.length} 笔，请逐笔支付` : '您没有欠费，感谢按时缴费'}</div>
            </section>
            {arrears.data?.list.length ? (
              <section className="owner-card">
                {arrears.data.list.map((s) => (
                  <StayItem
                    key={s.id}
                    stay={s}
                    action={
                      <span className="owner-stay__links">
                        {/* an owed stay may be disputed rather than paid: the plate need not be 已认证 for that */}
                        <Link to={appealLinkOf(s)} aria-label={`申诉「${s.lotName || '停车场'} ${s.plateNumber}」的欠费`}>
                          申诉
                        </Link>
                        <PayButton stay={s} />
                      </span>
                    }
                  />
                ))}
              </section>
            ) : null}
          </>
        )}
      </OwnerLoad>
    </OwnerLayout>
  );
}
