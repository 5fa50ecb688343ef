import { formatAmount, sanitizeMoney } from '@parking/contract';
import { formatBusiness } from '../time/business-time';

// the business-time helpers as the resource pages have always imported them
export { businessIso, businessTimeZone, dateFormat, dateTimeFormat, pickerTime } from '../time/business-time';

/** A time from the API → its text on the Shanghai clock; "" for nothing. */
export const formatDateTime = (value: unknown): string => formatBusiness(value);

/** Fen from the API → the yuan text a money input shows: 1250 → "12.50". */
export const fenToYuanInput = (fen: unknown): string => (fen === null || fen === undefined || fen === '' ? '' : formatAmount(fen as number | string));

/** What a user typed in a money input → fen for the API: "12.5" → 1250; blank → null. */
export function yuanInputToFen(input: unknown): number | null {
  if (input === null || input === undefined) return null;
  const cleaned = sanitizeMoney(String(input));
  if (cleaned === '' || cleaned === '.') return null;
  return Math.round(Number(cleaned) * 100);
}
