import { vehicleAuthKindNames, vehicleAuthRejectInput, type VehicleAuthRequest } from '@parking/contract';
import { App, Form, Modal, Typography } from 'antd';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { useRejectVehicleAuth } from '../vehicle-auth-api';

/** 驳回 with its reason, which the owner is told; the reason is required and counted against the contract's limit. */
export function VehicleAuthRejectDialog({ request, onClose }: { request: VehicleAuthRequest; onClose: (decided: boolean) => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const close = useCloseGuard(form, () => onClose(false));
  const { message } = App.useApp();
  const reject = useRejectVehicleAuth();

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
      title={`驳回${vehicleAuthKindNames[request.kind]}申请`}
      okText="确定驳回"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      confirmLoading={reject.isPending}
      onOk={() => submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>
        车辆「{request.plateNumber}」的{vehicleAuthKindNames[request.kind]}申请将被驳回，驳回原因会告知车主。
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <RemarkField
          schema={vehicleAuthRejectInput.shape.reason}
          name="reason"
          label="驳回原因"
          required="请填写驳回原因"
          rows={3}
          placeholder="请填写驳回原因，如：照片模糊、车牌与行驶证不符"
        />
      </Form>
    </Modal>
  );
}
