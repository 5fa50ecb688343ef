import { formatAmount, type ParkingRecordCoupon } from '@parking/contract';
import { Alert } from 'antd';

/** Under a record's fee breakdown: each merchant coupon that took its part off the stay at exit, in the order they applied. */
export function RecordCoupons({ coupons }: { coupons: readonly ParkingRecordCoupon[] }) {
  if (coupons.length === 0) return null;
  return (
    <Alert
      className="record-coupons"
      type="info"
      showIcon
      style={{ marginTop: 12 }}
      title={
        <ul className="record-coupons__list" style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
          {coupons.map((c) => (
            <li key={c.couponNo}>{`优惠券：${c.merchantName}「${c.templateName}」（${c.benefitText}，券号${c.couponNo}），优惠 ${formatAmount(c.discount)} 元`}</li>
          ))}
        </ul>
      }
    />
  );
}
