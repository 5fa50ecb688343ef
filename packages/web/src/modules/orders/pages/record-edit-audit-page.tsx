import type { RecordEditRequest } from '@parking/contract';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { useSessionStore } from '../../../shared/session/session-store';
import { RecordEditDecisionDialog } from '../components/record-edit-decision-dialog';
import { RecordEditDetailModal } from '../components/record-edit-detail-modal';
import { useRecordEdit, type RecordEditVerdict } from '../record-edit-audit-api';
import { recordEditResource } from '../record-edit-audit.resource';
import { parkingRecordDetailPath } from '../record-paths';
import { RefusalHint } from '../../../shared/components/refusal-hint';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { recordEditResource as openingList } from '../record-edit-audit.resource';

type Deciding = { edit: RecordEditRequest; verdict: RecordEditVerdict } | null;

/**
 * 订单管理 > 订单修改审核 (menu address OrderManagement/parkingOrderEditAudit). A system message opens
 * it with ?id=…, which shows that request at once.
 */
export function RecordEditAuditPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const userId = useSessionStore((s) => s.user?.userId);
  const [deciding, setDeciding] = useState<Deciding>(null);
  const shownId = search.get('id');
  const shown = useRecordEdit(shownId);

  const show = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('id', id);
    else next.delete('id');
    setSearch(next);
  };
  const openRecord = (edit: RecordEditRequest) => {
    const here = new URLSearchParams(search);
    here.delete('id');
    const query = here.toString();
    navigate(parkingRecordDetailPath(edit.recordId, `${location.pathname}${query ? `?${query}` : ''}`));
  };
  const decideButtons = (edit: RecordEditRequest) => {
    if (edit.status !== 'requested') return null;
    const own = edit.requestedBy === userId;
    const hint = own ? '不能审核自己提交的修改申请' : undefined;
    return (
      <>
        <RefusalHint refusal={hint}>
          <Button type="link" size="small" disabled={own} onClick={() => setDeciding({ edit, verdict: 'approve' })}>
            通过
          </Button>
        </RefusalHint>
        <RefusalHint refusal={hint}>
          <Button type="link" size="small" danger disabled={own} onClick={() => setDeciding({ edit, verdict: 'reject' })}>
            驳回
          </Button>
        </RefusalHint>
      </>
    );
  };

  return (
    <>
      {shown.isError && <Alert className="record-edit-missing" type="warning" showIcon title="消息所指的订单修改申请不存在或已删除" />}
      <ResourceListPage
        descriptor={recordEditResource}
        actionsWidth={220}
        rowActions={(edit) => (
          <>
            <Button type="link" size="small" onClick={() => show(edit.id)}>
              查看
            </Button>
            {decideButtons(edit)}
            <Button type="link" size="small" onClick={() => openRecord(edit)}>
              停车记录
            </Button>
          </>
        )}
      />
      {shownId && !shown.isError && (
        <RecordEditDetailModal id={shownId} userId={userId} onClose={() => show(null)} onOpenRecord={openRecord} onDecide={(edit, verdict) => setDeciding({ edit, verdict })} />
      )}
      {deciding && <RecordEditDecisionDialog edit={deciding.edit} verdict={deciding.verdict} onClose={() => setDeciding(null)} />}
    </>
  );
}
