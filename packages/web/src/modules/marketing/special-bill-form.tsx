import { groupCardPlate, sanitizeMoney, specialBillFields, type SpecialBill, type SpecialBillInput } from '@parking/contract';
import { Col, Form, Input, Row } from 'antd';
import { checkRule, schemaCheck, schemaRule } from '../../shared/resource/schema-check';
import { yuanInputToFen } from '../../shared/resource/value-format';
import { LotSelect } from '../parking/components/parking-selects';

const fields = specialBillFields.shape;
const checkAmount = schemaCheck(fields.amount);

/** What the 特殊账单 form holds: the amount in yuan as typed. */
export type SpecialBillFormValues = { lotId: string | null; plateNumber: string; item: string; amount: string; remark: string };

export const specialBillToFormValues = (_bill: SpecialBill | undefined): SpecialBillFormValues => ({ lotId: null, plateNumber: '', item: '', amount: '', remark: '' });

const text = (value: string | undefined | null) => (value ?? '').trim();

/** The form's values → the POST body: yuan to fen, a blank plate as none, the plate upper-cased. */
export const specialBillFormBody = (values: SpecialBillFormValues): SpecialBillInput => ({
  lotId: values.lotId ?? '',
  plateNumber: text(values.plateNumber).toUpperCase() || null,
  item: text(values.item),
  amount: yuanInputToFen(values.amount) ?? 0,
  remark: text(values.remark),
});

/** The inputs of 新增特殊账单: a bill is raised once and never edited, only cancelled. */
export function SpecialBillFormInputs(_props: { record: SpecialBill | undefined }) {
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item label="停车场" name="lotId" rules={[{ required: true, message: '请选择停车场' }]}>
          <LotSelect />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="车牌号" name="plateNumber" normalize={(value: unknown) => String(value ?? '').toUpperCase()} rules={[schemaRule(groupCardPlate)]} extra="选填">
          <Input allowClear placeholder="如 粤B12345" maxLength={9} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="收费项目" name="item" rules={[{ required: true, whitespace: true, message: '请输入收费项目' }, schemaRule(fields.item)]}>
          <Input allowClear placeholder="如 车辆损坏赔偿、过夜服务费" maxLength={64} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          label="金额"
          name="amount"
          normalize={(value: unknown) => sanitizeMoney(String(value ?? ''))}
          rules={[{ required: true, whitespace: true, message: '请输入金额' }, checkRule((yuan) => checkAmount(yuanInputToFen(yuan)))]}
        >
          <Input prefix="¥" suffix="元" inputMode="decimal" placeholder="如 120.50" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="备注" name="remark" rules={[schemaRule(fields.remark)]}>
          <Input.TextArea rows={2} placeholder="请输入备注" maxLength={200} showCount />
        </Form.Item>
      </Col>
    </Row>
  );
}
