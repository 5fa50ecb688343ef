import { formatAmount, sanitizeMoney } from '@parking/contract';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Business times read in Shanghai whatever the browser's zone. */
export const businessTimeZone = 'Asia/Shanghai';
export const dateTimeFormat = 'YYYY-MM-DD HH:mm:ss';
export const dateFormat = 'YYYY-MM-DD';

export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value as string | number | Date);
  return parsed.isValid() ? parsed.tz(businessTimeZone).format(dateTimeFormat) : String(value);
}

/**
 * A wall-clock time as picked on screen, read in Shanghai → ISO with the offset: 2026-11-20T08:00:00+08:00.
 * dayjs reads the text of a year 0000–0099 as 1900–1999, so such a year is sent as picked (the server refuses it as itself).
 */
export const businessIso = (picked: Dayjs): string =>
  picked.year() < 100 ? `${picked.format('YYYY-MM-DDTHH:mm:ss')}+08:00` : dayjs.tz(picked.format(dateTimeFormat), businessTimeZone).format();

const firstYear100 = Date.parse('0100-01-01T00:00:00+08:00');
/**
 * dayjs reads the text of a year 0000–0099 as 1900–1999 or 2000–2099 (its time zones pass through such a text), so a
 * moment that far back is shown from its own Shanghai (+08:00) wall-clock parts: it stays 0001, never a date that could pass.
 */
const farPastPickerTime = (ms: number): Dayjs => {
  const wall = new Date(ms + 8 * 3_600_000);
  const shown = new Date(0);
  shown.setFullYear(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
  shown.setHours(wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), 0);
  return dayjs(shown);
};

/** An ISO time → the Shanghai wall-clock time a picker shows; undefined for nothing or nonsense. */
export function pickerTime(iso: string | undefined): Dayjs | undefined {
  if (!iso) return undefined;
  const parsed = dayjs(iso);
  if (!parsed.isValid()) return undefined;
  if (parsed.valueOf() < firstYear100) return farPastPickerTime(parsed.valueOf());
  // an ISO text without offset reads as the browser's wall clock
  return dayjs(parsed.tz(businessTimeZone).format('YYYY-MM-DDTHH:mm:ss'));
}

/** Fen from the API → the yuan text a money input shows: 1250 → "12.50". */
export const fenToYuanInput = (fen: unknown): string => (fen === null || fen === undefined || fen === '' ? '' : formatAmount(fen as number | string));

/** What a user typed in a money input → fen for the API: "12.5" → 1250; blank → null. */
export function yuanInputToFen(input: unknown): number | null {
  if (input === null || input === undefined) return null;
  const cleaned = sanitizeMoney(String(input));
  if (cleaned === '' || cleaned === '.') return null;
  return Math.round(Number(cleaned) * 100);
}
