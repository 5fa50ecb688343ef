import { Col, Form, Input } from 'antd';
import type { FormRule } from 'antd';
import type { ReactNode } from 'react';
import { schemaRule } from '../schema-check';
import { schemaMaxLength, type TextSchema } from './remark-field';

interface TextFieldProps {
  name: string;
  label: string;
  /** the contract's schema of the text: its length limit and messages are the server's */
  schema: TextSchema;
  /** the message of a blank text; none lets it be left empty */
  required?: string;
  placeholder?: string;
  extra?: ReactNode;
  /** the grid column it takes in a two-column form (12 or 24); none leaves the layout to the caller */
  span?: number;
}

/**
 * A one-line text (a name, a contact, a floor) with the contract's rules: a blank said once by
 * `required`, the server's own message for anything else, and the length limit shown as a counter
 * instead of cutting what is typed or pasted.
 */
export function TextField({ name, label, schema, required, placeholder = `请输入${label}`, extra, span }: TextFieldProps) {
  const rules: FormRule[] = [...(required ? [{ required: true, whitespace: true, message: required }] : []), schemaRule(schema)];
  const limit = schemaMaxLength(schema);
  const field = (
    <Form.Item label={label} name={name} rules={rules} extra={extra}>
      <Input allowClear placeholder={placeholder} count={limit === undefined ? undefined : { show: true, max: limit }} />
    </Form.Item>
  );
  return span === undefined ? field : <Col span={span}>{field}</Col>;
}

/** A one-line text as sent: trimmed, blank as "". */
export const lineText = (value: string | null | undefined): string => (value ?? '').trim();
