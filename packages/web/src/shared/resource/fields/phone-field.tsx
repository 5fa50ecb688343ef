import { checkMobile } from '@parking/contract';
import { Form, Input } from 'antd';
import { checkRule } from '../schema-check';

interface PhoneFieldProps {
  name?: string;
  label?: string;
  /** the message of a blank number; none lets it be left empty */
  required?: string;
}

/** A mainland mobile number (else "请输入正确的电话号码"); the form holds the text, sent trimmed. */
export function PhoneField({ name = 'phone', label = '联系电话', required }: PhoneFieldProps) {
  return (
    <Form.Item label={label} name={name} rules={[...(required ? [{ required: true, whitespace: true, message: required }] : []), checkRule((value) => checkMobile(value?.trim()))]}>
      <Input allowClear placeholder="请输入手机号" inputMode="numeric" autoComplete="off" />
    </Form.Item>
  );
}

/** The phone as sent: trimmed, blank as "". */
export const phoneText = (value: string | null | undefined): string => (value ?? '').trim();
