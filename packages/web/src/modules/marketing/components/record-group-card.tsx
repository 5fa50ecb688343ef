import { formatAmount, groupCardBenefitNames, type ParkingRecordGroupCard } from '@parking/contract';
import { Alert } from 'antd';

/** Under a record's fee breakdown: the group card that took its benefit off the stay at exit. */
export function RecordGroupCard({ card }: { card: ParkingRecordGroupCard | null }) {
  if (!card) return null;
  return (
    <Alert
      className="record-group-card"
      type="info"
      showIcon
      style={{ marginTop: 12 }}
      title={`集团卡优惠：${card.groupName} ${card.cardNo}（${groupCardBenefitNames[card.benefit]}），优惠 ${formatAmount(card.discount)} 元`}
    />
  );
}
