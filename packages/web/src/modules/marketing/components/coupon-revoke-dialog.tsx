import { couponRevokeInput, formatAmount, type Coupon } from '@parking/contract';
import { App, Form, Modal, Typography } from 'antd';
import { showFieldProblems } from '../../../shared/forms/show-field-problems';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';
import { fieldProblemsOf } from '../../../shared/http/api-error';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { isSettledMeanwhile, useRevokeCoupon } from '../coupon-api';

/** 作废 with its required reason: the coupon can no longer be used, and a 预付 merchant gets its price back. */
export function CouponRevokeDialog({ coupon, onClose }: { coupon: Coupon; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const revoke = useRevokeCoupon();

  const submit = async () => {
    const { reason } = await form.validateFields();
    let msg: string;
    try {
      msg = (await revoke.mutateAsync({ id: coupon.id, reason: remarkText(reason) })).msg;
    } catch (error) {
      // used or revoked meanwhile: the HTTP layer said so and the list shows it as it now is
      if (isSettledMeanwhile(error)) onClose();
      else showFieldProblems(form, fieldProblemsOf(error));
      return;
    }
    message.success(msg || '作废成功');
    onClose();
  };

  return (
    <Modal
      open
      title={`作废优惠券「${coupon.couponNo}」`}
      okText="作废"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={revoke.isPending}
      onOk={() => submit().catch(() => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {coupon.plateNumber} 的「{coupon.templateName}」作废后不能再使用；预付商户「{coupon.merchantName}」将退回结算价 {formatAmount(coupon.price)} 元。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="coupon-revoke">
        <RemarkField schema={couponRevokeInput.shape.reason} name="reason" label="作废原因" required="请填写作废原因" rows={3} />
      </Form>
    </Modal>
  );
}
