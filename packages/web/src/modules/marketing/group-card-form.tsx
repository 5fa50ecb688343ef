import { groupCardBenefitNames, groupCardBenefits, groupCardFields, groupCardMaxPlates, groupCardPlate, type GroupCard } from '@parking/contract';
import { Col, Form, InputNumber, Radio, Row, Select, Switch } from 'antd';
import type { FormRule } from 'antd';
import { EnabledField } from '../../shared/resource/fields/enabled-field';
import { DateRangeField } from '../../shared/resource/fields/date-range-field';
import { MoneyField } from '../../shared/resource/fields/money-field';
import { RemarkField } from '../../shared/resource/fields/remark-field';
import { schemaCheck, schemaRule } from '../../shared/resource/schema-check';
import { TextField } from '../../shared/resource/fields/text-field';
import { GroupSelect } from './components/group-select';
import { LotMultiSelect } from './components/lot-multi-select';

const fields = groupCardFields.shape;
const checkPlate = schemaCheck(groupCardPlate);

/** Each plate as other plate inputs check it, then no plate twice. */
const platesRule: FormRule = {
  validator: async (_rule, plates: string[] | undefined) => {
    const seen = new Set<string>();
    for (const plate of plates ?? []) {
      const problem = checkPlate(plate);
      if (problem) throw new Error(`${plate}：${problem}`);
      const upper = plate.trim().toUpperCase();
      if (seen.has(upper)) throw new Error(`车牌「${upper}」重复`);
      seen.add(upper);
    }
  },
};

/** The inputs of 新增集团卡 and 编辑集团卡; the figure shown follows the benefit picked. */
export function GroupCardFormInputs(_props: { record: GroupCard | undefined }) {
  const form = Form.useFormInstance();
  const benefit = Form.useWatch('benefit', form);
  const allowBind = Form.useWatch('allowBind', form);
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item label="集团" name="groupId" rules={[{ required: true, message: '请选择集团' }]}>
          <GroupSelect />
        </Form.Item>
      </Col>
      <TextField span={12} name="cardNo" label="卡号" schema={fields.cardNo} required="请输入卡号" placeholder="如 JT-0001" />
      <Col span={24}>
        <Form.Item label="优惠方式" name="benefit" rules={[{ required: true, message: '请选择优惠方式' }]}>
          <Radio.Group options={groupCardBenefits.map((b) => ({ value: b, label: groupCardBenefitNames[b] }))} />
        </Form.Item>
      </Col>
      {benefit === 'discount' && (
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
      )}
      {benefit === 'amount' && (
        <Col span={12}>
          <MoneyField name="amountOff" label="每次减免" noun="减免金额" required="请输入每次减免金额" schema={fields.amountOff} placeholder="如 5.00" />
        </Col>
      )}
      <Col span={24}>
        <Form.Item
          label="车牌"
          name="plates"
          // plates read as every plate input takes them: trimmed, upper-cased, each once
          normalize={(plates: unknown) => (Array.isArray(plates) ? [...new Set(plates.map((p) => String(p).trim().toUpperCase()).filter((p) => p !== ''))] : [])}
          extra="输入车牌后按回车，可添加多个"
          rules={[{ required: true, type: 'array', min: 1, message: '至少绑定一个车牌' }, platesRule]}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', '，', ' ']} placeholder="如 粤B12345" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="适用停车场" name="lotIds" rules={[{ required: true, type: 'array', min: 1, message: '请选择适用停车场' }]}>
          <LotMultiSelect />
        </Form.Item>
      </Col>
      <Col span={12}>
        <DateRangeField required="请选择有效期" />
      </Col>
      <Col span={12}>
        <Form.Item label="每月次数" name="monthlyQuota" extra="每自然月可优惠的次数，不填为不限" rules={[schemaRule(fields.monthlyQuota)]}>
          <InputNumber<number> style={{ width: '100%' }} placeholder="不限" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="允许车主绑定" name="allowBind" valuePropName="checked" extra="车主扫集团卡二维码可自行绑定车牌">
          <Switch checkedChildren="允许" unCheckedChildren="不允许" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          label="车牌上限"
          name="maxPlates"
          rules={[{ required: true, message: '请输入车牌上限' }, schemaRule(fields.maxPlates)]}
          extra={allowBind ? '车主最多绑定到该数量' : undefined}
        >
          <InputNumber<number> style={{ width: '100%' }} placeholder={`1-${groupCardMaxPlates}`} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <RemarkField schema={fields.remark} />
      </Col>
      <EnabledField />
    </Row>
  );
}
