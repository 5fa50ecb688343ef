import { PrinterOutlined } from '@ant-design/icons';
import { parkingLaneDirectionNames, type ParkingQrCodeSheet } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, QRCode, Result, Spin } from 'antd';
import { fetchQrCodeSheet } from '../qrcode-api';

// 45 mm at the 96 px to the inch that print uses: three codes across an A4 page, four down
const codeSize = 170;

function SheetSection({ title, codes, empty }: { title: string; codes: { key: string; url: string; label: string; note?: string }[]; empty: string }) {
  return (
    <section className="qrcode-sheet-section">
      <h3>
        {title}（{codes.length}）
      </h3>
      {codes.length === 0 ? (
        <p className="qrcode-sheet-empty">{empty}</p>
      ) : (
        <div className="qrcode-sheet-grid">
          {codes.map((code) => (
            <figure key={code.key} className="qrcode-sheet-cell">
              <QRCode value={code.url} type="svg" size={codeSize} errorLevel="M" bordered={false} />
              <figcaption>
                <strong>{code.label}</strong>
                {code.note && <span>{code.note}</span>}
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </section>
  );
}

function Sheet({ sheet }: { sheet: ParkingQrCodeSheet }) {
  const lanes = sheet.lanes.map((lane) => ({ key: lane.id, url: lane.url, label: lane.name, note: `${parkingLaneDirectionNames[lane.direction]}车道` }));
  const spaces = sheet.spaces.map((space) => ({ key: space.id, url: space.url, label: space.number, note: '泊位' }));
  return (
    <div className="qrcode-sheet">
      <h2>{sheet.lotName} 二维码</h2>
      <SheetSection title="车道" codes={lanes} empty="该停车场还没有车道" />
      <SheetSection title="泊位" codes={spaces} empty="该停车场还没有泊位" />
    </div>
  );
}

/**
 * 打印全场二维码: every lane's and space's code of a lot with its name under it, laid out for A4.
 * 打印 prints only the sheet (see parking.css): the console around it is hidden on paper.
 */
export function QrCodeSheetDialog({ lot, onClose }: { lot: { id: string; name: string }; onClose: () => void }) {
  const sheet = useQuery({ queryKey: ['parkingLot', 'qrCodeSheet', lot.id], queryFn: () => fetchQrCodeSheet(lot.id), gcTime: 0 });
  return (
    <Modal
      open
      title={`打印全场二维码 - ${lot.name}`}
      width={840}
      rootClassName="qrcode-sheet-root"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!sheet.data} onClick={() => window.print()}>
          打印
        </Button>,
      ]}
    >
      {sheet.data ? <Sheet sheet={sheet.data} /> : sheet.isError ? <Result status="warning" title="二维码加载失败" /> : <Spin />}
    </Modal>
  );
}
