import {
  formatAmount,
  reconciliationMistakeKindNames,
  reconciliationResolutionNames,
  reconciliationResolveInput,
  type ReconciliationMistake,
  type ReconciliationResolution,
} from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Radio, Typography } from 'antd';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';
import { reconciliationBatchKey, reconciliationMistakeKey, resolveReconciliationMistake } from '../reconciliation-api';

/** What a resolution will do to this mistake: 以渠道为准 means another change for each kind. */
const consequenceOf = (resolution: ReconciliationResolution, mistake: ReconciliationMistake) => {
  const extra = formatAmount(mistake.channelAmount - mistake.ourAmount);
  if (resolution === 'ours') return '保留我方记录，差错以处理说明结案。';
  if (resolution === 'refund') {
    return mistake.kind === 'amount_mismatch' ? `将补记渠道多收的 ${extra} 元为支付，并立即原路退还车主。` : '将补记这笔重复支付，并立即原路退还车主；我方账目同时记下这笔支付和退款。';
  }
  switch (mistake.kind) {
    case 'channel_missing':
      return '将作废我方这笔支付，停车记录重新待付（车辆已离场的转为欠费）。';
    case 'amount_mismatch':
      return `将补记渠道多收的 ${extra} 元为这条停车记录的支付。`;
    case 'state_mismatch':
      return '将以原退款单号重新向渠道提交这笔退款，把钱原路退还车主。';
    default:
      return '将按渠道账单补记这笔支付，停车记录及其欠费随之结清。';
  }
};

/** 处理 a mistake: only the resolutions the server lists for it, confirmed before anything moves. */
export function ReconciliationResolveDialog({ mistake, onClose }: { mistake: ReconciliationMistake; onClose: () => void }) {
  const [form] = Form.useForm<{ resolution: ReconciliationResolution; remark: string }>();
  const close = useCloseGuard(form, onClose);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const resolution = Form.useWatch('resolution', form) ?? mistake.resolutions[0];
  const save = useMutation({
    mutationFn: (values: { resolution: ReconciliationResolution; remark: string }) => resolveReconciliationMistake(mistake.id, values),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(reconciliationMistakeKey) });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(reconciliationBatchKey) });
    },
  });

  const submit = async () => {
    const values = await form.validateFields();
    const chosen = { resolution: values.resolution, remark: remarkText(values.remark) };
    const confirmed = await modal.confirm({
      title: '提示',
      content: `确定${reconciliationResolutionNames[chosen.resolution]}处理商户订单号「${mistake.orderNo}」的${reconciliationMistakeKindNames[mistake.kind]}吗？${consequenceOf(chosen.resolution, mistake)}`,
      okText: '确定',
      cancelText: '取消',
    });
    if (!confirmed) return;
    try {
      await save.mutateAsync(chosen);
    } catch {
      return;
    }
    message.success('差错已处理');
    onClose();
  };

  return (
    <Modal open title="处理对账差错" okText="处理" cancelText="取消" confirmLoading={save.isPending} onOk={() => submit().catch(() => undefined)} onCancel={close} destroyOnHidden>
      <Typography.Paragraph>
        {reconciliationMistakeKindNames[mistake.kind]}
        {mistake.balance ? `（${mistake.balance}）` : ''}：商户订单号 {mistake.orderNo}
        {mistake.plateNumber ? `，车牌 ${mistake.plateNumber}` : ''}，我方 {formatAmount(mistake.ourAmount)} 元，渠道 {formatAmount(mistake.channelAmount)} 元
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ resolution: mistake.resolutions[0], remark: '' }}>
        <Form.Item name="resolution" label="处理方式" rules={[{ required: true, message: '请选择处理方式' }]}>
          <Radio.Group options={mistake.resolutions.map((r) => ({ value: r, label: reconciliationResolutionNames[r] }))} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{consequenceOf(resolution ?? 'ours', mistake)}</Typography.Paragraph>
        <RemarkField schema={reconciliationResolveInput.shape.remark} label="处理说明" required={resolution === 'ours' ? '以我方为准须填写处理说明' : undefined} rows={3} />
      </Form>
    </Modal>
  );
}
