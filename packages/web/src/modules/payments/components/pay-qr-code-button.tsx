import { driverPayEndpoints, type ParkingRecord } from '@parking/contract';
import { QrcodeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, QRCode, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../shared/http/call';
import { formatDateTime } from '../../../shared/resource/value-format';

/** A record that still takes money: owing, or a car still in that may pay before it leaves. */
export const takesPhonePayment = (record: Pick<ParkingRecord, 'state' | 'unpaid'>) => record.state !== 'void' && (record.state === 'parked' || record.unpaid > 0);

function PayQrCodeDialog({ recordId, plateNumber, onClose }: { recordId: string; plateNumber: string; onClose: () => void }) {
  const code = useQuery({
    queryKey: ['parkingRecord', 'payQrCode', recordId],
    queryFn: () => call(driverPayEndpoints.recordPayQrCode, { params: { id: recordId } }),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Modal open title={`收款二维码 - ${plateNumber}`} width={380} onCancel={onClose} destroyOnHidden footer={<Button onClick={onClose}>关闭</Button>}>
      <div className="lot-qrcode" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
        {code.data ? (
          <>
            <QRCode value={code.data.url} size={240} />
            <Typography.Text type="secondary">请车主用手机扫码支付，{formatDateTime(code.data.expiresAt)} 前有效</Typography.Text>
          </>
        ) : code.isError ? (
          <Result status="warning" title="二维码生成失败" subTitle={code.error.message} />
        ) : (
          <Spin />
        )}
      </div>
    </Modal>
  );
}

/** 收款二维码 on a record's detail: what an attendant's PDA shows the driver to pay this record. */
export function PayQrCodeButton({ record }: { record: Pick<ParkingRecord, 'id' | 'plateNumber' | 'state' | 'unpaid'> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<QrcodeOutlined />} onClick={() => setOpen(true)}>
        收款二维码
      </Button>
      {open && <PayQrCodeDialog recordId={record.id} plateNumber={record.plateNumber} onClose={() => setOpen(false)} />}
    </>
  );
}
