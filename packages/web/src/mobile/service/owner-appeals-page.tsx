import { appealOutcomeNames, appealReasonNames, appealStatusNames, ownerPagePaths, type AppealStatus, type OwnerAppeal } from '@parking/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { formatBusiness } from '../../shared/time/business-time';
import { OwnerLayout, OwnerLoad } from '../customers/owner-layout';
import { OwnerAppealForm } from './owner-appeal-form';
import { ownerAppealsApi } from './owner-appeals-api';
import { linkedStayOf } from './owner-service-links';
import { OwnerPhotos } from './owner-photos';
import { OwnerServiceSwitch } from './owner-service-switch';
import './owner-complaints.css';

const appealsKey = ['owner', 'appeals'] as const;
const statusColours: Record<AppealStatus, string> = { pending: 'warning', approved: 'success', rejected: 'error' };
const shownTime = (iso: string) => formatBusiness(iso, 'YYYY-MM-DD HH:mm');

/** 处理结果 once decided: what an approval did (its outcome and the server's line), or why it was rejected. */
function Decision({ appeal }: { appeal: OwnerAppeal }) {
  if (appeal.status === 'pending') return null;
  const rejected = appeal.status === 'rejected';
  const head = rejected ? '驳回原因' : `处理结果${appeal.outcome ? `：${appealOutcomeNames[appeal.outcome]}` : ''}`;
  return (
    <div className={`owner-reply ${rejected ? 'owner-reply--rejected' : 'owner-reply--result'}`} data-testid="owner-appeal-decision">
      <div className="owner-reply__who">
        {head}
        {appeal.decidedAt && ` · ${shownTime(appeal.decidedAt)}`}
      </div>
      <p className="owner-complaint__text">{rejected ? appeal.rejectReason || appeal.result : appeal.result}</p>
    </div>
  );
}

function AppealItem({ appeal }: { appeal: OwnerAppeal }) {
  return (
    <div className="owner-complaint" data-testid="owner-appeal">
      <div className="owner-stay__head">
        <span className="owner-stay__lot owner-complaint__text">{[appeal.plateNumber, appeal.lotName].filter(Boolean).join(' · ')}</span>
        <Tag color={statusColours[appeal.status]}>{appealStatusNames[appeal.status]}</Tag>
      </div>
      <dl className="owner-stay__rows">
        <dt>申诉原因</dt>
        <dd>{appealReasonNames[appeal.reason]}</dd>
        <dt>申诉时间</dt>
        <dd>{shownTime(appeal.filedAt)}</dd>
      </dl>
      <p className="owner-complaint__text owner-appeal__content">{appeal.content}</p>
      <OwnerPhotos kind="appeal" id={appeal.id} photos={appeal.photos} />
      <Decision appeal={appeal} />
    </div>
  );
}

/**
 * 我的申诉 (/owner/appeals): the owner's appeals newest first with the decision once made; 申诉 on a stay
 * of 我的停车 opens it with the form on that stay.
 */
export function OwnerAppealsPage() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const stay = linkedStayOf(search);
  const appeals = useQuery({ queryKey: appealsKey, queryFn: ownerAppealsApi.list, retry: false });

  const clearStay = () => setSearch({}, { replace: true });
  const filed = (appeal: OwnerAppeal) => {
    queryClient.setQueryData<OwnerAppeal[]>(appealsKey, (list = []) => [appeal, ...list.filter((a) => a.id !== appeal.id)]);
    clearStay();
    void message.success('申诉已提交，请等待审核结果');
  };

  return (
    <OwnerLayout title="我的申诉">
      <OwnerServiceSwitch />
      {stay ? (
        <OwnerAppealForm key={stay.recordId} stay={stay} onFiled={filed} onRefused={() => void queryClient.invalidateQueries({ queryKey: appealsKey })} onCancel={clearStay} />
      ) : (
        <p className="owner-hint owner-appeal__how">
          对停车时间、车牌或金额有异议？在<Link to={ownerPagePaths.stays}>我的停车</Link>或<Link to={ownerPagePaths.arrears}>欠费</Link>中找到该记录，点击“申诉”。
        </p>
      )}
      <OwnerLoad pending={appeals.isPending} error={appeals.error}>
        {() => (
          <section className="owner-card">
            <div className="owner-card__title">申诉记录</div>
            {appeals.data?.length ? appeals.data.map((a) => <AppealItem key={a.id} appeal={a} />) : <Empty description="暂无申诉" />}
          </section>
        )}
      </OwnerLoad>
    </OwnerLayout>
  );
}
