import { appealOutcomeNames, appealPhotoMessages, appealReasonNames, maskMobile, servicePhotoLimit, type AppealDetail } from '@parking/contract';
import { Badge, Button, Descriptions, Drawer, Form, Result, Space, Spin, Typography } from 'antd';
import { PlateText } from '../../../shared/components/plate-text';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';
import { formatDateTime } from '../../../shared/resource/value-format';
import { useSessionStore } from '../../../shared/session/session-store';
import { PrivatePhotoList } from '../../../shared/photos/private-photos';
import { appealPhotoKey, loadAppealPhoto, useAppeal } from '../appeal-api';
import { appealStatusEnum } from '../appeal.resource';
import { AppealDecisionForm, type AppealDecisionValues } from './appeal-decision-form';
import { AppealHold, heldRefusal, holderOf } from './appeal-hold';
import { AppealChanges, AppealedStay, AppealStayMoney } from './appeal-stay';
import '../service.css';

/** The appeal as filed and, once decided, what was decided, by whom and when. */
function AppealFacts({ appeal }: { appeal: AppealDetail }) {
  const status = appealStatusEnum[appeal.status]!;
  const decided = appeal.status !== 'pending';
  return (
    <Descriptions size="small" bordered column={2}>
      <Descriptions.Item label="审核状态">
        <Badge status={status.status} text={status.text} />
      </Descriptions.Item>
      <Descriptions.Item label="申诉原因">{appealReasonNames[appeal.reason]}</Descriptions.Item>
      <Descriptions.Item label="车牌号">
        <PlateText plate={appeal.plateNumber || '无牌车'} colour={appeal.plateColour} />
      </Descriptions.Item>
      <Descriptions.Item label="车主手机号">{maskMobile(appeal.phone)}</Descriptions.Item>
      <Descriptions.Item label="停车场">{appeal.lotName || '-'}</Descriptions.Item>
      <Descriptions.Item label="申诉时间">{formatDateTime(appeal.filedAt)}</Descriptions.Item>
      <Descriptions.Item label="申诉说明" span={2}>
        <span className="complaint-text">{appeal.content}</span>
      </Descriptions.Item>
      {decided && (
        <>
          <Descriptions.Item label="审核结果">{appeal.outcome ? appealOutcomeNames[appeal.outcome] : '-'}</Descriptions.Item>
          <Descriptions.Item label="审核人">{appeal.decidedByName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="审核时间" span={2}>
            {appeal.decidedAt ? formatDateTime(appeal.decidedAt) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="处理结果" span={2}>
            <span className="complaint-text">{appeal.result || '-'}</span>
          </Descriptions.Item>
          {appeal.status === 'rejected' && (
            <Descriptions.Item label="驳回原因" span={2}>
              <span className="complaint-text">{appeal.rejectReason}</span>
            </Descriptions.Item>
          )}
          {appeal.remark && (
            <Descriptions.Item label="备注" span={2}>
              <span className="complaint-text">{appeal.remark}</span>
            </Descriptions.Item>
          )}
        </>
      )}
    </Descriptions>
  );
}

/** 审核 of one appeal: the appeal, the stay and its money; while pending its hold and the decision, once decided the record before → after. */
export function AppealDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useAppeal(id);
  const appeal = query.data;
  const userId = useSessionStore((s) => s.user?.userId);
  const pending = appeal?.status === 'pending';
  const [form] = Form.useForm<AppealDecisionValues>();
  // a decision half typed is not thrown away by a stray ✕ or Esc
  const guardedClose = useCloseGuard(form, onClose);
  const close = pending ? guardedClose : onClose;
  const holder = appeal ? holderOf(appeal, userId) : 'nobody';

  return (
    <Drawer
      open
      title={appeal ? `申诉审核 · ${appeal.plateNumber || '无牌车'} · ${appealReasonNames[appeal.reason]}` : '申诉审核'}
      size={820}
      onClose={close}
      footer={
        <Space className="complaint-drawer__footer">
          <Button onClick={close}>关闭</Button>
        </Space>
      }
      destroyOnHidden
    >
      {query.isLoading ? (
        <Spin description="加载中,请稍等......">
          <div style={{ height: 240 }} />
        </Spin>
      ) : !appeal ? (
        <Result status="warning" title="申诉不存在或已删除" />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <AppealFacts appeal={appeal} />
          <div>
            <Typography.Title level={5} className="appeal-section-title">
              申诉照片（{appeal.photos.length}/{servicePhotoLimit}）
            </Typography.Title>
            <PrivatePhotoList
              photos={appeal.photos}
              limit={servicePhotoLimit}
              name="申诉照片"
              messages={appealPhotoMessages}
              keyOf={(photo) => appealPhotoKey(appeal.id, photo.id)}
              load={(photo) => loadAppealPhoto(appeal.id, photo.id)}
            />
          </div>
          <AppealedStay appeal={appeal} />
          <AppealStayMoney appeal={appeal} />
          {pending ? (
            <div>
              <Typography.Title level={5} className="appeal-section-title">
                审核
              </Typography.Title>
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                <AppealHold appeal={appeal} holder={holder} />
                <AppealDecisionForm appeal={appeal} form={form} refusal={holder === 'other' ? heldRefusal(appeal) : undefined} />
              </Space>
            </div>
          ) : (
            appeal.before &&
            appeal.after && (
              <div>
                <Typography.Title level={5} className="appeal-section-title">
                  停车记录变更
                </Typography.Title>
                <AppealChanges before={appeal.before} after={appeal.after} />
              </div>
            )
          )}
        </Space>
      )}
    </Drawer>
  );
}
