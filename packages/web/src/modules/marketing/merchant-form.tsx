import { checkNewPassword, merchantFields, merchantInput, merchantKindNames, merchantKinds, merchantSettlementNames, merchantSettlements, type Merchant } from '@parking/contract';
import { Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import { EnabledField } from '../../shared/resource/fields/enabled-field';
import { MoneyField } from '../../shared/resource/fields/money-field';
import { PhoneField } from '../../shared/resource/fields/phone-field';
import { RemarkField } from '../../shared/resource/fields/remark-field';
import { TextField } from '../../shared/resource/fields/text-field';
import { schemaRule } from '../../shared/resource/schema-check';
import { LotMultiSelect } from './components/lot-multi-select';
import { fieldInBody } from './field-in-body';
import { merchantFormBody, type MerchantFormValues } from './merchant-form-values';

const fields = merchantFields.shape;
const isBlank = (text: string | undefined) => (text ?? '').trim() === '';
/** The rule every new password keeps, checked on what is typed (the body carries only its MD5); blank keeps the old one on an edit. */
const checkPassword = (value: string | undefined) => {
  if (!value) return;
  const problem = checkNewPassword(value);
  if (problem) throw new Error(problem);
};

/** The inputs of 新增商户 and 编辑商户: 透支额度 is for 预付 merchants only; a blank limit is 不限. */
export function MerchantFormInputs({ record }: { record: Merchant | undefined }) {
  const form = Form.useFormInstance<MerchantFormValues>();
  const settlement = Form.useWatch('settlement', form);
  const overdraft = Form.useWatch('overdraftLimit', { form, preserve: true });
  // the rules that read two fields are the contract's, judged on the whole body the form would send
  const judged = (field: string) => fieldInBody(merchantInput, () => merchantFormBody(form.getFieldsValue(true) as MerchantFormValues), field);
  // a 后付 merchant has no balance to overdraw; an amount typed before switching to 后付 stays, refused, until cleared
  const noOverdraft = settlement === 'postpaid' && isBlank(overdraft);
  return (
    <Row gutter={16}>
      <TextField span={12} name="name" label="商户名称" schema={fields.name} required="请输入商户名称" />
      <Col span={12}>
        <Form.Item label="类型" name="kind" rules={[{ required: true, message: '请选择商户类型' }]}>
          <Radio.Group options={merchantKinds.map((k) => ({ value: k, label: merchantKindNames[k] }))} />
        </Form.Item>
      </Col>
      <TextField span={12} name="contactName" label="联系人" schema={fields.contactName} />
      <Col span={12}>
        <PhoneField name="contactPhone" required="请输入联系电话" />
      </Col>
      <Col span={24}>
        <Form.Item label="适用停车场" name="lotIds" extra="该商户的券只在这些停车场抵扣" rules={[{ required: true, type: 'array', min: 1, message: '请选择适用停车场' }]}>
          <LotMultiSelect />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="结算方式" name="settlement" extra="预付：充值后按券扣款；后付：按月结算已使用的券" rules={[{ required: true, message: '请选择结算方式' }]}>
          <Radio.Group
            options={merchantSettlements.map((s) => ({ value: s, label: merchantSettlementNames[s] }))}
            // an overdraft typed for 预付 is judged again at once against the settlement picked
            onChange={() => void form.validateFields(['overdraftLimit']).catch(() => undefined)}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        {noOverdraft ? (
          <Form.Item label="透支额度" extra="后付商户没有余额，不可透支">
            <Input disabled placeholder="不可透支" />
          </Form.Item>
        ) : (
          <MoneyField name="overdraftLimit" label="透支额度" schema={judged('overdraftLimit')} placeholder="不透支留空" extra="余额可低于0的额度" />
        )}
      </Col>
      <Col span={8}>
        <Form.Item label="每日发券上限" name="dailyCouponLimit" extra="张，不填为不限" rules={[schemaRule(fields.dailyCouponLimit)]}>
          <InputNumber<number> style={{ width: '100%' }} placeholder="不限" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item label="每月发券上限" name="monthlyCouponLimit" extra="张，不填为不限" rules={[schemaRule(fields.monthlyCouponLimit)]}>
          <InputNumber<number> style={{ width: '100%' }} placeholder="不限" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <MoneyField name="monthlyAmountLimit" label="每月发券金额上限" noun="每月发券金额上限" schema={fields.monthlyAmountLimit} placeholder="不限" extra="按结算价计，不填为不限" />
      </Col>
      <TextField span={12} name="account" label="登录账号" schema={fields.account} required="请输入登录账号" extra="商户用它登录手机发券页" />
      <Col span={12}>
        <Form.Item
          label="登录密码"
          name="password"
          extra={record ? '留空则不修改' : '至少6位，含数字和字母'}
          rules={[...(record ? [] : [{ required: true, message: '请输入登录密码' }]), { validator: async (_, value?: string) => checkPassword(value) }]}
        >
          <Input.Password placeholder={record ? '留空则不修改' : '请输入登录密码'} autoComplete="new-password" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <RemarkField schema={fields.remark} />
      </Col>
      <EnabledField />
    </Row>
  );
}
