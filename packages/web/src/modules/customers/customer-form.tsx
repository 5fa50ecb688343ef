import { customerInput, type CustomerInput } from '@parking/contract';
import { Col, Row } from 'antd';
import { PhoneField, phoneText } from '../../shared/resource/fields/phone-field';
import { lineText, TextField } from '../../shared/resource/fields/text-field';

/** What the 新增车主 form holds. */
export type CustomerFormValues = { phone: string; nickname: string };

export const customerToFormValues = (): CustomerFormValues => ({ phone: '', nickname: '' });

export const customerFormBody = (values: CustomerFormValues): CustomerInput => ({ phone: phoneText(values.phone), nickname: lineText(values.nickname) });

/** The inputs of 新增车主: staff register an owner by phone; the source is 后台. */
export function CustomerFormInputs() {
  return (
    <Row gutter={16}>
      <Col span={12}>
        <PhoneField label="手机号" required="请输入手机号" />
      </Col>
      <TextField span={12} name="nickname" label="昵称" schema={customerInput.shape.nickname} />
    </Row>
  );
}
