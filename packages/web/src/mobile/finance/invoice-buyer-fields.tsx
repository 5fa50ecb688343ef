import { buyerTypeNames } from '@parking/contract';
import { Form, Input, Radio, type FormInstance } from 'antd';
import type { Buyer } from './invoice-buyer';

/**
 * The buyer an invoice is made out to, as 我的发票 and the order page both ask for it: 抬头类型, 发票抬头,
 * 纳税人识别号 (a company's is required) and 接收邮箱. Place inside a Form of `Buyer`.
 */
export function InvoiceBuyerFields({ form }: { form: FormInstance<Buyer> }) {
  const buyerType = Form.useWatch('buyerType', form) ?? 'personal';
  return (
    <>
      <Form.Item name="buyerType" label="抬头类型">
        <Radio.Group options={(['personal', 'company'] as const).map((value) => ({ value, label: buyerTypeNames[value] }))} />
      </Form.Item>
      <Form.Item name="buyerTitle" label="发票抬头" rules={[{ required: true, whitespace: true, message: '请填写发票抬头' }]}>
        <Input maxLength={100} placeholder={buyerType === 'company' ? '单位名称' : '个人姓名'} />
      </Form.Item>
      {buyerType === 'company' && (
        <Form.Item name="taxNumber" label="纳税人识别号" rules={[{ required: true, message: '请填写18位统一社会信用代码' }]}>
          <Input maxLength={18} placeholder="18位统一社会信用代码" />
        </Form.Item>
      )}
      <Form.Item name="email" label="接收邮箱" rules={[{ required: true, message: '请填写接收邮箱' }]}>
        <Input maxLength={100} inputMode="email" />
      </Form.Item>
    </>
  );
}
