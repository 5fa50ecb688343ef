import { formatAmount, reminderChannelNames, stayLength, type ArrearsReminder, type ParkingRecord } from '@parking/contract';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Result, Space, Spin, Statistic, Table, Tag } from 'antd';
import type { TableColumnType } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PlateText } from '../../../shared/components/plate-text';
import { formatDateTime } from '../../../shared/resource/value-format';
import { parkingRecordDetailPath } from '../../orders';
import { CollectDialog } from '../components/collect-dialog';
import { useMayCollect } from '../held-pages';
import { ReminderForm } from '../components/reminder-form';
import { useArrearsDetail } from '../recovery-api';
import { safeUnpaidRestBack } from '../recovery-paths';
import '../recovery.css';

const money = (fen: number) => formatAmount(fen);

const reminderColumns: TableColumnType<ArrearsReminder>[] = [
  { key: 'createdAt', title: '催缴时间', dataIndex: 'createdAt', width: 170, render: (at: string) => formatDateTime(at) },
  { key: 'channel', title: '催缴方式', dataIndex: 'channel', width: 90, render: (channel: ArrearsReminder['channel']) => <Tag>{reminderChannelNames[channel]}</Tag> },
  { key: 'content', title: '催缴内容', dataIndex: 'content' },
  { key: 'operatorName', title: '登记人', dataIndex: 'operatorName', width: 100 },
];

/** 欠费订单详情 (/jointRecovery/unpaidOrders/:id, the id being the plate): what it owes on every lot, 收款, 催缴 and their log. */
export function ArrearsDetailPage() {
  const { id = '' } = useParams();
  const plateNumber = id;
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const detail = useArrearsDetail(plateNumber);
  const [collecting, setCollecting] = useState<ParkingRecord | null>(null);
  const mayCollect = useMayCollect();
  const here = `${location.pathname}${location.search}`;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(safeUnpaidRestBack(search.get('restBack')))}>
      返回
    </Button>
  );

  if (detail.isLoading) {
    return (
      <div className="page-card unpaid-detail">
        <Spin description="加载中…">
          <div className="unpaid-detail__loading" />
        </Spin>
      </div>
    );
  }
  const order = detail.data;
  if (!order) {
    return (
      <div className="page-card unpaid-detail">
        <Result status="warning" title="没有该车牌的欠费记录或无权查看" extra={back} />
      </div>
    );
  }

  const recordColumns: TableColumnType<ParkingRecord>[] = [
    { key: 'lotName', title: '停车场', dataIndex: 'lotName', ellipsis: true },
    { key: 'place', title: '出场车道/泊位', width: 120, render: (_v, r) => r.exitLaneName ?? r.spaceNumber ?? '' },
    { key: 'enteredAt', title: '入场时间', dataIndex: 'enteredAt', width: 170, render: (at: string | null) => formatDateTime(at) },
    { key: 'exitedAt', title: '出场时间', dataIndex: 'exitedAt', width: 170, render: (at: string | null) => formatDateTime(at) },
    { key: 'stay', title: '停车时长', width: 100, render: (_v, r) => stayLength(r.enteredAt, r.exitedAt) },
    { key: 'amountDue', title: '应收(元)', dataIndex: 'amountDue', width: 90, align: 'right', render: money },
    { key: 'paid', title: '已付(元)', dataIndex: 'paid', width: 90, align: 'right', render: money },
    { key: 'unpaid', title: '欠费(元)', dataIndex: 'unpaid', width: 90, align: 'right', render: money },
    {
      key: '__actions',
      title: '操作',
      width: 110,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => navigate(parkingRecordDetailPath(r.id, here))}>
            详情
          </Button>
          {mayCollect && (
            <Button type="link" size="small" onClick={() => setCollecting(r)}>
              收款
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="page-card unpaid-detail">
      <div className="unpaid-detail__header">
        <Space size="middle" align="center">
          <PlateText plate={order.plateNumber} />
          {order.owed > 0 ? <Tag color="error">欠费</Tag> : <Tag color="success">已缴清</Tag>}
        </Space>
        {back}
      </div>

      <div className="unpaid-detail__figures">
        <Statistic title="欠费合计(元)" value={money(order.owed)} styles={{ content: { color: order.owed > 0 ? '#cf1322' : undefined } }} />
        <Statistic title="欠费笔数" value={order.records.length} />
        <Statistic title="已追缴(元)" value={money(order.recovered)} />
      </div>

      <Card size="small" title="欠费记录">
        <Table<ParkingRecord>
          size="small"
          rowKey="id"
          columns={recordColumns}
          dataSource={order.records}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无欠费记录" /> }}
        />
      </Card>

      <div className="unpaid-detail__pursuit">
        <Card size="small" title="登记催缴">
          <ReminderForm plateNumber={order.plateNumber} owed={order.owed} />
        </Card>
        <Card size="small" title="催缴记录">
          <Table<ArrearsReminder>
            size="small"
            rowKey="id"
            columns={reminderColumns}
            dataSource={order.reminders}
            pagination={false}
            // on a phone the table scrolls within its card instead of widening the page
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无催缴记录" /> }}
          />
        </Card>
      </div>

      {collecting && <CollectDialog record={collecting} onClose={() => setCollecting(null)} />}
    </div>
  );
}
