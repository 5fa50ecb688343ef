import { DatePicker } from 'antd';
import dayjs from 'dayjs';

const monthFormat = 'YYYY-MM';

/** A month picked in a search form, held as the query's YYYY-MM. */
export function MonthInput({ id, value, onChange }: { id?: string; value?: string; onChange?: (month: string | undefined) => void }) {
  const picked = value && /^\d{4}-\d{2}$/.test(value) ? dayjs(`${value}-01T00:00:00`) : undefined;
  return (
    <DatePicker
      id={id}
      picker="month"
      format={monthFormat}
      allowClear={false}
      value={picked}
      onChange={(month) => onChange?.(month ? month.format(monthFormat) : undefined)}
      placeholder="请选择月份"
    />
  );
}
