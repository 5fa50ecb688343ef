import { formatAmount, sanitizeMoney } from '@parking/contract';
import dayjs from 'dayjs';
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
