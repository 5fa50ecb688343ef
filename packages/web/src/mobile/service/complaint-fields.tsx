import { appealReasonNames, appealReasons, appealTextMax, complaintCategories, complaintCategoryNames, complaintTextMax, type AppealReason, type ComplaintCategory } from '@parking/contract';
import { Alert, Button, Input, Radio } from 'antd';
import './owner-complaints.css';

// the phone pages' service forms (投诉, 申诉) share these: a kind picked among a few, what happened, send or cancel

/** A few kinds with their Chinese names, two to a row on a phone. */
function KindField<K extends string>({
  label,
  kinds,
  names,
  value,
  onChange,
}: {
  label: string;
  kinds: readonly K[];
  names: Readonly<Record<K, string>>;
  value: K | undefined;
  onChange: (kind: K) => void;
}) {
  return (
    <>
      <div className="owner-field__label">{label}</div>
      <Radio.Group
        className="owner-complaint-form__categories"
        aria-label={label}
        options={kinds.map((kind) => ({ value: kind, label: names[kind] }))}
        value={value}
        onChange={(e) => onChange(e.target.value as K)}
      />
    </>
  );
}

/** 投诉类型: the eight kinds. */
export function ComplaintCategoryField({ value, onChange }: { value: ComplaintCategory | undefined; onChange: (category: ComplaintCategory) => void }) {
  return <KindField label="投诉类型" kinds={complaintCategories} names={complaintCategoryNames} value={value} onChange={onChange} />;
}

/** 申诉原因: the five reasons. */
export function AppealReasonField({ value, onChange }: { value: AppealReason | undefined; onChange: (reason: AppealReason) => void }) {
  return <KindField label="申诉原因" kinds={appealReasons} names={appealReasonNames} value={value} onChange={onChange} />;
}

interface TextProps {
  value: string;
  onChange: (content: string) => void;
  rows: number;
  placeholder: string;
}

/** A long text with the contract's limit as a counter. */
function LongTextField({ label, max, value, onChange, rows, placeholder }: TextProps & { label: string; max: number }) {
  return (
    <>
      <div className="owner-field__label">{label}</div>
      <Input.TextArea rows={rows} aria-label={label} placeholder={placeholder} count={{ show: true, max }} value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}

/** 投诉内容 */
export function ComplaintContentField(props: TextProps) {
  return <LongTextField label="投诉内容" max={complaintTextMax} {...props} />;
}

/** 申诉说明 */
export function AppealContentField(props: TextProps) {
  return <LongTextField label="申诉说明" max={appealTextMax} {...props} />;
}

/** What refused the form, then the send button (提交投诉, 提交申诉) and 取消. */
export function ServiceFormActions({
  submitLabel,
  error,
  sending,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  error: string | undefined;
  sending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      {error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} />}
      <Button type="primary" block size="large" style={{ marginTop: 16 }} loading={sending} onClick={onSubmit}>
        {submitLabel}
      </Button>
      <Button block size="large" style={{ marginTop: 8 }} onClick={onCancel}>
        取消
      </Button>
    </>
  );
}
