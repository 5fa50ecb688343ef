import { parkingSpaceInput, parkingSpaceStateNames, parkingSpaceStates, type ParkingSpace } from '@parking/contract';
import { Col, Form, Input, Radio, Row, Select, Switch } from 'antd';
import { schemaRule } from '../../shared/resource/schema-check';
import { TextField } from '../../shared/resource/fields/text-field';
import { CoordinateInputs } from './components/coordinate-inputs';
import { LotField } from './components/parking-selects';
import { spaceTypeOptions } from './space-options';

const fields = parkingSpaceInput.shape;
const stateOptions = parkingSpaceStates.map((state) => ({ value: state, label: parkingSpaceStateNames[state] }));

/** The inputs of 新增泊位 and 编辑泊位. */
export function SpaceFormInputs(_props: { record: ParkingSpace | undefined }) {
  return (
    <Row gutter={16}>
      <LotField />
      <TextField span={12} name="number" label="泊位编号" schema={fields.number} required="请输入泊位编号" placeholder="如 A001" />
      <Col span={12}>
        <Form.Item label="泊位类型" name="type" rules={[{ required: true, message: '请选择泊位类型' }]}>
          <Select options={spaceTypeOptions} placeholder="请选择泊位类型" />
        </Form.Item>
      </Col>
      <TextField span={12} name="sensorSn" label="地磁编号" schema={fields.sensorSn} placeholder="如 GM-0001" extra="路内泊位绑定的地磁检测器" />
      <Col span={12}>
        <Form.Item label="泊位状态" name="state" rules={[{ required: true, message: '请选择泊位状态' }]}>
          <Radio.Group options={stateOptions} optionType="button" buttonStyle="solid" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="充电车位" name="charging" valuePropName="checked">
          <Switch checkedChildren="是" unCheckedChildren="否" />
        </Form.Item>
      </Col>
      <CoordinateInputs />
    </Row>
  );
}
