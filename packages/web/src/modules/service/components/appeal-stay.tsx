import {
  changedEditFields,
  formatAmount,
  paymentChannelNames,
  recordEditFieldNames,
  refundStatusNames,
  type AppealDetail,
  type RecordEditField,
  type RecordEditSnapshot,
} from '@parking/contract';
import { Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/resource/value-format';
import { editFieldText } from '../../orders';
import { ReviewedStayDescriptions } from './reviewed-stay';
import '../service.css';

const yuan = (fen: number) => `${formatAmount(fen)} 元`;
/** the 退款 page, filtered to the stay's plate: where a refund an appeal asked for is approved */
const refundPagePath = (plateNumber: string) => `/FinancialManagement/refund?plateNumber=${encodeURIComponent(plateNumber)}`;

type Payment = AppealDetail['payments'][number];
type Refund = AppealDetail['refunds'][number];

/** The stay appealed, as the reviewer weighs it beside the appeal, with a way to its order. */
export function AppealedStay({ appeal }: { appeal: AppealDetail }) {
  return <ReviewedStayDescriptions stay={appeal.record} title="申诉的停车记录" />;
}

/** The stay's payments, each with what of it went back or waits on the 退款 page, and its refunds. */
export function AppealStayMoney({ appeal }: { appeal: AppealDetail }) {
  if (appeal.payments.length === 0 && appeal.refunds.length === 0) return null;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Typography.Title level={5} className="appeal-section-title">
        支付记录（{appeal.payments.length}）
      </Typography.Title>
      <Table<Payment>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={appeal.payments}
        columns={[
          { key: 'channel', title: '支付渠道', dataIndex: 'channel', render: (channel: Payment['channel']) => paymentChannelNames[channel] },
          { key: 'amount', title: '支付金额', dataIndex: 'amount', render: yuan },
          { key: 'paidAt', title: '支付时间', dataIndex: 'paidAt', render: formatDateTime },
          { key: 'refunded', title: '已退款', dataIndex: 'refunded', render: yuan },
          { key: 'refundPending', title: '退款审核中', dataIndex: 'refundPending', render: yuan },
        ]}
      />
      {appeal.refunds.length > 0 && (
        <>
          <Typography.Title level={5} className="appeal-section-title">
            退款记录（{appeal.refunds.length}）<Link to={refundPagePath(appeal.record.plateNumber)}>前往退款页面</Link>
          </Typography.Title>
          <Table<Refund>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={appeal.refunds}
            columns={[
              { key: 'amount', title: '退款金额', dataIndex: 'amount', render: yuan },
              { key: 'status', title: '退款状态', dataIndex: 'status', render: (status: Refund['status']) => refundStatusNames[status] },
              { key: 'createdAt', title: '申请时间', dataIndex: 'createdAt', render: formatDateTime },
            ]}
          />
        </>
      )}
    </Space>
  );
}

interface ChangeRow {
  field: RecordEditField;
  before: string;
  after: string;
}

/** 审核前 / 审核后 of the stay: only what the decision changed, or that it changed nothing. */
export function AppealChanges({ before, after }: { before: RecordEditSnapshot; after: RecordEditSnapshot }) {
  const rows: ChangeRow[] = changedEditFields(before, after).map((field) => ({ field, before: editFieldText(field, before[field]), after: editFieldText(field, after[field]) }));
  if (rows.length === 0) return <Typography.Text type="secondary">停车记录未改动</Typography.Text>;
  return (
    <Table<ChangeRow>
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'field', title: '项目', dataIndex: 'field', width: 90, render: (field: RecordEditField) => recordEditFieldNames[field] },
        { key: 'before', title: '审核前', dataIndex: 'before' },
        { key: 'after', title: '审核后', dataIndex: 'after', render: (text: string) => <Typography.Text strong>{text}</Typography.Text> },
      ]}
    />
  );
}
