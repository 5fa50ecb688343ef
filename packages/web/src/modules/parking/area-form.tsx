import { parkingAreaInput, type ParkingArea } from '@parking/contract';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { EnabledField } from '../../shared/resource/fields/enabled-field';
import { RemarkField } from '../../shared/resource/fields/remark-field';
import { schemaRule } from '../../shared/resource/schema-check';
import { TextField } from '../../shared/resource/fields/text-field';
import { CoordinateInputs } from './components/coordinate-inputs';
import { UserMultiSelect } from './components/parking-selects';

const fields = parkingAreaInput.shape;

/** The inputs of 新增片区 and 编辑片区. The area API keeps no division codes, so the address is plain text. */
export function AreaFormInputs(_props: { record: ParkingArea | undefined }) {
  return (
    <Row gutter={16}>
      <TextField span={12} name="name" label="片区名称" schema={fields.name} required="请输入片区名称" />
      <TextField span={12} name="floor" label="楼层" schema={fields.floor} placeholder="如 B1、地面" />
      <TextField span={24} name="address" label="地址" schema={fields.address} />
      <CoordinateInputs />
      <Col span={12}>
        <Form.Item label="巡检员" name="inspectorIds">
          <UserMultiSelect placeholder="请选择巡检员" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="打卡范围" name="checkInRange" extra="巡检员在片区中心多少米内可以打卡" rules={[{ required: true, message: '请输入打卡范围' }, schemaRule(fields.checkInRange)]}>
          <InputNumber<number> placeholder="0-10000" suffix="米" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <RemarkField schema={fields.description} name="description" label="描述" rows={3} />
      </Col>
      <EnabledField />
    </Row>
  );
}
