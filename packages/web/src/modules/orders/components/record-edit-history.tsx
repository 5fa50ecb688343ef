import { describeEditRequest, recordEditKindNames, recordEditStatusNames, type RecordEditRequest } from '@parking/contract';
import { Badge, Empty, Table } from 'antd';
import { formatDateTime } from '../../../shared/resource/value-format';
import { recordEditStatusBadge } from '../record-edit-options';
import { RecordEditChanges } from './record-edit-changes';

/** 修改记录 of one parking record: every correction asked for, its state, and what it changed (expand a row). */
export function RecordEditHistory({ edits }: { edits: readonly RecordEditRequest[] }) {
  if (edits.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无修改记录" />;
  return (
    <Table<RecordEditRequest>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={[...edits]}
      // on a phone the table scrolls within its card instead of widening the page
      scroll={{ x: 'max-content' }}
      expandable={{ expandedRowRender: (edit) => <RecordEditChanges edit={edit} />, defaultExpandedRowKeys: edits[0] ? [edits[0].id] : [] }}
      columns={[
        { key: 'createdAt', title: '申请时间', dataIndex: 'createdAt', width: 170, render: (at: string) => formatDateTime(at) },
        { key: 'kind', title: '修改类型', dataIndex: 'kind', width: 120, render: (kind: RecordEditRequest['kind']) => recordEditKindNames[kind] },
        { key: 'requested', title: '申请内容', render: (_: unknown, edit) => describeEditRequest(edit.kind, edit.requested, formatDateTime) },
        { key: 'reason', title: '修改原因', dataIndex: 'reason', ellipsis: true },
        { key: 'requestedByName', title: '申请人', dataIndex: 'requestedByName', width: 90 },
        {
          key: 'status',
          title: '状态',
          dataIndex: 'status',
          width: 90,
          render: (status: RecordEditRequest['status']) => <Badge status={recordEditStatusBadge(status)} text={recordEditStatusNames[status]} />,
        },
        { key: 'decidedByName', title: '审核人', dataIndex: 'decidedByName', width: 90, render: (name: string | null) => name ?? '—' },
        { key: 'decisionRemark', title: '审核意见', dataIndex: 'decisionRemark', ellipsis: true, render: (remark: string) => remark || '—' },
      ]}
    />
  );
}
