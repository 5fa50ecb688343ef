import { screenColourNames, screenColours, screenLineMax, screenMessageInput, screenTextMax, type Screen, type ScreenColour } from '@parking/contract';
import { App, Form, Input, Modal, Select } from 'antd';
import { schemaRule } from '../../../shared/resource/schema-check';
import { useScreenSend } from '../devices-api';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';

interface SendValues {
  text: string;
  line: number;
  colour: ScreenColour;
}

const fields = screenMessageInput.shape;
const lineOptions = Array.from({ length: screenLineMax }, (_, index) => ({ value: index + 1, label: `第${index + 1}行` }));
const colourOptions = screenColours.map((colour) => ({ value: colour, label: screenColourNames[colour] }));

/** 发送: queues a text for one screen; the screen shows it when it next pulls. */
export function ScreenSendDialog({ screen, onClose }: { screen: Screen; onClose: () => void }) {
  const [form] = Form.useForm<SendValues>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const send = useScreenSend();

  const submit = async () => {
    const values = await form.validateFields();
    await send.mutateAsync({ deviceId: screen.id, text: values.text.trim(), line: values.line, colour: values.colour });
    message.success('已发送，等待显示屏接收');
    onClose();
  };

  return (
    <Modal
      open
      title={`发送到显示屏「${screen.name}」`}
      okText="发送"
      cancelText="取消"
      confirmLoading={send.isPending}
      onOk={() => {
        submit().catch(() => undefined);
      }}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ text: '', line: 1, colour: 'red' }}>
        <Form.Item label="显示内容" name="text" rules={[{ required: true, whitespace: true, message: '请输入显示内容' }, schemaRule(fields.text)]}>
          <Input.TextArea rows={2} placeholder="如：车位已满，请绕行" count={{ show: true, max: screenTextMax }} />
        </Form.Item>
        <Form.Item label="显示行" name="line" rules={[{ required: true, message: '请选择显示行' }]}>
          <Select options={lineOptions} />
        </Form.Item>
        <Form.Item label="颜色" name="colour" rules={[{ required: true, message: '请选择颜色' }]}>
          <Select options={colourOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
