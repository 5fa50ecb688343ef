import type { Appeal } from '@parking/contract';
import { Badge, Button, Card, Result, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/resource/value-format';
import { useSessionStore } from '../../../shared/session/session-store';
import { useRecordAppeals } from '../appeal-api';
import { appealStatusEnum } from '../appeal.resource';

/** the 申诉审核 page (ParkingOperations/appeal), which the appeal list's server route requires */
const appealPermission = 'appeal';

/** 申诉审核 with the appeal's review drawer open */
export const appealReviewPath = (id: string) => `/ParkingOperations/appeal?id=${encodeURIComponent(id)}`;

const columns: TableColumnsType<Appeal> = [
  {
    dataIndex: 'status',
    title: '状态',
    width: 90,
    render: (_value, appeal) => {
      const status = appealStatusEnum[appeal.status]!;
      return <Badge status={status.status} text={status.text} />;
    },
  },
  { dataIndex: 'filedAt', title: '申诉时间', width: 170, render: (value: string) => formatDateTime(value) },
  // a rejection's result already carries its reason (申诉被驳回：…)
  { dataIndex: 'result', title: '处理结果', render: (_value, appeal) => appeal.result || (appeal.rejectReason ? `驳回原因：${appeal.rejectReason}` : '—') },
  {
    key: '__actions',
    title: '操作',
    width: 80,
    render: (_value, appeal) => <Link to={appealReviewPath(appeal.id)}>{appeal.status === 'pending' ? '去审核' : '查看'}</Link>,
  },
];

/**
 * 申诉 of one parking record on its detail page, for holders of 申诉审核: each with its state and
 * result, and the way to its review. A record never appealed shows nothing, nor does one whose
 * appeals are still being asked for (most records have none: no box should come and go).
 */
export function RecordAppeals({ recordId }: { recordId: string }) {
  const mayRead = useSessionStore((state) => state.permissions.includes(appealPermission));
  const appeals = useRecordAppeals(recordId, mayRead);
  if (!mayRead) return null;
  if (appeals.isError) {
    return (
      <Card size="small" title="申诉" className="record-detail__appeals">
        <Result
          status="warning"
          title="申诉加载失败"
          extra={
            <Button onClick={() => void appeals.refetch()} loading={appeals.isFetching}>
              重试
            </Button>
          }
        />
      </Card>
    );
  }
  const list = appeals.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <Card size="small" title="申诉" className="record-detail__appeals">
      <Table<Appeal>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={list}
        pagination={false}
        // on a phone the table scrolls within its card instead of widening the page
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
