import { Input } from 'antd';
import { useState } from 'react';
import { fenToYuanInput, yuanInputToFen } from '../../../shared/resource/value-format';

interface YuanInputProps {
  id?: string;
  /** fen, as the URL filter and the API keep it */
  value?: string;
  onChange?: (fen: string | undefined) => void;
  placeholder: string;
}

const fenText = (text: string) => {
  const fen = yuanInputToFen(text);
  return fen === null ? undefined : String(fen);
};

/** A yuan amount typed on screen, held as fen for the list query. */
export function YuanInput({ id, value, onChange, placeholder }: YuanInputProps) {
  const [text, setText] = useState(() => fenToYuanInput(value));
  // the form was reset or the URL changed: show what it holds now, not what was typed
  if (fenText(text) !== value) setText(fenToYuanInput(value));
  return (
    <Input
      id={id}
      allowClear
      suffix="元"
      inputMode="decimal"
      placeholder={placeholder}
      style={{ width: 150 }}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange?.(fenText(event.target.value));
      }}
    />
  );
}
