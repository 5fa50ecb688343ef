import { Form, Input } from 'antd';
import type { FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { fenToYuan, moneyProblem, yuanToFen, type MoneyCheck } from './money';

interface MoneyFieldProps extends Partial<MoneyCheck> {
  name: string;
  label: string;
  /** the message of a blank amount; none lets it be left empty */
  required?: string;
  placeholder?: string;
  extra?: ReactNode;
}

/**
 * An amount in yuan as typed (the form holds the text; fenToYuan/yuanToFen convert at the edges).
 * What is typed stays as typed: a bad amount is an error under the field, never rounded away.
 */
export function MoneyField({ name, label, required, placeholder = '如 12.50', extra, noun = label, schema, min, max }: MoneyFieldProps) {
  const rules: FormRule[] = [
    ...(required ? [{ required: true, whitespace: true, message: required }] : []),
    {
      validator: async (_rule, value: unknown) => {
        const problem = moneyProblem(value, { noun, schema, min, max });
        if (problem) throw new Error(problem);
      },
    },
  ];
  return (
    <Form.Item label={label} name={name} rules={rules} extra={extra}>
      <Input prefix="¥" suffix="元" inputMode="decimal" placeholder={placeholder} autoComplete="off" />
    </Form.Item>
  );
}

interface MoneyFilterInputProps {
  id?: string;
  /** fen, as the URL filter and the API keep it */
  value?: string;
  onChange?: (fen: string | undefined) => void;
  placeholder: string;
}

const fenText = (text: string) => {
  const fen = yuanToFen(text);
  return fen === null || Number.isNaN(fen) ? undefined : String(fen);
};

/**
 * A yuan amount typed in a search form, held as fen for the list query. A bad amount filters
 * nothing and the input turns red with why, rather than searching for a rounded amount.
 */
export function MoneyFilterInput({ id, value, onChange, placeholder }: MoneyFilterInputProps) {
  const [text, setText] = useState(() => fenToYuan(value));
  // the form was reset or the URL changed: show what it holds now, not what was typed
  if (fenText(text) !== value && !(value === undefined && moneyProblem(text, { noun: '金额' }))) setText(fenToYuan(value));
  const problem = moneyProblem(text, { noun: '金额' });
  return (
    <Input
      id={id}
      allowClear
      suffix="元"
      inputMode="decimal"
      placeholder={placeholder}
      style={{ width: 150 }}
      value={text}
      status={problem ? 'error' : undefined}
      title={problem}
      aria-invalid={problem ? true : undefined}
      onChange={(event) => {
        setText(event.target.value);
        onChange?.(fenText(event.target.value));
      }}
    />
  );
}
