import { couponEndpoints, couponIssueFields, type Coupon, type CouponIssueInput, type Envelope } from '@parking/contract';
import { Alert, App, Form, Modal } from 'antd';
import { useState } from 'react';
import { contractProblems, placeFieldProblems, showFieldProblems } from '../../../shared/forms/show-field-problems';
import { useCloseGuard } from '../../../shared/forms/use-close-guard';
import { fieldProblemsOf } from '../../../shared/http/api-error';
import { contractPlateColourOptions, PlateColourField, PlateField, plateText } from '../../../shared/resource/fields/plate-field';
import { RemarkField, remarkText } from '../../../shared/resource/fields/remark-field';
import { useIssueCoupon } from '../coupon-api';
import { CouponTemplateSelect } from './coupon-template-select';
import { MerchantSelect } from './merchant-select';

interface IssueValues {
  merchantId: string | null;
  templateId: string | null;
  plateNumber: string;
  plateColour: number;
  remark: string;
}

const bodyOf = (values: IssueValues): CouponIssueInput => ({
  merchantId: values.merchantId ?? '',
  templateId: values.templateId ?? '',
  plateNumber: plateText(values.plateNumber),
  plateColour: values.plateColour,
  remark: remarkText(values.remark),
});

/**
 * 发券 on a merchant's behalf: one coupon of a template to one plate. A refusal (no balance left, a
 * limit reached, the car not in the merchant's lots) is said in the dialog, the form kept as typed.
 */
export function CouponIssueDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<IssueValues>();
  const close = useCloseGuard(form, onClose);
  const { message } = App.useApp();
  const issue = useIssueCoupon();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async () => {
    const body = bodyOf(await form.validateFields());
    const refused = contractProblems(couponEndpoints.issue.body, body, 'body');
    if (refused.length > 0) {
      showFieldProblems(form, refused);
      return;
    }
    setRefusal(null);
    let issued: Envelope<Coupon>;
    try {
      issued = await issue.mutateAsync(body);
    } catch (error) {
      // the fields the server refused go under their inputs; anything else is said above them
      const fields = fieldProblemsOf(error);
      const unplaced = placeFieldProblems(form, fields);
      if (fields.length === 0) setRefusal(error instanceof Error ? error.message : '发券失败');
      else if (unplaced.length > 0) setRefusal(unplaced.map((problem) => problem.message).join('；'));
      return;
    }
    message.success(`${issued.msg || '发券成功'}，券号 ${issued.data.couponNo}`);
    onClose();
  };

  return (
    <Modal open title="发券" okText="发券" cancelText="取消" confirmLoading={issue.isPending} onOk={() => submit().catch(() => undefined)} onCancel={close} destroyOnHidden>
      {refusal && <Alert className="coupon-issue__refusal" type="error" showIcon title={refusal} />}
      <Form<IssueValues> form={form} layout="vertical" name="coupon-issue" initialValues={{ merchantId: null, templateId: null, plateNumber: '', plateColour: 0, remark: '' }}>
        <Form.Item label="商户" name="merchantId" rules={[{ required: true, message: '请选择商户' }]}>
          <MerchantSelect enabledOnly />
        </Form.Item>
        <Form.Item label="优惠券" name="templateId" rules={[{ required: true, message: '请选择优惠券' }]}>
          <CouponTemplateSelect />
        </Form.Item>
        <PlateField required="请输入车牌号" />
        <PlateColourField required="请选择车牌颜色" options={contractPlateColourOptions} />
        <RemarkField schema={couponIssueFields.shape.remark} />
      </Form>
    </Modal>
  );
}
