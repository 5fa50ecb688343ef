import { ParkingRecordDetailPage } from '../modules/orders/pages/parking-record-detail-page';
import { PayQrCodeButton, takesPhonePayment } from '../modules/payments/components/pay-qr-code-button';
import { RecordPayments } from '../modules/payments/components/record-payments';
import { AbnormalReleaseButton, canReleaseAbnormally } from '../modules/recovery/components/abnormal-release-button';

/**
 * 停车订单详情 as the console shows it: the orders module's page with what payments and recovery add
 * to a record (手动放行, 收款二维码, its payments). Composed here, above the modules, so orders imports
 * neither of them.
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
      sections={(record) => <RecordPayments recordId={record.id} />}
    />
  );
}
