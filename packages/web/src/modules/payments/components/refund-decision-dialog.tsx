import { formatAmount, refundDecision, type Refund } from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Typography } from 'antd';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { decideRefund, paymentResourceKey, refundResourceKey } from '../payments-api';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';

const titles = { approve: '同意退款', reject: '驳回退款' } as const;

/** 同意/驳回 a refund someone else asked for; a rejection must say why. */
export function RefundDecisionDialog({ refund, decision, onClose }: { refund: Refund; decision: 'approve' | 'reject'; onClose: () => void }) {
  const [form] = Form.useForm<{ remark: string }>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (remark: string) => decideRefund(refund.id, decision, { remark }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(refundResourceKey) });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(paymentResourceKey) });
    },
  });

  const submit = async () => {
    const { remark } = await form.validateFields();
    try {
      await save.mutateAsync(remarkText(remark));
    } catch {
      return;
    }
    message.success(decision === 'approve' ? '已同意退款，金额已退回' : '已驳回退款');
    onClose();
  };

  return (
    <Modal
      open
      title={titles[decision]}
      okText={decision === 'approve' ? '同意' : '驳回'}
      okButtonProps={decision === 'reject' ? { danger: true } : {}}
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() => submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {refund.requestedByName} 申请退回 {refund.plateNumber} 的 {formatAmount(refund.amount)} 元：{refund.reason}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ remark: '' }}>
        <RemarkField schema={refundDecision.shape.remark} label="审核意见" required={decision === 'reject' ? '驳回时请填写审核意见' : undefined} rows={3} />
      </Form>
    </Modal>
  );
}
