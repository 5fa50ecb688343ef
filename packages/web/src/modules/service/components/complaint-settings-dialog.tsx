import { complaintDeadlineLimits, complaintSettingsInput } from '@parking/contract';
import { App, Form, InputNumber, Modal, Spin, Typography } from 'antd';
import { fieldProblemsOf } from '../../../shared/http/api-error';
import { showFieldProblems } from '../../../shared/forms/show-field-problems';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';
import { schemaRule } from '../../../shared/resource/schema-check';
import { useComplaintSettings, useUpdateComplaintSettings } from '../complaint-api';

interface Values {
  deadlineHours: number | null;
}

/** 处理时限设置: the tenant's hours from receipt to 办结; complaints already received keep the deadline they got. */
export function ComplaintSettingsDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const settings = useComplaintSettings();
  const guardedClose = useCloseGuard(form, onClose);
  // the form is there only once the hours are
  const close = settings.data ? guardedClose : onClose;
  const { message } = App.useApp();
  const save = useUpdateComplaintSettings();

  const submit = async () => {
    const { deadlineHours } = await form.validateFields();
    let done: string;
    try {
      done = (await save.mutateAsync({ deadlineHours: deadlineHours! })).msg;
    } catch (error) {
      showFieldProblems(form, fieldProblemsOf(error));
      return;
    }
    message.success(done || '保存成功');
    onClose();
  };

  return (
    <Modal
      open
      title="处理时限设置"
      okText="保存"
      cancelText="取消"
      okButtonProps={{ disabled: !settings.data }}
      confirmLoading={save.isPending}
      onOk={() => submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">投诉受理后须在处理时限内办结，超过即为逾期。修改只对此后受理的投诉生效，已受理的投诉仍按受理时的时限。</Typography.Paragraph>
      {settings.data ? (
        <Form form={form} layout="vertical" initialValues={{ deadlineHours: settings.data.deadlineHours }}>
          <Form.Item
            label="处理时限"
            name="deadlineHours"
            rules={[{ required: true, message: '请输入处理时限' }, schemaRule(complaintSettingsInput.shape.deadlineHours)]}
            extra={`${complaintDeadlineLimits.min}–${complaintDeadlineLimits.max} 小时，如 48 小时即受理后两天内办结`}
          >
            <InputNumber<number> placeholder={`${complaintDeadlineLimits.min}-${complaintDeadlineLimits.max}`} suffix="小时" style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      ) : (
        <Spin spinning={settings.isLoading} description="加载中,请稍等......">
          <div style={{ height: 80 }} />
        </Spin>
      )}
    </Modal>
  );
}
