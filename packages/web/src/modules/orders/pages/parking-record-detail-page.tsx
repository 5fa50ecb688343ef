import { abnormalReasonNames, formatAmount, parkingRecordStateNames, plateColourName, stayLength, type ParkingRecordDetail } from '@parking/contract';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Descriptions, Empty, Result, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import type { TimelineProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PlateText } from '../../../shared/components/plate-text';
import { formatDateTime } from '../../../shared/resource/value-format';
import { RecordEditHistory } from '../components/record-edit-history';
import { RecordEditRequestDialog } from '../components/record-edit-request-dialog';
import { RecordPhoto } from '../components/record-photo';
import { useParkingRecordDetail } from '../orders-api';
import { recordStateBadge } from '../record-options';
import { safeRestBack } from '../record-paths';
import '../orders.css';
import { RecordCoupons, RecordGroupCard } from '../../marketing';
import { RefusalHint } from '../../../shared/components/refusal-hint';

type FeeLine = NonNullable<ParkingRecordDetail['fee']>['breakdown'][number];

const yuan = (fen: number) => `${formatAmount(fen)} 元`;
const placeText = (name: string | null) => (name ? `（${name}）` : '');

type TimelineItem = NonNullable<TimelineProps['items']>[number];

/** A step's name above what happened, so the timeline reads top to bottom in a narrow card. */
function TimelineStep({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="record-step">
      <div className="record-step__title">{title}</div>
      <div>{children}</div>
    </div>
  );
}

function timelineOf(record: ParkingRecordDetail): TimelineItem[] {
  const entered = record.enteredAt ? `${formatDateTime(record.enteredAt)}${placeText(record.spaceNumber ?? record.entryLaneName)}` : '无入场记录';
  const exited = record.exitedAt ? `${formatDateTime(record.exitedAt)}${placeText(record.exitLaneName ?? record.spaceNumber)}` : '尚未出场';
  const charged = record.fee
    ? `${record.fee.tariffName}（第${record.fee.tariffVersionNo}版）应收 ${yuan(record.amountDue)}${record.fee.amount !== record.amountDue ? `（计费规则计得 ${yuan(record.fee.amount)}，已审核修改）` : ''}${record.fee.freeReason ? `，${record.fee.freeReason}` : ''}`
    : record.exitedAt
      ? `应收 ${yuan(record.amountDue)}（无生效的计费规则）`
      : '出场后计费';
  return [
    { key: 'entry', color: 'green', content: <TimelineStep title="入场">{entered}</TimelineStep> },
    { key: 'exit', color: record.exitedAt ? 'blue' : 'gray', content: <TimelineStep title="出场">{exited}</TimelineStep> },
    {
      key: 'fee',
      color: record.fee ? 'blue' : 'gray',
      content: <TimelineStep title="计费">{`${charged}${record.exitedAt ? `，停车时长 ${stayLength(record.enteredAt, record.exitedAt)}` : ''}`}</TimelineStep>,
    },
    {
      key: 'state',
      color: record.abnormal ? 'red' : 'green',
      content: (
        <TimelineStep title="状态">
          <Space wrap>
            <Badge status={recordStateBadge(record.state)} text={parkingRecordStateNames[record.state]} />
            {record.abnormalReasons.map((reason) => (
              <Tag key={reason} color="error">
                {abnormalReasonNames[reason]}
              </Tag>
            ))}
          </Space>
        </TimelineStep>
      ),
    },
  ];
}

const feeColumns = [
  { key: 'label', title: '计费时段', dataIndex: 'label' },
  { key: 'from', title: '开始', dataIndex: 'from', width: 170, render: (at: string) => formatDateTime(at) },
  { key: 'to', title: '结束', dataIndex: 'to', width: 170, render: (at: string) => formatDateTime(at) },
  { key: 'minutes', title: '时长(分钟)', dataIndex: 'minutes', width: 100, align: 'right' as const },
  { key: 'units', title: '计费单位数', dataIndex: 'units', width: 100, align: 'right' as const },
  { key: 'amount', title: '金额(元)', dataIndex: 'amount', width: 100, align: 'right' as const, render: (fen: number) => formatAmount(fen) },
];

/**
 * What modules above orders add to a record's page (orders sits below payments, recovery and service
 * and imports none of them): buttons beside 申请修改, and sections after the fee (支付记录, 申诉).
 * The app composes them (app/parking-record-detail.tsx).
 */
export interface RecordDetailExtensions {
  actions?: (record: ParkingRecordDetail) => ReactNode;
  sections?: (record: ParkingRecordDetail) => ReactNode;
}

/** 停车订单详情 (/OrderManagement/parkingRecordOrderInfo/:id?restBack=…): one stay, how it was priced, and back to where the user came from. */
export function ParkingRecordDetailPage({ actions, sections }: RecordDetailExtensions = {}) {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const detail = useParkingRecordDetail(id);
  const [asking, setAsking] = useState(false);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(safeRestBack(search.get('restBack')))}>
      返回
    </Button>
  );

  if (detail.isLoading) {
    return (
      <div className="page-card record-detail">
        <Spin description="加载中…">
          <div className="record-detail__loading" />
        </Spin>
      </div>
    );
  }
  const record = detail.data;
  if (!record) {
    return (
      <div className="page-card record-detail">
        <Result status="warning" title="停车记录不存在或无权查看" extra={back} />
      </div>
    );
  }

  return (
    <div className="page-card record-detail">
      <div className="record-detail__header">
        <Space size="middle" align="center">
          <PlateText plate={record.plateNumber} colour={record.plateColour} />
          <Typography.Text type="secondary">{plateColourName(record.plateColour)}车牌</Typography.Text>
          <Badge status={recordStateBadge(record.state)} text={parkingRecordStateNames[record.state]} />
          {record.abnormal && <Tag color="error">异常</Tag>}
        </Space>
        <Space>
          <RefusalHint refusal={record.state === 'void' ? '停车记录已作废，不能再修改' : undefined}>
            <Button icon={<EditOutlined />} disabled={record.state === 'void'} onClick={() => setAsking(true)}>
              申请修改
            </Button>
          </RefusalHint>
          {actions?.(record)}
          {back}
        </Space>
      </div>

      <Descriptions className="record-detail__facts" size="small" bordered column={{ xs: 1, md: 2, xl: 4 }}>
        <Descriptions.Item label="停车场">{record.lotName}</Descriptions.Item>
        <Descriptions.Item label="入场车道/泊位">{record.spaceNumber ?? record.entryLaneName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="出场车道">{record.exitLaneName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="停车时长">{stayLength(record.enteredAt, record.exitedAt) || '—'}</Descriptions.Item>
        <Descriptions.Item label="应收(元)">{formatAmount(record.amountDue)}</Descriptions.Item>
        <Descriptions.Item label="优惠(元)">{formatAmount(record.discount)}</Descriptions.Item>
        <Descriptions.Item label="已付(元)">{formatAmount(record.paid)}</Descriptions.Item>
        <Descriptions.Item label="欠费(元)">{formatAmount(record.unpaid)}</Descriptions.Item>
      </Descriptions>

      <div className="record-detail__body">
        <Card size="small" title="停车过程" className="record-detail__timeline">
          <Timeline items={timelineOf(record)} />
        </Card>
        <Card size="small" title="出入场照片" className="record-detail__photos">
          <div className="record-photo">
            <div className="record-photo__caption">入场照片</div>
            <RecordPhoto recordId={record.id} which="entry" present={record.entryPhoto !== null} />
          </div>
          <div className="record-photo">
            <div className="record-photo__caption">出场照片</div>
            <RecordPhoto recordId={record.id} which="exit" present={record.exitPhoto !== null} />
          </div>
        </Card>
      </div>

      <Card
        size="small"
        title="计费明细"
        className="record-detail__fee"
        extra={
          record.fee && (
            <span className="record-detail__vehicle-class">{`按${record.fee.vehicleClass.name}计费${record.fee.vehicleClass.why ? `（${record.fee.vehicleClass.why}）` : ''}`}</span>
          )
        }
      >
        {record.fee ? (
          <Table<FeeLine>
            size="small"
            rowKey={(line) => `${line.label}-${line.from}`}
            columns={feeColumns}
            dataSource={record.fee.breakdown}
            pagination={false}
            // on a phone the table scrolls within its card instead of widening the page
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: record.fee.freeReason ?? '无收费时段' }}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={5}>
                  合计
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {formatAmount(record.fee?.amount ?? 0)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={record.exitedAt ? '无计费规则，无计费明细' : '车辆在场，出场后生成计费明细'} />
        )}
        <RecordGroupCard card={record.groupCard} />
        <RecordCoupons coupons={record.coupons} />
      </Card>

      {sections?.(record)}

      <Card size="small" title="修改记录" className="record-detail__edits">
        <RecordEditHistory edits={record.edits} />
      </Card>
      {asking && <RecordEditRequestDialog record={record} onClose={() => setAsking(false)} />}
    </div>
  );
}
