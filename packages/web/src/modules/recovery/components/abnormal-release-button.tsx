import { formatAmount, type ParkingRecord } from '@parking/contract';
import { App, Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useAbnormalRelease } from '../recovery-api';

/** Whether 手动放行 applies: a lane record still awaiting payment (a space has no barrier to lift). */
export const canReleaseAbnormally = (record: Pick<ParkingRecord, 'state' | 'spaceId'>) => record.state === 'awaiting_payment' && record.spaceId === null;

/** 手动放行 on the record detail: asks for the reason and confirms that what is owed goes to pursuit. */
export function AbnormalReleaseButton({ record }: { record: ParkingRecord }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const { message } = App.useApp();
  const release = useAbnormalRelease();

  const submit = async () => {
    const { reason } = await form.validateFields();
    try {
      await release.mutateAsync({ id: record.id, reason: reason.trim() });
    } catch {
      return;
    }
    message.success('已放行');
    setOpen(false);
  };

  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        手动放行
      </Button>
      {open && (
        <Modal
          open
          title={`确定手动放行车辆「${record.plateNumber}」吗？`}
          okText="确定放行"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          confirmLoading={release.isPending}
          onOk={() => submit().catch(() => undefined)}
          onCancel={() => setOpen(false)}
          destroyOnHidden
        >
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={record.unpaid > 0 ? `放行后，该记录欠费 ${formatAmount(record.unpaid)} 元转入联合追缴，并标记为异常放行。` : '该记录无待付金额，放行后记录完成，并标记为异常放行。'}
          />
          <Form form={form} layout="vertical" name="release">
            <Form.Item
              label="放行原因"
              name="reason"
              rules={[
                { required: true, whitespace: true, message: '请输入放行原因' },
                { max: 255, message: '放行原因最长255个字' },
              ]}
            >
              <Input.TextArea rows={3} placeholder="如：道闸故障，人工抬杆" />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
