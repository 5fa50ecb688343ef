import { plateColourName, recordEditKindNames, recordEditStatusNames, type RecordEditRequest } from '@parking/contract';
import { Badge, Button, Descriptions, Modal, Result, Space, Spin } from 'antd';
import { formatDateTime } from '../../../shared/resource/value-format';
import { useRecordEdit, type RecordEditVerdict } from '../record-edit-audit-api';
import { recordEditStatusBadge } from '../record-edit-options';
import { RecordEditChanges } from './record-edit-changes';
import '../orders.css';
import { RefusalHint } from '../../../shared/components/refusal-hint';

interface Props {
  id: string;
  /** the signed-in user: nobody decides their own request */
  userId: string | undefined;
  onDecide: (edit: RecordEditRequest, verdict: RecordEditVerdict) => void;
  onOpenRecord: (edit: RecordEditRequest) => void;
  onClose: () => void;
}

/** One correction with what it changes, opened from the list or by ?id= from a system message. */
export function RecordEditDetailModal({ id, userId, onDecide, onOpenRecord, onClose }: Props) {
  const query = useRecordEdit(id);
  const edit = query.data;
  const own = edit !== undefined && edit.requestedBy === userId;
  const footer = edit ? (
    <Space>
      <Button onClick={() => onOpenRecord(edit)}>查看停车记录</Button>
      {edit.status === 'requested' && (
        <RefusalHint refusal={own ? '不能审核自己提交的修改申请' : undefined}>
          <Space>
            <Button danger disabled={own} onClick={() => onDecide(edit, 'reject')}>
              驳回
            </Button>
            <Button type="primary" disabled={own} onClick={() => onDecide(edit, 'approve')}>
              通过
            </Button>
          </Space>
        </RefusalHint>
      )}
      <Button onClick={onClose}>关闭</Button>
    </Space>
  ) : (
    <Button onClick={onClose}>关闭</Button>
  );

  return (
    <Modal open title="订单修改申请" width={760} footer={footer} onCancel={onClose} destroyOnHidden>
      {query.isLoading ? (
        <Spin description="加载中…">
          <div style={{ height: 160 }} />
        </Spin>
      ) : !edit ? (
        <Result status="warning" title="订单修改申请不存在或无权查看" />
      ) : (
        <>
          <Descriptions size="small" bordered column={2} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="车牌号">
              {edit.plateNumber || '无牌车'}（{plateColourName(edit.plateColour)}）
            </Descriptions.Item>
            <Descriptions.Item label="停车场">{edit.lotName}</Descriptions.Item>
            <Descriptions.Item label="修改类型">{recordEditKindNames[edit.kind]}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Badge status={recordEditStatusBadge(edit.status)} text={recordEditStatusNames[edit.status]} />
            </Descriptions.Item>
            <Descriptions.Item label="修改原因" span={2}>
              {edit.reason}
            </Descriptions.Item>
            <Descriptions.Item label="申请人">{edit.requestedByName}</Descriptions.Item>
            <Descriptions.Item label="申请时间">{formatDateTime(edit.createdAt)}</Descriptions.Item>
            {edit.status !== 'requested' && (
              <>
                <Descriptions.Item label="审核人">{edit.decidedByName ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="审核时间">{formatDateTime(edit.decidedAt)}</Descriptions.Item>
                <Descriptions.Item label="审核意见" span={2}>
                  {edit.decisionRemark || '—'}
                </Descriptions.Item>
              </>
            )}
          </Descriptions>
          <RecordEditChanges edit={edit} />
        </>
      )}
    </Modal>
  );
}
