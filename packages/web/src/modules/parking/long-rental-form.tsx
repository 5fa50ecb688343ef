import { longRentalInput, type LongRental } from '@parking/contract';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { DateRangeField } from '../../shared/resource/fields/date-range-field';
import { EnabledField } from '../../shared/resource/fields/enabled-field';
import { MoneyField } from '../../shared/resource/fields/money-field';
import { PhoneField } from '../../shared/resource/fields/phone-field';
import { PlateColourField, PlateField } from '../../shared/resource/fields/plate-field';
import { RemarkField } from '../../shared/resource/fields/remark-field';
import { schemaRule } from '../../shared/resource/schema-check';
import { TextField } from '../../shared/resource/fields/text-field';
import { LotField } from './components/parking-selects';

const fields = longRentalInput.shape;

/** The inputs of 新增长租车位 and 编辑长租车位. */
export function LongRentalFormInputs(_props: { record: LongRental | undefined }) {
  return (
    <Row gutter={16}>
      <Col span={12}>
        <PlateField required="请输入车牌号" />
      </Col>
      <Col span={12}>
        <PlateColourField required="请选择车牌颜色" />
      </Col>
      <LotField />
      <Col span={12}>
        <Form.Item label="车位数" name="spaceCount" extra="不能超过停车场的长租车位数" rules={[{ required: true, message: '请输入车位数' }, schemaRule(fields.spaceCount)]}>
          <InputNumber<number> style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <TextField span={12} name="ownerName" label="车主姓名" schema={fields.ownerName} required="请输入车主姓名" />
      <Col span={12}>
        <PhoneField required="请输入联系电话" />
      </Col>
      <Col span={12}>
        <DateRangeField required="请选择有效期" />
      </Col>
      <Col span={12}>
        <MoneyField name="monthlyPrice" label="月租金额" required="请输入月租金额" schema={fields.monthlyPrice} placeholder="如 450.00" />
      </Col>
      <Col span={24}>
        <RemarkField schema={fields.remark} />
      </Col>
      <EnabledField />
    </Row>
  );
}
