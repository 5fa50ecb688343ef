import { checkMobile, longRentalInput, sanitizeMoney, type LongRental } from '@parking/contract';
import { Col, DatePicker, Form, Input, InputNumber, Row } from 'antd';
import { EnabledField } from '../../shared/resource/fields/enabled-field';
import { checkRule, schemaCheck, schemaRule } from '../../shared/resource/schema-check';
import { dateFormat, yuanInputToFen } from '../../shared/resource/value-format';
import { LotSelect, PlateColourSelect } from './components/parking-selects';

const fields = longRentalInput.shape;
const checkPrice = schemaCheck(fields.monthlyPrice);

/** The inputs of 新增长租车位 and 编辑长租车位. */
export function LongRentalFormInputs(_props: { record: LongRental | undefined }) {
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item label="车牌号" name="plateNumber" normalize={(value: unknown) => String(value ?? '').toUpperCase()} rules={[{ required: true, whitespace: true, message: '请输入车牌号' }, schemaRule(fields.plateNumber)]}>
          <Input allowClear placeholder="如 粤B12345" maxLength={9} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="车牌颜色" name="plateColour" rules={[{ required: true, message: '请选择车牌颜色' }]}>
          <PlateColourSelect />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="停车场" name="lotId" rules={[{ required: true, message: '请选择停车场' }]}>
          <LotSelect />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="车位数" name="spaceCount" extra="不能超过停车场的长租车位数" rules={[{ required: true, message: '请输入车位数' }, schemaRule(fields.spaceCount)]}>
          <InputNumber<number> precision={0} min={1} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="车主姓名" name="ownerName" rules={[{ required: true, whitespace: true, message: '请输入车主姓名' }, schemaRule(fields.ownerName)]}>
          <Input allowClear placeholder="请输入车主姓名" maxLength={32} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="联系电话" name="phone" rules={[{ required: true, whitespace: true, message: '请输入联系电话' }, checkRule(checkMobile)]}>
          <Input allowClear placeholder="请输入手机号" maxLength={11} inputMode="numeric" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="有效期" name="validRange" rules={[{ required: true, message: '请选择有效期' }]}>
          <DatePicker.RangePicker format={dateFormat} placeholder={['开始日期', '结束日期']} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          label="月租金额"
          name="monthlyPrice"
          // money keeps 2 decimals as it is typed (spec §5)
          normalize={(value: unknown) => sanitizeMoney(String(value ?? ''))}
          rules={[{ required: true, whitespace: true, message: '请输入月租金额' }, checkRule((yuan) => checkPrice(yuanInputToFen(yuan)))]}
        >
          <Input prefix="¥" suffix="元" inputMode="decimal" placeholder="如 450.00" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="备注" name="remark" rules={[schemaRule(fields.remark)]}>
          <Input.TextArea rows={2} placeholder="请输入备注" maxLength={200} showCount />
        </Form.Item>
      </Col>
      <EnabledField />
    </Row>
  );
}
