import { formatAmount, parkingRecordStateNames, type ReviewedStay } from '@parking/contract';
import { Descriptions, Tag, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { PlateText } from '../../../shared/components/plate-text';
import { formatDateTime } from '../../../shared/resource/value-format';
import { parkingRecordDetailPath, useMayOpenRecord } from '../../orders';

const yuan = (fen: number) => `${formatAmount(fen)} 元`;

/** The stay a complaint or an appeal is about, as the reviewer weighs it beside the case, with a way to its order and back. */
export function ReviewedStayDescriptions({ stay, title }: { stay: ReviewedStay; title: string }) {
  const location = useLocation();
  const mayOpenRecord = useMayOpenRecord();
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      title={title}
      extra={mayOpenRecord && <Link to={parkingRecordDetailPath(stay.id, `${location.pathname}${location.search}`)}>查看停车订单</Link>}
    >
      <Descriptions.Item label="停车场">{stay.lotName || '-'}</Descriptions.Item>
      <Descriptions.Item label="车牌号">
        <PlateText plate={stay.plateNumber || '无牌车'} colour={stay.plateColour} />
      </Descriptions.Item>
      <Descriptions.Item label="入场时间">{stay.enteredAt ? formatDateTime(stay.enteredAt) : '-'}</Descriptions.Item>
      <Descriptions.Item label="出场时间">{stay.exitedAt ? formatDateTime(stay.exitedAt) : '尚未出场'}</Descriptions.Item>
      <Descriptions.Item label="应收">{yuan(stay.amountDue)}</Descriptions.Item>
      <Descriptions.Item label="优惠">{yuan(stay.discount)}</Descriptions.Item>
      <Descriptions.Item label="已付">{yuan(stay.paid)}</Descriptions.Item>
      <Descriptions.Item label="欠费">{stay.unpaid > 0 ? <Typography.Text type="danger">{yuan(stay.unpaid)}</Typography.Text> : yuan(stay.unpaid)}</Descriptions.Item>
      <Descriptions.Item label="记录状态" span={2}>
        <Tag>{parkingRecordStateNames[stay.state]}</Tag>
      </Descriptions.Item>
    </Descriptions>
  );
}
