import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { dateFormat, dayText, pickerDay } from '../../time/business-time';

/** What a date range field holds: the two picked days, or nothing. */
export type DayRange = [Dayjs, Dayjs] | null;

/** Two business days from the API → the range the picker shows; nothing when either is missing. */
export function daysToRange(from: string | null | undefined, to: string | null | undefined): DayRange {
  const [first, last] = [pickerDay(from), pickerDay(to)];
  return first && last ? [first, last] : null;
}

/** The picked range → the two YYYY-MM-DD days sent, as picked whatever the browser's zone; "" for a missing one (the server says it is required). */
export function rangeToDays(range: DayRange | undefined): { from: string; to: string } {
  const [from, to] = range ?? [];
  return { from: from ? dayText(from) : '', to: to ? dayText(to) : '' };
}

interface DateRangeFieldProps {
  name?: string;
  label?: string;
  /** the message of no range; none lets it be left empty */
  required?: string;
}

/** A range of whole days, as the validity of a card or a rental (有效期). */
export function DateRangeField({ name = 'validRange', label = '有效期', required }: DateRangeFieldProps) {
  return (
    <Form.Item label={label} name={name} rules={required ? [{ required: true, message: required }] : []}>
      <DatePicker.RangePicker format={dateFormat} placeholder={['开始日期', '结束日期']} style={{ width: '100%' }} />
    </Form.Item>
  );
}
