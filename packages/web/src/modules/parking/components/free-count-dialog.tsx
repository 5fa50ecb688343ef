import type { ParkingLot } from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Typography } from 'antd';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { correctFreeCount, parkingLotResourceKey } from '../parking-api';
import { numberRule } from '../../../shared/forms/number-rule';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';

/** 修正空位: sets a lot's free count by hand (0..total) after the operator has counted; the server logs it. */
export function FreeCountDialog({ lot, onClose }: { lot: ParkingLot; onClose: () => void }) {
  const [form] = Form.useForm<{ freeCount: number | null }>();
  const close = useCloseGuard(form, onClose);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (freeCount: number) => correctFreeCount(lot.id, freeCount),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(parkingLotResourceKey) }),
  });

  const submit = async () => {
    const { freeCount } = await form.validateFields();
    const next = freeCount ?? 0;
    modal.confirm({
      title: '确定修正空闲车位数吗？',
      content: `停车场「${lot.name}」的空闲车位数将从 ${lot.freeCount} 改为 ${next}。`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await save.mutateAsync(next);
        } catch {
          // reported by the HTTP layer with the server's msg; the dialog stays for another try
          return;
        }
        message.success('修改成功');
        onClose();
      },
    });
  };

  return (
    <Modal open title="修正空位" okText="保存" cancelText="取消" confirmLoading={save.isPending} onOk={() => submit().catch(() => undefined)} onCancel={close} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        {lot.name}：总车位 {lot.totalSpaces}，当前空闲 {lot.freeCount}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ freeCount: lot.freeCount }}>
        <Form.Item label="空闲车位数" name="freeCount" rules={[{ required: true, message: '请输入空闲车位数' }, numberRule({ label: '空闲车位数', min: 0, max: lot.totalSpaces })]}>
          <InputNumber<number> style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
