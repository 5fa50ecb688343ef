import { maskMobile, type PhoneChangeRequest } from '@parking/contract';
import { Alert, App, Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { PhoneChangeDrawer } from '../components/phone-change-drawer';
import { PhoneChangeRejectDialog } from '../components/phone-change-reject-dialog';
import { useApprovePhoneChange, usePhoneChange } from '../phone-change-api';
import { phoneChangeResource } from '../phone-change.resource';
import '../vehicle-auth.css';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { phoneChangeResource as openingList } from '../phone-change.resource';

/**
 * 车主管理 > 手机号变更审核 (menu address customer/carPhoneAudit). A system message opens it with ?id=…,
 * which opens that request's review at once.
 */
export function CarPhoneAuditPage() {
  const { message, modal } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const [rejecting, setRejecting] = useState<PhoneChangeRequest | null>(null);
  const shownId = search.get('id');
  const shown = usePhoneChange(shownId);
  const approve = useApprovePhoneChange();

  const show = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('id', id);
    else next.delete('id');
    setSearch(next);
  };

  const askApprove = (request: PhoneChangeRequest) =>
    modal.confirm({
      title: `确定将车主手机号 ${maskMobile(request.oldPhone)} 变更为 ${maskMobile(request.newPhone)} 吗？`,
      content: '通过后车主须用新手机号登录，其所有登录将退出；车辆、停车记录与欠费保持不变。',
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        try {
          message.success((await approve.mutateAsync(request.id)) || '审核通过');
        } catch {
          // the HTTP layer shows the server's msg (the number taken meanwhile, decided by someone else…)
        }
      },
    });

  return (
    <>
      {shown.isError && <Alert className="vehicle-auth-missing" type="warning" showIcon title="消息所指的手机号变更申请不存在或已删除" />}
      <ResourceListPage
        descriptor={phoneChangeResource}
        actionsWidth={150}
        rowActions={(request) => (
          <>
            <Button type="link" size="small" onClick={() => show(request.id)}>
              审核
            </Button>
            {request.status === 'pending' && (
              <>
                <Button type="link" size="small" onClick={() => askApprove(request)}>
                  通过
                </Button>
                <Button type="link" size="small" danger onClick={() => setRejecting(request)}>
                  驳回
                </Button>
              </>
            )}
          </>
        )}
      />
      {shownId && !shown.isError && <PhoneChangeDrawer id={shownId} onClose={() => show(null)} onApprove={askApprove} onReject={setRejecting} />}
      {rejecting && <PhoneChangeRejectDialog request={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}
