import { formatAmount, type ParkingRecord, type PaymentChannel } from '@parking/contract';
import { App, Descriptions, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useRef } from 'react';
import { newIdempotencyKey, useRecordArrearsPayment, type ArrearsPayment } from '../recovery-api';
import { collectChannelOptions } from '../recovery-options';
import { numberRule } from '../../../shared/forms/number-rule';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';

/** An amount shown with its fen (5 as 5.00) once typed; what is being typed, or has more decimals than fen, shows as it is. */
const yuanShown = (value: number | string | undefined, { userTyping, input }: { userTyping: boolean; input: string }): string => {
  if (userTyping || value === undefined || value === '') return userTyping ? input : '';
  const text = String(value);
  const decimals = text.split('.')[1]?.length ?? 0;
  return decimals <= 2 && Number.isFinite(Number(text)) ? Number(text).toFixed(2) : text;
};

interface CollectValues {
  channel: PaymentChannel;
  /** yuan, as typed */
  amount: number | null;
  payer?: string;
  remark?: string;
}

const sameBody = (a: Omit<ArrearsPayment, 'idempotencyKey'>, b: Omit<ArrearsPayment, 'idempotencyKey'>) =>
  a.recordId === b.recordId && a.channel === b.channel && a.amount === b.amount && a.payer === b.payer && a.remark === b.remark;

/**
 * 收款 of one record in arrears through the payments API. The same request sent again (a retry
 * after a lost answer, a double click) carries the same idempotency key, so it is counted once;
 * a changed amount or channel is a new payment with a new key.
 */
export function CollectDialog({ record, onClose }: { record: ParkingRecord; onClose: () => void }) {
  const [form] = Form.useForm<CollectValues>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const pay = useRecordArrearsPayment();
  const lastAttempt = useRef<ArrearsPayment | null>(null);
  const maxYuan = record.unpaid / 100;

  const submit = async () => {
    const values = await form.validateFields();
    const body = {
      recordId: record.id,
      channel: values.channel,
      amount: Math.round((values.amount ?? 0) * 100),
      payer: values.payer?.trim() ?? '',
      remark: values.remark?.trim() ?? '',
    };
    const previous = lastAttempt.current;
    const attempt = previous && sameBody(previous, body) ? previous : { ...body, idempotencyKey: newIdempotencyKey() };
    lastAttempt.current = attempt;
    try {
      await pay.mutateAsync(attempt);
    } catch {
      // reported by the HTTP layer with the server's msg; the dialog stays for another try
      return;
    }
    message.success(`收款成功：${formatAmount(body.amount)} 元`);
    onClose();
  };

  return (
    <Modal open title="收款" okText="确定收款" cancelText="取消" confirmLoading={pay.isPending} onOk={() => submit().catch(() => undefined)} onCancel={close} destroyOnHidden>
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="车牌号">{record.plateNumber}</Descriptions.Item>
        <Descriptions.Item label="停车场">{record.lotName}</Descriptions.Item>
        <Descriptions.Item label="欠费(元)">{formatAmount(record.unpaid)}</Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" name="collect" initialValues={{ channel: 'cash', amount: maxYuan }}>
        <Form.Item label="支付渠道" name="channel" rules={[{ required: true, message: '请选择支付渠道' }]}>
          <Select options={collectChannelOptions} />
        </Form.Item>
        <Form.Item
          label="收款金额(元)"
          name="amount"
          rules={[
            { required: true, message: '请输入收款金额' },
            { type: 'number', min: 0.01, max: maxYuan, message: `收款金额应在0.01到${formatAmount(record.unpaid)}元之间` },
            numberRule({ label: '收款金额', decimals: 2 }),
          ]}
        >
          <InputNumber<number> step={1} style={{ width: '100%' }} formatter={yuanShown} />
        </Form.Item>
        <Form.Item label="付款人" name="payer" rules={[{ max: 64, message: '付款人最长64个字' }]}>
          <Input allowClear placeholder="选填" />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[{ max: 255, message: '备注最长255个字' }]}>
          <Input.TextArea rows={2} placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
