import { ParkingRecordDetailPage } from '../modules/orders';
import { PayQrCodeButton, RecordPayments, takesPhonePayment } from '../modules/payments';
import { AbnormalReleaseButton, canReleaseAbnormally } from '../modules/recovery';
import { RecordAppeals } from '../modules/service';

/**
 * 停车订单详情 as the console shows it: the orders module's page with what payments, recovery and
 * service add to a record (手动放行, 收款二维码, its payments, its appeals). Composed here, above the
 * modules, so orders imports none of them.
 */
export function ParkingRecordDetail() {
  return (
    <ParkingRecordDetailPage
      actions={(record) => (
        <>
          {canReleaseAbnormally(record) && <AbnormalReleaseButton record={record} />}
          {takesPhonePayment(record) && <PayQrCodeButton record={record} />}
        </>
      )}
      sections={(record) => (
        <>
          <RecordPayments recordId={record.id} />
          <RecordAppeals recordId={record.id} />
        </>
      )}
    />
  );
}
