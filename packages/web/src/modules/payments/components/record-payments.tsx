import { formatAmount, paymentChannelNames, paymentStatusNames, type Payment } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/resource/value-format';
import { useSessionStore } from '../../../shared/session/session-store';
import { paymentStatusBadges, refundPermission, refundRefusalOf } from '../payment-options';
import { listRecordPayments, paymentResourceKey } from '../payments-api';
import { RefundRequestDialog } from './refund-request-dialog';
import { RefusalHint } from '../../../shared/components/refusal-hint';

const paymentPermission = 'paymentRecord';

const columns: TableColumnsType<Payment> = [
  { dataIndex: 'paidAt', title: '支付时间', width: 170, render: (value: string) => formatDateTime(value) },
  { dataIndex: 'channel', title: '支付渠道', width: 90, render: (_value, payment) => paymentChannelNames[payment.channel] },
  { dataIndex: 'amount', title: '金额(元)', width: 100, align: 'right', render: (value: number) => formatAmount(value) },
  { dataIndex: 'refunded', title: '已退款(元)', width: 100, align: 'right', render: (value: number) => formatAmount(value) },
  { dataIndex: 'status', title: '状态', width: 90, render: (_value, payment) => <Badge status={paymentStatusBadges[payment.status]} text={paymentStatusNames[payment.status]} /> },
  { dataIndex: 'operatorName', title: '收款人', width: 100, render: (value: string | null) => value ?? '车主自助' },
  { dataIndex: 'remark', title: '备注', ellipsis: true },
];

/** 支付记录 of one parking record on its detail page, for holders of the 支付记录 page; 退款 for holders of 退款. */
export function RecordPayments({ recordId }: { recordId: string }) {
  const permissions = useSessionStore((state) => state.permissions);
  const mayRefund = permissions.includes(refundPermission);
  const mayRead = permissions.includes(paymentPermission);
  const [refunding, setRefunding] = useState<Payment>();
  const payments = useQuery({
    queryKey: [paymentResourceKey, 'record', recordId],
    queryFn: () => listRecordPayments(recordId),
    enabled: mayRead,
  });
  if (!mayRead) return null;
  const withActions: TableColumnsType<Payment> = mayRefund
    ? [
        ...columns,
        {
          key: '__actions',
          title: '操作',
          width: 80,
          render: (_value, payment) => (
            <RefusalHint refusal={refundRefusalOf(payment)}>
              <Button type="link" size="small" disabled={refundRefusalOf(payment) !== undefined} onClick={() => setRefunding(payment)}>
                退款
              </Button>
            </RefusalHint>
          ),
        },
      ]
    : columns;
  return (
    <Card size="small" title="支付记录" className="record-detail__payments">
      <Table<Payment>
        size="small"
        rowKey="id"
        columns={withActions}
        dataSource={payments.data?.list ?? []}
        loading={payments.isLoading}
        pagination={false}
        // on a phone the table scrolls within its card instead of widening the page
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无支付记录' }}
      />
      {refunding && <RefundRequestDialog payment={refunding} onClose={() => setRefunding(undefined)} />}
    </Card>
  );
}
