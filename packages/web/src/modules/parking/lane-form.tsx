import { parkingLaneDirectionNames, parkingLaneDirections, parkingLaneInput, type ParkingLane } from '@parking/contract';
import { Col, Form, Input, InputNumber, Radio, Row, Switch } from 'antd';
import { EnabledField } from '../../shared/resource/fields/enabled-field';
import { schemaRule } from '../../shared/resource/schema-check';
import { TextField } from '../../shared/resource/fields/text-field';
import { LotField } from './components/parking-selects';

const fields = parkingLaneInput.shape;
const directionOptions = parkingLaneDirections.map((direction) => ({ value: direction, label: parkingLaneDirectionNames[direction] }));

/** The inputs of 新增车道 and 编辑车道; only lane-based lots have lanes. */
export function LaneFormInputs(_props: { record: ParkingLane | undefined }) {
  return (
    <Row gutter={16}>
      <LotField kind="lane" extra="只有车道型停车场有车道" />
      <TextField span={12} name="name" label="车道名称" schema={fields.name} required="请输入车道名称" placeholder="如 1号入口" />
      <Col span={12}>
        <Form.Item label="方向" name="direction" rules={[{ required: true, message: '请选择方向' }]}>
          <Radio.Group options={directionOptions} optionType="button" buttonStyle="solid" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="排序" name="sortCode" rules={[schemaRule(fields.sortCode)]}>
          <InputNumber<number> placeholder="0-99999" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="缴费后自动放行" name="releaseAfterPayment" valuePropName="checked" extra="出口缴费成功后道闸自动抬杆">
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
      </Col>
      <EnabledField />
    </Row>
  );
}
