import { formatAmount, paymentChannelNames, refundInput, type Payment } from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Typography } from 'antd';
import { fenToYuan, yuanToFen } from '../../../shared/resource/fields/money';
import { MoneyField } from '../../../shared/resource/fields/money-field';
import { RemarkField } from '../../../shared/resource/fields/remark-field';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { paymentResourceKey, refundResourceKey, requestRefund } from '../payments-api';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';

interface RefundForm {
  /** yuan as typed */
  amount: string;
  reason: string;
}

/** 申请退款 on one payment: at most what it took less what was given back; another user then decides. */
export function RefundRequestDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const [form] = Form.useForm<RefundForm>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refundable = payment.amount - payment.refunded;
  const save = useMutation({
    mutationFn: (values: RefundForm) => requestRefund({ paymentId: payment.id, amount: yuanToFen(values.amount) ?? 0, reason: values.reason.trim() }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(refundResourceKey) });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(paymentResourceKey) });
    },
  });

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync(values);
    } catch {
      // the HTTP layer showed the server's reason (more than is refundable once pending requests count…); the form stays
      return;
    }
    message.success('退款申请已提交，待他人审核');
    onClose();
  };

  return (
    <Modal open title="申请退款" okText="提交申请" cancelText="取消" confirmLoading={save.isPending} onOk={() => submit().catch(() => undefined)} onCancel={close} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        {payment.plateNumber}（{payment.lotName}）{paymentChannelNames[payment.channel]}支付 {formatAmount(payment.amount)} 元，已退 {formatAmount(payment.refunded)} 元
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ amount: fenToYuan(refundable), reason: '' }}>
        <MoneyField
          name="amount"
          label="退款金额（元）"
          noun="退款金额"
          required="请输入退款金额"
          schema={refundInput.shape.amount}
          min={{ fen: 1, message: '退款金额必须大于0' }}
          max={{ fen: refundable, message: `退款金额不能超过可退金额 ${formatAmount(refundable)} 元` }}
        />
        <RemarkField schema={refundInput.shape.reason} name="reason" label="退款原因" required="请填写退款原因" rows={3} placeholder="如：重复扣费、计费有误" />
      </Form>
    </Modal>
  );
}
