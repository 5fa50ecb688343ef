import { maskMobile, phoneChangeRejectInput, type PhoneChangeRequest } from '@parking/contract';
import { App, Form, Modal, Typography } from 'antd';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { useRejectPhoneChange } from '../phone-change-api';

/** 驳回 with its required reason; the owner's number stays as it is. */
export function PhoneChangeRejectDialog({ request, onClose }: { request: PhoneChangeRequest; onClose: (decided: boolean) => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const close = useCloseGuard(form, () => onClose(false));
  const { message } = App.useApp();
  const reject = useRejectPhoneChange();

  const submit = async () => {
    const { reason } = await form.validateFields();
    let done: string;
    try {
      done = await reject.mutateAsync({ id: request.id, body: { reason: remarkText(reason) } });
    } catch {
      // the HTTP layer shows the server's msg; the dialog stays for another try
      return;
    }
    message.success(done || '已驳回');
    onClose(true);
  };

  return (
    <Modal
      open
      title="驳回手机号变更申请"
      okText="确定驳回"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      confirmLoading={reject.isPending}
      onOk={() => submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>
        车主 {maskMobile(request.oldPhone)} 变更为 {maskMobile(request.newPhone)} 的申请将被驳回，手机号保持不变。
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <RemarkField
          schema={phoneChangeRejectInput.shape.reason}
          name="reason"
          label="驳回原因"
          required="请填写驳回原因"
          rows={3}
          placeholder="请填写驳回原因，如：订单号不属于该车主的车辆"
        />
      </Form>
    </Modal>
  );
}
