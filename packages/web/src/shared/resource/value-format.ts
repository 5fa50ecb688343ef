import { formatAmount, sanitizeMoney } from '@parking/contract';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Business times read in Shanghai whatever the browser's zone (DESIGN §2). */
export const businessTimeZone = 'Asia/Shanghai';
export const dateTimeFormat = 'YYYY-MM-DD HH:mm:ss';
export const dateFormat = 'YYYY-MM-DD';

export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value as string | number | Date);
  return parsed.isValid() ? parsed.tz(businessTimeZone).format(dateTimeFormat) : String(value);
}

/** A wall-clock time as picked on screen, read in Shanghai → ISO with the offset: 2026-11-20T08:00:00+08:00. */
export const businessIso = (picked: Dayjs): string => dayjs.tz(picked.format(dateTimeFormat), businessTimeZone).format();

/** An ISO time → the Shanghai wall-clock time a picker shows; undefined for nothing or nonsense. */
export function pickerTime(iso: string | undefined): Dayjs | undefined {
  if (!iso) return undefined;
  const parsed = dayjs(iso);
  // an ISO text without offset reads as the browser's wall clock
  return parsed.isValid() ? dayjs(parsed.tz(businessTimeZone).format('YYYY-MM-DDTHH:mm:ss')) : undefined;
}

/** Fen from the API → the yuan text a money input shows: 1250 → "12.50". */
export const fenToYuanInput = (fen: unknown): string =>
  fen === null || fen === undefined || fen === '' ? '' : formatAmount(fen as number | string);

/** What a user typed in a money input → fen for the API: "12.5" → 1250; blank → null. */
export function yuanInputToFen(input: unknown): number | null {
  if (input === null || input === undefined) return null;
  const cleaned = sanitizeMoney(String(input));
  if (cleaned === '' || cleaned === '.') return null;
  return Math.round(Number(cleaned) * 100);
}
