import { Col, Form, Switch } from 'antd';

/** 状态 in a create/edit form: the 启用/停用 switch every resource with an enabled flag has. */
export function EnabledField({ span = 12 }: { span?: number }) {
  return (
    <Col span={span}>
      <Form.Item label="状态" name="enabled" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="停用" />
      </Form.Item>
    </Col>
  );
}
