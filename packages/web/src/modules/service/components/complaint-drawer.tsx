import { complaintCategoryNames, complaintChannelNames, complaintReplyInput, maskMobile, servicePhotoLimit, type ComplaintDetail, type ComplaintReply } from '@parking/contract';
import { Alert, App, Badge, Button, Descriptions, Drawer, Empty, Form, Result, Space, Spin, Tag, Timeline, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { showFieldProblems } from '../../../shared/forms/show-field-problems';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';
import { fieldProblemsOf } from '../../../shared/http/api-error';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { formatDateTime } from '../../../shared/resource/value-format';
import { ReviewedStayDescriptions } from './reviewed-stay';
import { isClosedMeanwhile, useComplaint, useReplyComplaint } from '../complaint-api';
import { complaintStatusEnum } from '../complaint.resource';
import { ComplaintCompleteDialog } from './complaint-complete-dialog';
import { ComplaintDeadline, ComplaintPlate } from './complaint-cells';
import { ComplaintPhotos } from './complaint-photos';
import '../service.css';

/** The whole number is there to call the driver back; it is shown on asking, masked otherwise. */
function ContactPhone({ phone }: { phone: string }) {
  const [whole, setWhole] = useState(false);
  return (
    <Space size={4}>
      {whole ? phone : maskMobile(phone)}
      <Button type="link" size="small" onClick={() => setWhole(!whole)}>
        {whole ? '隐藏' : '显示完整号码'}
      </Button>
    </Space>
  );
}

/** The stay complained about, as the reviewer weighs it beside the thread, with a way to its order. */
function ComplainedStay({ complaint }: { complaint: ComplaintDetail }) {
  const record = complaint.record;
  if (!record) return <Alert type="warning" showIcon title="投诉所指的停车记录不存在或已删除" />;
  return <ReviewedStayDescriptions stay={record} title="投诉的停车记录" />;
}

/** Who wrote, when, and what: the owner's own words marked 车主补充 among the staff's replies. */
function Thread({ replies }: { replies: readonly ComplaintReply[] }) {
  if (replies.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无回复" />;
  return (
    <Timeline
      items={replies.map((reply) => ({
        key: reply.id,
        color: reply.author === 'owner' ? 'orange' : 'blue',
        content: (
          <>
            <div className="complaint-thread__head">
              {reply.author === 'owner' ? <Tag color="orange">车主补充</Tag> : <Tag color="blue">客服回复</Tag>}
              <strong>{reply.authorName}</strong>
              <span>{formatDateTime(reply.createdAt)}</span>
            </div>
            <div className="complaint-text">{reply.content}</div>
          </>
        ),
      }))}
    />
  );
}

interface ReplyValues {
  content: string;
}

/** 回复: added to the thread at once; the first one takes the complaint from 待处理 to 处理中. */
function ReplyForm({ complaint, form }: { complaint: ComplaintDetail; form: FormInstance<ReplyValues> }) {
  const { message } = App.useApp();
  const reply = useReplyComplaint();

  const send = async () => {
    const { content } = await form.validateFields();
    let sent: string;
    try {
      sent = (await reply.mutateAsync({ id: complaint.id, input: remarkText(content) })).msg;
    } catch (error) {
      // completed by someone else meanwhile: the HTTP layer said so and the drawer now shows their result
      if (!isClosedMeanwhile(error)) showFieldProblems(form, fieldProblemsOf(error));
      return;
    }
    form.resetFields();
    message.success(sent || '回复成功');
  };

  return (
    <Form form={form} layout="vertical" className="complaint-reply" name={`complaint-reply-${complaint.id}`}>
      <RemarkField
        schema={complaintReplyInput.shape.content}
        name="content"
        label="回复内容"
        required="请填写回复内容"
        rows={3}
        placeholder={complaint.customerId ? '请输入回复内容，车主可在手机上查看' : '请输入回复内容，如 电话回访的情况'}
      />
      <div className="complaint-reply__actions">
        <Button type="primary" loading={reply.isPending} onClick={() => send().catch(() => undefined)}>
          回复
        </Button>
      </div>
    </Form>
  );
}

function ComplaintFacts({ complaint }: { complaint: ComplaintDetail }) {
  const status = complaintStatusEnum[complaint.status]!;
  const done = complaint.status === 'done';
  return (
    <Descriptions size="small" bordered column={2}>
      <Descriptions.Item label="处理状态">
        <Badge status={status.status} text={status.text} />
      </Descriptions.Item>
      <Descriptions.Item label="处理时限">
        <ComplaintDeadline complaint={complaint} />
      </Descriptions.Item>
      <Descriptions.Item label="投诉类型">{complaintCategoryNames[complaint.category]}</Descriptions.Item>
      <Descriptions.Item label="投诉渠道">{complaintChannelNames[complaint.channel]}</Descriptions.Item>
      <Descriptions.Item label="联系人">{complaint.contactName || '-'}</Descriptions.Item>
      <Descriptions.Item label="联系电话">
        <ContactPhone phone={complaint.contactPhone} />
      </Descriptions.Item>
      <Descriptions.Item label="车牌号">
        <ComplaintPlate plate={complaint.plateNumber} colour={complaint.plateColour} />
      </Descriptions.Item>
      <Descriptions.Item label="受理时间">{formatDateTime(complaint.receivedAt)}</Descriptions.Item>
      <Descriptions.Item label="受理人" span={2}>
        {complaint.createdByName ?? (complaint.channel === 'owner_page' ? '车主自行提交' : '-')}
      </Descriptions.Item>
      <Descriptions.Item label="投诉内容" span={2}>
        <span className="complaint-text">{complaint.content}</span>
      </Descriptions.Item>
      {done && (
        <>
          <Descriptions.Item label="处理结果" span={2}>
            <span className="complaint-text">{complaint.result}</span>
          </Descriptions.Item>
          <Descriptions.Item label="办结人">{complaint.completedByName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="办结时间">{complaint.completedAt ? formatDateTime(complaint.completedAt) : '-'}</Descriptions.Item>
        </>
      )}
    </Descriptions>
  );
}

/** 处理: one complaint, the stay it is about and its thread; replies and 办结 while it is open. */
export function ComplaintDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useComplaint(id);
  const complaint = query.data;
  const open = complaint !== undefined && complaint.status !== 'done';
  const [completing, setCompleting] = useState(false);
  const [replyForm] = Form.useForm<ReplyValues>();
  // a reply typed and not sent is not thrown away by a stray ✕ or Esc
  const guardedClose = useCloseGuard(replyForm, onClose);
  const close = open ? guardedClose : onClose;

  const footer = (
    <Space className="complaint-drawer__footer">
      <Button onClick={close}>关闭</Button>
      {open && (
        <Button type="primary" onClick={() => setCompleting(true)}>
          办结
        </Button>
      )}
    </Space>
  );

  return (
    <Drawer
      open
      title={complaint ? `客户投诉 · ${complaintCategoryNames[complaint.category]} · ${maskMobile(complaint.contactPhone)}` : '客户投诉'}
      size={760}
      onClose={close}
      footer={footer}
      destroyOnHidden
    >
      {query.isLoading ? (
        <Spin description="加载中,请稍等......">
          <div style={{ height: 240 }} />
        </Spin>
      ) : !complaint ? (
        <Result status="warning" title="客户投诉不存在或已删除" />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <ComplaintFacts complaint={complaint} />
          <div>
            <Typography.Title level={5}>
              投诉照片（{complaint.photos.length}/{servicePhotoLimit}）
            </Typography.Title>
            <ComplaintPhotos complaint={complaint} />
          </div>
          {complaint.recordId && <ComplainedStay complaint={complaint} />}
          <div>
            <Typography.Title level={5}>处理记录（{complaint.replies.length}）</Typography.Title>
            <Thread replies={complaint.replies} />
            {open && <ReplyForm complaint={complaint} form={replyForm} />}
          </div>
        </Space>
      )}
      {completing && complaint && <ComplaintCompleteDialog complaint={complaint} onClose={() => setCompleting(false)} />}
    </Drawer>
  );
}
