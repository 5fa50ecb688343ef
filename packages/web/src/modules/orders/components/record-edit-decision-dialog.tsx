import type { RecordEditRequest } from '@parking/contract';
import { recordEditDecision, recordEditKindNames } from '@parking/contract';
import { App, Form, Modal, Typography } from 'antd';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { useDecideRecordEdit, type RecordEditVerdict } from '../record-edit-audit-api';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';

const verdictText: Readonly<Record<RecordEditVerdict, { title: string; ok: string; done: string }>> = {
  approve: { title: '通过修改申请', ok: '确定通过', done: '已通过，停车记录已修改' },
  reject: { title: '驳回修改申请', ok: '确定驳回', done: '已驳回' },
};

/** 通过 / 驳回 with the auditor's remark; a rejection says why. */
export function RecordEditDecisionDialog({ edit, verdict, onClose }: { edit: RecordEditRequest; verdict: RecordEditVerdict; onClose: (decided: boolean) => void }) {
  const [form] = Form.useForm<{ remark: string }>();
  const close = useCloseGuard(form, () => onClose(false));
  const { message } = App.useApp();
  const decide = useDecideRecordEdit();
  const text = verdictText[verdict];

  const submit = async () => {
    const { remark } = await form.validateFields();
    try {
      await decide.mutateAsync({ id: edit.id, verdict, body: { remark: remarkText(remark) } });
    } catch {
      // the HTTP layer shows the server's msg; the dialog stays for another try
      return;
    }
    message.success(text.done);
    onClose(true);
  };

  return (
    <Modal
      open
      title={text.title}
      okText={text.ok}
      cancelText="取消"
      okButtonProps={{ danger: verdict === 'reject' }}
      confirmLoading={decide.isPending}
      onOk={() => submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>
        停车记录「{edit.plateNumber || '无牌车'}」{recordEditKindNames[edit.kind]}，原因：{edit.reason}
      </Typography.Paragraph>
      {verdict === 'approve' && <Typography.Paragraph type="warning">通过后将立即修改停车记录，且不可撤销。</Typography.Paragraph>}
      <Form form={form} layout="vertical">
        <RemarkField
          schema={recordEditDecision.shape.remark}
          label={verdict === 'approve' ? '审核意见' : '驳回原因'}
          required={verdict === 'reject' ? '请填写驳回原因' : undefined}
          rows={3}
          placeholder={verdict === 'approve' ? '选填' : '请填写驳回原因'}
        />
      </Form>
    </Modal>
  );
}
