import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { reconciliationBatchKey, reconciliationMistakeKey, rerunReconciliation } from '../reconciliation-api';

/** 重新对账: compares one finished business day again; running it twice changes nothing. */
export function ReconciliationRerunDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<{ day: Dayjs }>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rerun = useMutation({
    mutationFn: (day: string) => rerunReconciliation(day),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(reconciliationBatchKey) });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(reconciliationMistakeKey) });
    },
  });
  const submit = async () => {
    const { day } = await form.validateFields();
    try {
      await rerun.mutateAsync(day.format('YYYY-MM-DD'));
    } catch {
      return;
    }
    message.success('对账完成');
    onClose();
  };
  return (
    <Modal open title="重新对账" okText="开始对账" cancelText="取消" confirmLoading={rerun.isPending} onOk={() => submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">按渠道账单重新核对所选营业日的支付与退款；重复对账不会改变已有结果，已处理的差错保持不变。</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ day: dayjs().subtract(1, 'day') }}>
        <Form.Item name="day" label="对账日期" rules={[{ required: true, message: '请选择对账日期' }]}>
          <DatePicker allowClear={false} disabledDate={(d) => !d.isBefore(dayjs(), 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
