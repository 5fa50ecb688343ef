import { ExportOutlined } from '@ant-design/icons';
import { activityPagePath, type ParkingLot } from '@parking/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useSessionStore } from '../../../shared/session/session-store';
import { ApiError } from '../../../shared/http/api-error';
import { filterParams } from '../../../shared/resource/list-query';
import { ResourceFormModal } from '../../../shared/resource/resource-form-modal';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { useListUrlState } from '../../../shared/resource/use-list-url-state';
import { useResourceRemove } from '../../../shared/resource/use-resource';
import { EventRulesDialog } from '../components/event-rules-dialog';
import { FreeCountDialog } from '../components/free-count-dialog';
import { LotQrCodeDialog } from '../components/lot-qrcode-dialog';
import { LotDeleteButton } from '../components/lot-delete-button';
import { LotSummary } from '../components/lot-summary';
import { lotResource } from '../lot.resource';
import { downloadSpaceQrCodes } from '../qrcode-api';
import '../parking.css';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { lotResource as openingList } from '../lot.resource';

/** 停车场管理 > 停车场 (menu address parkingAdmin/parkingList): the sum of spaces under the filters, then the lots. */
export function LotPage() {
  const { message } = App.useApp();
  const { query } = useListUrlState(lotResource);
  const remove = useResourceRemove(lotResource);
  const [correcting, setCorrecting] = useState<ParkingLot | null>(null);
  const [settingRules, setSettingRules] = useState<ParkingLot | null>(null);
  const [editing, setEditing] = useState<ParkingLot | null>(null);
  const [showingQrCode, setShowingQrCode] = useState<ParkingLot | null>(null);
  const [zipping, setZipping] = useState<string | null>(null);
  const tenantCode = useSessionStore((state) => state.user?.tenantCode ?? '');

  const removeLot = async (lot: ParkingLot) => {
    const msg = await remove.mutateAsync(lot.id);
    message.success(msg || '删除成功');
  };

  const downloadSpaceCodes = async (lot: ParkingLot) => {
    setZipping(lot.id);
    try {
      message.success(`已下载 ${await downloadSpaceQrCodes(lot)}`);
    } catch (error) {
      // ApiErrors were already reported by the HTTP layer with the server's msg
      if (!(error instanceof ApiError)) message.error('下载泊位二维码失败');
    } finally {
      setZipping(null);
    }
  };

  return (
    <div className="lot-page">
      <LotSummary filters={filterParams(query.filters)} />
      <ResourceListPage
        descriptor={lotResource}
        actionsWidth={400}
        toolbarExtra={
          // the drivers' public page of free spaces at this operator's lots, to check or to share
          <Button icon={<ExportOutlined />} href={`#${activityPagePath}?tenant=${encodeURIComponent(tenantCode)}`} target="_blank" rel="noopener">
            空位查询页
          </Button>
        }
        rowActions={(lot) => (
          <>
            <Button type="link" size="small" onClick={() => setShowingQrCode(lot)}>
              二维码
            </Button>
            <Button type="link" size="small" loading={zipping === lot.id} onClick={() => void downloadSpaceCodes(lot)}>
              泊位二维码
            </Button>
            <Button type="link" size="small" onClick={() => setCorrecting(lot)}>
              修正空位
            </Button>
            <Button type="link" size="small" onClick={() => setSettingRules(lot)}>
              事件规则
            </Button>
            <Button type="link" size="small" onClick={() => setEditing(lot)}>
              编辑
            </Button>
            <LotDeleteButton lot={lot} onDelete={() => removeLot(lot)} />
          </>
        )}
      />
      {editing && <ResourceFormModal key={editing.id} descriptor={lotResource} record={editing} open onClose={() => setEditing(null)} />}
      {showingQrCode && <LotQrCodeDialog key={showingQrCode.id} lot={showingQrCode} onClose={() => setShowingQrCode(null)} />}
      {correcting && <FreeCountDialog key={correcting.id} lot={correcting} onClose={() => setCorrecting(null)} />}
      {settingRules && <EventRulesDialog key={settingRules.id} lot={settingRules} onClose={() => setSettingRules(null)} />}
    </div>
  );
}
