import { Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { schemaRule, type FieldSchema } from '../schema-check';

/** A contract string schema, read for its length limit (a `.default('')` one through its inner schema). */
export interface TextSchema extends FieldSchema {
  maxLength?: number | null;
  unwrap?: () => unknown;
}

/** The longest text the contract takes for a field, or undefined when it sets none. */
export function schemaMaxLength(schema: TextSchema): number | undefined {
  if (typeof schema.maxLength === 'number') return schema.maxLength;
  const inner = schema.unwrap?.() as { maxLength?: number | null } | undefined;
  return typeof inner?.maxLength === 'number' ? inner.maxLength : undefined;
}

interface RemarkFieldProps {
  /** the contract's schema of the text: its length limit and messages are the server's */
  schema: TextSchema;
  name?: string;
  label?: string;
  /** the message of a blank text; none lets it be left empty */
  required?: string;
  placeholder?: string;
  rows?: number;
}

/** A free text (备注, 审核意见, 退款原因) with the contract's length limit, counted as it is typed and refused when over, never cut. */
export function RemarkField({ schema, name = 'remark', label = '备注', required, placeholder = `请输入${label}`, rows = 2 }: RemarkFieldProps) {
  const rules: FormRule[] = [...(required ? [{ required: true, whitespace: true, message: required }] : []), schemaRule(schema)];
  return (
    <Form.Item label={label} name={name} rules={rules}>
      <Input.TextArea rows={rows} placeholder={placeholder} count={{ show: true, max: schemaMaxLength(schema) }} />
    </Form.Item>
  );
}

/** A free text as sent: trimmed, blank as "". */
export const remarkText = (value: string | null | undefined): string => (value ?? '').trim();
