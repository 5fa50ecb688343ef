import type { ParkingLot } from '@parking/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { filterParams } from '../../../shared/resource/list-query';
import { ResourceFormModal } from '../../../shared/resource/resource-form-modal';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { useListUrlState } from '../../../shared/resource/use-list-url-state';
import { useResourceRemove } from '../../../shared/resource/use-resource';
import { FreeCountDialog } from '../components/free-count-dialog';
import { LotDeleteButton } from '../components/lot-delete-button';
import { LotSummary } from '../components/lot-summary';
import { lotResource } from '../lot.resource';
import '../parking.css';

/** 停车场管理 > 停车场 (menu address parkingAdmin/parkingList): the sum of spaces under the filters, then the lots. */
export function LotPage() {
  const { message } = App.useApp();
  const { query } = useListUrlState(lotResource);
  const remove = useResourceRemove(lotResource);
  const [correcting, setCorrecting] = useState<ParkingLot | null>(null);
  const [editing, setEditing] = useState<ParkingLot | null>(null);

  const removeLot = async (lot: ParkingLot) => {
    const msg = await remove.mutateAsync(lot.id);
    message.success(msg || '删除成功');
  };

  return (
    <div className="lot-page">
      <LotSummary filters={filterParams(query.filters)} />
      <ResourceListPage
        descriptor={lotResource}
        actionsWidth={200}
        rowActions={(lot) => (
          <>
            <Button type="link" size="small" onClick={() => setCorrecting(lot)}>
              修正空位
            </Button>
            <Button type="link" size="small" onClick={() => setEditing(lot)}>
              编辑
            </Button>
            <LotDeleteButton lot={lot} onDelete={() => removeLot(lot)} />
          </>
        )}
      />
      {editing && <ResourceFormModal key={editing.id} descriptor={lotResource} record={editing} open onClose={() => setEditing(null)} />}
      {correcting && <FreeCountDialog key={correcting.id} lot={correcting} onClose={() => setCorrecting(null)} />}
    </div>
  );
}
