import { specialBillFields, type SpecialBill, type SpecialBillInput } from '@parking/contract';
import { Col, Form, Input, Row } from 'antd';
import { yuanToFen } from '../../shared/resource/fields/money';
import { MoneyField } from '../../shared/resource/fields/money-field';
import { PlateField, plateText } from '../../shared/resource/fields/plate-field';
import { RemarkField, remarkText } from '../../shared/resource/fields/remark-field';
import { schemaRule } from '../../shared/resource/schema-check';
import { TextField } from '../../shared/resource/fields/text-field';
import { LotField } from '../parking';

const fields = specialBillFields.shape;

/** What the 特殊账单 form holds: the amount in yuan as typed. */
export type SpecialBillFormValues = { lotId: string | null; plateNumber: string; item: string; amount: string; remark: string };

export const specialBillToFormValues = (_bill: SpecialBill | undefined): SpecialBillFormValues => ({ lotId: null, plateNumber: '', item: '', amount: '', remark: '' });

const text = (value: string | undefined | null) => (value ?? '').trim();

/** The form's values → the POST body: yuan to fen, a blank plate as none, the plate upper-cased. */
export const specialBillFormBody = (values: SpecialBillFormValues): SpecialBillInput => ({
  lotId: values.lotId ?? '',
  plateNumber: plateText(values.plateNumber) || null,
  item: text(values.item),
  amount: yuanToFen(values.amount) ?? 0,
  remark: remarkText(values.remark),
});

/** The inputs of 新增特殊账单: a bill is raised once and never edited, only cancelled. */
export function SpecialBillFormInputs(_props: { record: SpecialBill | undefined }) {
  return (
    <Row gutter={16}>
      <LotField />
      <Col span={12}>
        <PlateField extra="选填" />
      </Col>
      <TextField span={12} name="item" label="收费项目" schema={fields.item} required="请输入收费项目" placeholder="如 车辆损坏赔偿、过夜服务费" />
      <Col span={12}>
        <MoneyField name="amount" label="金额" required="请输入金额" schema={fields.amount} placeholder="如 120.50" />
      </Col>
      <Col span={24}>
        <RemarkField schema={fields.remark} />
      </Col>
    </Row>
  );
}
