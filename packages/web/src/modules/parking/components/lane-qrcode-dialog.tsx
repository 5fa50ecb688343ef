import { parkingLaneDirectionNames, type ParkingLane } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Result, Spin, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { saveBlob } from '../../../shared/resource/export-download';
import { fetchLaneQrCode } from '../qrcode-api';

/** What a driver does with the code at this lane. */
const scanHint = (lane: Pick<ParkingLane, 'direction'>) => (lane.direction === 'out' ? '贴在出口车道：车主扫码缴费后出场' : '贴在入口车道：车主扫码入场');

/**
 * 二维码 of a lane: its code as drivers will scan it, 下载 for one sticker (a PNG named after the lot
 * and the lane), and 打印全场二维码 for the sheet of every lane and space of its lot.
 */
export function LaneQrCodeDialog({ lane, onClose, onPrintSheet }: { lane: ParkingLane; onClose: () => void; onPrintSheet: () => void }) {
  const qrCode = useQuery({ queryKey: ['parkingLane', 'qrCode', lane.id], queryFn: () => fetchLaneQrCode(lane), staleTime: Infinity, gcTime: 0 });
  const imageUrl = useMemo(() => (qrCode.data ? URL.createObjectURL(qrCode.data.blob) : undefined), [qrCode.data]);
  useEffect(() => () => (imageUrl ? URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);
  const title = `${lane.lotName} ${lane.name}（${parkingLaneDirectionNames[lane.direction]}）`;

  return (
    <Modal
      open
      title={`车道二维码 - ${title}`}
      width={460}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="sheet" onClick={onPrintSheet}>
          打印全场二维码
        </Button>,
        <Button key="download" type="primary" disabled={!qrCode.data} onClick={() => qrCode.data && saveBlob(qrCode.data.blob, qrCode.data.filename)}>
          下载
        </Button>,
      ]}
    >
      <div className="lot-qrcode">
        {imageUrl ? <img src={imageUrl} alt={`${title}二维码`} /> : qrCode.isError ? <Result status="warning" title="二维码加载失败" /> : <Spin />}
        <Typography.Text type="secondary">{scanHint(lane)}</Typography.Text>
      </div>
    </Modal>
  );
}
