import { orderWarningCategoryNames, orderWarningKindNames, orderWarningStateNames, type OrderWarning } from '@parking/contract';
import { App, Badge, Button, Descriptions, Form, Input, Modal } from 'antd';
import { formatDateTime } from '../../../shared/resource/value-format';
import { useHandleOrderWarning } from '../order-warning-api';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';

export const handleDialogTitle = '处理订单预警';
export const remarkRequired = '请填写处理说明';

interface OrderWarningHandleDialogProps {
  warning: OrderWarning;
  onClose: () => void;
  /** 查看订单: opens the record the warning is about */
  onOpenRecord: (recordId: string) => void;
}

/** 处理: what was seen, and for an open warning a required remark that closes it; a closed one shows who handled it. */
export function OrderWarningHandleDialog({ warning, onClose, onOpenRecord }: OrderWarningHandleDialogProps) {
  const [form] = Form.useForm<{ remark: string }>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const handle = useHandleOrderWarning();
  const open = warning.state === 'open';

  const submit = async () => {
    const { remark } = await form.validateFields();
    await handle.mutateAsync({ id: warning.id, body: { remark: remark.trim() } });
    message.success('处理成功');
    onClose();
  };

  return (
    <Modal
      open
      title={open ? handleDialogTitle : '订单预警详情'}
      okText="确定"
      cancelText={open ? '取消' : '关闭'}
      okButtonProps={{ style: open ? undefined : { display: 'none' } }}
      confirmLoading={handle.isPending}
      onOk={() => {
        // validation errors show on the field; call errors were reported by the HTTP layer
        submit().catch(() => undefined);
      }}
      onCancel={close}
      destroyOnHidden
      width={560}
    >
      <Descriptions size="small" bordered column={1} className="order-warning-dialog__facts">
        <Descriptions.Item label="车牌号">{warning.plateNumber || '未识别车牌'}</Descriptions.Item>
        <Descriptions.Item label="停车场">{warning.lotName}</Descriptions.Item>
        <Descriptions.Item label="预警类型">
          {orderWarningCategoryNames[warning.category]} / {orderWarningKindNames[warning.kind]}
        </Descriptions.Item>
        <Descriptions.Item label="预警说明">{warning.detail}</Descriptions.Item>
        <Descriptions.Item label="预警时间">{formatDateTime(warning.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="处理状态">
          <Badge status={open ? 'error' : 'success'} text={orderWarningStateNames[warning.state]} />
        </Descriptions.Item>
        {!open && <Descriptions.Item label="处理人">{warning.handledByName ?? ''}</Descriptions.Item>}
        {!open && <Descriptions.Item label="处理时间">{warning.handledAt ? formatDateTime(warning.handledAt) : ''}</Descriptions.Item>}
        {!open && <Descriptions.Item label="处理说明">{warning.remark}</Descriptions.Item>}
        {warning.recordId && (
          <Descriptions.Item label="停车记录">
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpenRecord(warning.recordId!)}>
              查看订单详情
            </Button>
          </Descriptions.Item>
        )}
      </Descriptions>
      {open && (
        <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
          <Form.Item
            name="remark"
            label="处理说明"
            rules={[
              { required: true, whitespace: true, message: remarkRequired },
              { max: 255, message: '处理说明最长255个字' },
            ]}
          >
            <Input.TextArea rows={3} count={{ show: true, max: 255 }} placeholder="请填写处理结果，如：已核实为设备误识别" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
