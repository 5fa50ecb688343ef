import type { ParkingLane } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../../shared/resource/resource-list-page';
import { LaneQrCodeDialog } from '../components/lane-qrcode-dialog';
import { QrCodeSheetDialog } from '../components/qrcode-sheet-dialog';
import { laneResource } from '../lane.resource';
import '../parking.css';

/** The list this page opens on, asked for as soon as the page's code is loaded (app/page-registry). */
export { laneResource as openingList } from '../lane.resource';

/** 停车场管理 > 车道 (menu address parkingAdmin/parkingLane), with each lane's 二维码 and its lot's sheet to print. */
export function LanePage() {
  const [showingQrCode, setShowingQrCode] = useState<ParkingLane | null>(null);
  const [printingLot, setPrintingLot] = useState<{ id: string; name: string } | null>(null);

  return (
    <>
      <ResourceListPage
        descriptor={laneResource}
        actionsWidth={180}
        rowActions={(lane) => (
          <Button type="link" size="small" onClick={() => setShowingQrCode(lane)}>
            二维码
          </Button>
        )}
      />
      {showingQrCode && (
        <LaneQrCodeDialog
          key={showingQrCode.id}
          lane={showingQrCode}
          onClose={() => setShowingQrCode(null)}
          onPrintSheet={() => {
            setPrintingLot({ id: showingQrCode.lotId, name: showingQrCode.lotName });
            setShowingQrCode(null);
          }}
        />
      )}
      {printingLot && <QrCodeSheetDialog key={printingLot.id} lot={printingLot} onClose={() => setPrintingLot(null)} />}
    </>
  );
}
