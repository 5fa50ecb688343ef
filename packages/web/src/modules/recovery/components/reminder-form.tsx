import type { ReminderChannel } from '@parking/contract';
import { App, Button, Form, Input, Select, Typography } from 'antd';
import { useAddReminder } from '../recovery-api';
import { reminderChannelOptions } from '../recovery-options';

interface ReminderValues {
  channel: ReminderChannel;
  content: string;
}

/** 登记催缴: what staff did to remind the owner; only while the plate owes money. */
export function ReminderForm({ plateNumber, owed }: { plateNumber: string; owed: number }) {
  const [form] = Form.useForm<ReminderValues>();
  const { message } = App.useApp();
  const add = useAddReminder(plateNumber);

  if (owed <= 0) return <Typography.Text type="secondary">该车牌已无欠费，无需催缴</Typography.Text>;

  const submit = async (values: ReminderValues) => {
    try {
      await add.mutateAsync({ channel: values.channel, content: values.content.trim() });
    } catch {
      return;
    }
    message.success('催缴已登记');
    form.resetFields(['content']);
  };

  return (
    <Form form={form} layout="vertical" name="reminder" initialValues={{ channel: 'sms' }} onFinish={(values) => void submit(values)}>
      <Form.Item label="催缴方式" name="channel" rules={[{ required: true, message: '请选择催缴方式' }]}>
        <Select options={reminderChannelOptions} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        label="催缴内容"
        name="content"
        rules={[
          { required: true, whitespace: true, message: '请输入催缴内容' },
          { max: 500, message: '催缴内容最长500个字' },
        ]}
      >
        <Input.TextArea rows={3} count={{ show: true, max: 500 }} placeholder="如：已短信通知车主补缴停车费" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        登记催缴
      </Button>
    </Form>
  );
}
