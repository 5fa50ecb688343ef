import type { VehicleAuthRequest } from '@parking/contract';
import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button } from 'antd';
import { useState, type Key } from 'react';
import { useSearchParams } from 'react-router';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { approveQuestion, batchApproveQuestion } from '../components/vehicle-auth-approve';
import { VehicleAuthDrawer } from '../components/vehicle-auth-drawer';
import { VehicleAuthRejectDialog } from '../components/vehicle-auth-reject-dialog';
import { VehicleAuthSubmitDialog } from '../components/vehicle-auth-submit-dialog';
import { useApproveVehicleAuth, useBatchApproveVehicleAuths, useVehicleAuth } from '../vehicle-auth-api';
import { vehicleAuthResource } from '../vehicle-auth.resource';
import '../vehicle-auth.css';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { vehicleAuthResource as openingList } from '../vehicle-auth.resource';

/**
 * 车主管理 > 车辆认证审核 (menu address customer/CarAuthenticationAudit). A system message opens it with
 * ?id=…, which opens that request's review at once.
 */
export function VehicleAuthPage() {
  const { message, modal } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const [rejecting, setRejecting] = useState<VehicleAuthRequest | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [entering, setEntering] = useState(false);
  const shownId = search.get('id');
  const shown = useVehicleAuth(shownId);
  const approve = useApproveVehicleAuth();
  const batch = useBatchApproveVehicleAuths();

  const show = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('id', id);
    else next.delete('id');
    setSearch(next);
  };

  const askApprove = (request: VehicleAuthRequest) =>
    modal.confirm({
      ...approveQuestion(request),
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        try {
          message.success((await approve.mutateAsync(request.id)) || '审核通过');
        } catch {
          // the HTTP layer shows the server's msg (already decided by someone else…)
        }
      },
    });

  const askBatch = () =>
    modal.confirm({
      ...batchApproveQuestion(selected.length),
      okText: '批量通过',
      cancelText: '取消',
      onOk: async () => {
        try {
          const approved = await batch.mutateAsync(selected.map(String));
          message.success(`已通过 ${approved.length} 条申请`);
          setSelected([]);
        } catch {
          // refused whole, with the server's msg; the choice stays for the reviewer to change
        }
      },
    });

  return (
    <>
      {shown.isError && <Alert className="vehicle-auth-missing" type="warning" showIcon title="消息所指的认证申请不存在或已删除" />}
      <ResourceListPage
        descriptor={vehicleAuthResource}
        actionsWidth={150}
        selection={{ keys: selected, onChange: setSelected }}
        toolbarExtra={
          <>
            <Button icon={<PlusOutlined />} onClick={() => setEntering(true)}>
              后台录入
            </Button>
            <Button type="primary" icon={<CheckOutlined />} disabled={selected.length === 0} loading={batch.isPending} onClick={askBatch}>
              批量通过
            </Button>
          </>
        }
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
      {shownId && !shown.isError && <VehicleAuthDrawer id={shownId} onClose={() => show(null)} onApprove={askApprove} onReject={setRejecting} />}
      {rejecting && <VehicleAuthRejectDialog request={rejecting} onClose={() => setRejecting(null)} />}
      {entering && <VehicleAuthSubmitDialog onClose={() => setEntering(false)} />}
    </>
  );
}
