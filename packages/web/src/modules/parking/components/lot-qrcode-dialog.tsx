import type { ParkingLot } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Result, Spin, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { saveBlob } from '../../../shared/resource/export-download';
import { fetchLotQrCode } from '../qrcode-api';

/** 二维码: the lot's QR code as drivers will scan it, with 下载 for printing. */
export function LotQrCodeDialog({ lot, onClose }: { lot: ParkingLot; onClose: () => void }) {
  const qrCode = useQuery({ queryKey: ['parkingLot', 'qrCode', lot.id], queryFn: () => fetchLotQrCode(lot), staleTime: Infinity, gcTime: 0 });
  const imageUrl = useMemo(() => (qrCode.data ? URL.createObjectURL(qrCode.data.blob) : undefined), [qrCode.data]);
  useEffect(() => () => (imageUrl ? URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);

  return (
    <Modal
      open
      title={`停车场二维码 - ${lot.name}`}
      width={420}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="download" type="primary" disabled={!qrCode.data} onClick={() => qrCode.data && saveBlob(qrCode.data.blob, qrCode.data.filename)}>
          下载
        </Button>,
      ]}
    >
      <div className="lot-qrcode">
        {imageUrl ? <img src={imageUrl} alt={`${lot.name}二维码`} /> : qrCode.isError ? <Result status="warning" title="二维码加载失败" /> : <Spin />}
        <Typography.Text type="secondary">车主扫码可查看停车场并缴费出场</Typography.Text>
      </div>
    </Modal>
  );
}
