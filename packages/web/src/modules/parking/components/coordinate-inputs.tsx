import { latitudeField, longitudeField } from '@parking/contract';
import { Col, Form, InputNumber } from 'antd';
import { schemaRule } from '../../../shared/resource/schema-check';

/** 经度 and 纬度 side by side, checked against the contract's ranges (no clamping: the user sees why). */
export function CoordinateInputs({ span = 12 }: { span?: number }) {
  return (
    <>
      <Col span={span}>
        <Form.Item label="经度" name="lng" rules={[schemaRule(longitudeField)]}>
          <InputNumber<number> placeholder="如 114.057868" precision={6} step={0.000001} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item label="纬度" name="lat" rules={[schemaRule(latitudeField)]}>
          <InputNumber<number> placeholder="如 22.543099" precision={6} step={0.000001} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </>
  );
}
