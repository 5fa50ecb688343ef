import { couponKindNames, couponKinds, couponTemplateFields, couponTemplateInput, type CouponTemplate } from '@parking/contract';
import { Col, Form, InputNumber, Radio, Row, Switch, TimePicker, Typography } from 'antd';
import { EnabledField } from '../../shared/resource/fields/enabled-field';
import { MoneyField } from '../../shared/resource/fields/money-field';
import { RemarkField } from '../../shared/resource/fields/remark-field';
import { TextField } from '../../shared/resource/fields/text-field';
import { schemaRule } from '../../shared/resource/schema-check';
import { couponTemplateFormBody, timeFormat, type CouponTemplateFormValues } from './coupon-template-form-values';
import { fieldInBody } from './field-in-body';

const fields = couponTemplateFields.shape;

/** The inputs of 新增券种 and 编辑券种: the figure shown follows the kind picked, and 叠加张数 only a stackable coupon's. */
export function CouponTemplateFormInputs(_props: { record: CouponTemplate | undefined }) {
  const form = Form.useFormInstance<CouponTemplateFormValues>();
  const kind = Form.useWatch('kind', form);
  const stackable = Form.useWatch('stackable', form);
  // a period's end may not equal its start: the contract's rule, which reads both times
  const periodEndCheck = fieldInBody(couponTemplateInput, () => couponTemplateFormBody(form.getFieldsValue(true) as CouponTemplateFormValues), 'periodEnd');
  return (
    <Row gutter={16}>
      <TextField span={12} name="name" label="券名称" schema={fields.name} required="请输入券名称" placeholder="如 购物满100减2小时" />
      <Col span={24}>
        <Form.Item label="类型" name="kind" rules={[{ required: true, message: '请选择券类型' }]}>
          <Radio.Group options={couponKinds.map((k) => ({ value: k, label: couponKindNames[k] }))} />
        </Form.Item>
      </Col>
      {kind === 'free' && (
        <Col span={24}>
          <Typography.Paragraph type="secondary">免费券：用券的这次停车不收费。</Typography.Paragraph>
        </Col>
      )}
      {kind === 'minutes' && (
        <Col span={12}>
          <Form.Item label="减免时长（分钟）" name="minutes" extra="从停车时长中减去，如 120 即减2小时" rules={[{ required: true, message: '请输入减免时长' }, schemaRule(fields.minutes)]}>
            <InputNumber<number> style={{ width: '100%' }} placeholder="如 120" />
          </Form.Item>
        </Col>
      )}
      {kind === 'amount' && (
        <Col span={12}>
          <MoneyField name="amountOff" label="减免金额" required="请输入减免金额" schema={fields.amountOff} placeholder="如 5.00" />
        </Col>
      )}
      {kind === 'percent' && (
        <>
          <Col span={12}>
            <Form.Item
              label="折扣（%）"
              name="discountPercent"
              extra="按停车费的该百分比收取，如 80 即八折"
              rules={[{ required: true, message: '请输入折扣（1-99）' }, schemaRule(fields.discountPercent)]}
            >
              <InputNumber<number> style={{ width: '100%' }} placeholder="1-99" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <MoneyField name="maxOff" label="最高减免" schema={fields.maxOff} placeholder="不限" extra="不填为不限" />
          </Col>
        </>
      )}
      {kind === 'period' && (
        <>
          <Col span={12}>
            <Form.Item label="时段开始" name="periodStart" rules={[{ required: true, message: '请输入时段开始' }]}>
              <TimePicker format={timeFormat} style={{ width: '100%' }} placeholder="如 22:00" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="时段结束"
              name="periodEnd"
              dependencies={['periodStart']}
              extra="每日该时段内停车免费；结束早于开始表示跨夜"
              rules={[{ required: true, message: '请输入时段结束' }, schemaRule(periodEndCheck)]}
            >
              <TimePicker format={timeFormat} style={{ width: '100%' }} placeholder="如 07:00" />
            </Form.Item>
          </Col>
        </>
      )}
      <Col span={12}>
        <MoneyField name="price" label="结算价" required="请输入结算价" schema={fields.price} placeholder="如 2.00" extra="商户每张券付的钱：预付商户发券时扣款，后付商户按使用月结" />
      </Col>
      <Col span={12}>
        <Form.Item label="有效时长（小时）" name="validHours" extra="发券后多少小时内可用" rules={[{ required: true, message: '请输入有效时长' }, schemaRule(fields.validHours)]}>
          <InputNumber<number> style={{ width: '100%' }} placeholder="如 24" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="入场前可发" name="beforeEntry" valuePropName="checked" extra="关闭时，车辆须已在商户的停车场内才能发券">
          <Switch checkedChildren="可发" unCheckedChildren="不可发" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="可与白名单/集团卡同享" name="withBenefits" valuePropName="checked">
          <Switch checkedChildren="同享" unCheckedChildren="不同享" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="可叠加" name="stackable" valuePropName="checked" extra="可与其他券同用于一次停车">
          <Switch checkedChildren="可叠加" unCheckedChildren="不可叠加" />
        </Form.Item>
      </Col>
      {stackable && (
        <Col span={12}>
          <Form.Item label="叠加张数" name="stackLimit" extra="同一次停车最多用本券种的张数" rules={[{ required: true, message: '请输入叠加张数' }, schemaRule(fields.stackLimit)]}>
            <InputNumber<number> style={{ width: '100%' }} placeholder="1-10" />
          </Form.Item>
        </Col>
      )}
      <Col span={12}>
        <MoneyField name="minDue" label="最低消费" schema={fields.minDue} placeholder="不限" extra="停车费达到该金额才可用券，不填为不限" />
      </Col>
      <Col span={24}>
        <RemarkField schema={fields.remark} />
      </Col>
      <EnabledField />
    </Row>
  );
}
