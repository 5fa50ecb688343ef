import { formatAmount, paymentChannelNames, paymentStageNames, type CustomerPayment } from '@parking/contract';
import { Badge, Empty, Table, Tag, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { useState } from 'react';
import { PlateText } from '../../../shared/components/plate-text';
import { formatDateTime } from '../../../shared/resource/value-format';
import { useCustomerPayments } from '../owner-api';

/** the payment as it stands: 已支付, or what approved refunds gave back of it (all, or part) */
const stateOf = (payment: CustomerPayment) =>
  payment.refunded <= 0 ? (
    <Badge status="success" text="已支付" />
  ) : payment.refunded >= payment.amount ? (
    <Tag color="red">已全额退款</Tag>
  ) : (
    <Tag color="orange">{`部分退款 ${formatAmount(payment.refunded)}`}</Tag>
  );

// the columns fit the drawer's width without a scroll bar on a desktop; 状态 takes what is left
const paymentColumns: TableColumnType<CustomerPayment>[] = [
  { key: 'paidAt', title: '支付时间', width: 148, render: (_value, payment) => formatDateTime(payment.paidAt) },
  { key: 'lotName', title: '停车场', width: 100, ellipsis: true, render: (_value, payment) => payment.lotName || '-' },
  { key: 'plateNumber', title: '车牌号', width: 105, render: (_value, payment) => <PlateText plate={payment.plateNumber} colour={payment.plateColour} /> },
  { key: 'amount', title: '金额(元)', width: 75, align: 'right', render: (_value, payment) => formatAmount(payment.amount) },
  { key: 'channel', title: '支付渠道', width: 80, render: (_value, payment) => paymentChannelNames[payment.channel] },
  { key: 'stage', title: '缴费类型', width: 80, render: (_value, payment) => paymentStageNames[payment.stage] },
  { key: 'state', title: '状态', render: (_value, payment) => stateOf(payment) },
];

/** 车主详情's 支付记录: the payments of the owner's plates in every lot, newest first, paged; a refunded payment says so in its 状态. */
export function OwnerPaymentsTable({ customerId }: { customerId: string }) {
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const payments = useCustomerPayments(customerId, page);
  return (
    <>
      <Typography.Title level={5} style={{ margin: '24px 0 12px' }}>
        支付记录
      </Typography.Title>
      <Table<CustomerPayment>
        rowKey="id"
        size="small"
        loading={payments.isFetching}
        columns={paymentColumns}
        dataSource={payments.data?.list ?? []}
        scroll={{ x: 705 }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: payments.data?.pagination.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (total) => `共 ${total} 条`,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该车主名下车辆还没有支付记录" /> }}
      />
    </>
  );
}
