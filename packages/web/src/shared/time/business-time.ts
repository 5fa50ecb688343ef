import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Business time: every time the console shows, picks or sends is read on the Shanghai clock, whatever the
 * browser's zone. A picker holds a "wall time": a Dayjs whose year, month, day, hour and minute are what
 * Shanghai's clock says; it is shown as those fields and sent as them with +08:00.
 */
export const businessTimeZone = 'Asia/Shanghai';
export const dateTimeFormat = 'YYYY-MM-DD HH:mm:ss';
export const dateFormat = 'YYYY-MM-DD';
const wallFormat = 'YYYY-MM-DDTHH:mm:ss';

// antd's pickers take "now" (the highlighted today, the 今天 and 此刻 buttons) as dayjs().tz() in the default
// zone: Shanghai's today and now, so they agree with the values the pickers hold.
dayjs.tz.setDefault(businessTimeZone);

/** Any time (ISO text, ms, Date, Dayjs) → its text on the Shanghai clock; "" for nothing; nonsense as it came. */
export function formatBusiness(value: unknown, format: string = dateTimeFormat): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value as string | number | Date | Dayjs);
  return parsed.isValid() ? parsed.tz(businessTimeZone).format(format) : String(value);
}

/** A wall-clock time as picked on screen, read in Shanghai → ISO with the offset: 2026-11-20T08:00:00+08:00. */
export const businessIso = (picked: Dayjs): string =>
  // dayjs reads the text of a year 0000–0099 as 1900–1999, so such a year is sent as picked (the server refuses it as itself)
  picked.year() < 100 ? `${picked.format(wallFormat)}+08:00` : dayjs.tz(picked.format(dateTimeFormat), businessTimeZone).format();

const firstYear100 = Date.parse('0100-01-01T00:00:00+08:00');
/**
 * dayjs reads the text of a year 0000–0099 as 1900–1999 or 2000–2099 (its time zones pass through such a text), so a
 * moment that far back is shown from its own Shanghai (+08:00) wall-clock parts: it stays 0001, never a date that could pass.
 */
const farPastWallTime = (ms: number): Dayjs => {
  const wall = new Date(ms + 8 * 3_600_000);
  const shown = new Date(0);
  shown.setFullYear(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
  shown.setHours(wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), 0);
  return dayjs(shown);
};

/** A moment → the wall time a picker shows for it on the Shanghai clock. */
export function wallTime(moment: string | number | Date | Dayjs): Dayjs | undefined {
  const parsed = dayjs(moment);
  if (!parsed.isValid()) return undefined;
  if (parsed.valueOf() < firstYear100) return farPastWallTime(parsed.valueOf());
  // an ISO text without offset reads as the browser's wall clock
  return dayjs(parsed.tz(businessTimeZone).format(wallFormat));
}

/** An ISO time from the API → the Shanghai wall-clock time a picker shows; undefined for nothing or nonsense. */
export const pickerTime = (iso: string | null | undefined): Dayjs | undefined => (iso ? wallTime(iso) : undefined);

/** Now on the Shanghai clock, as a picker holds it; the moment is passed in by tests. */
export const businessNow = (now: number | Date = Date.now()): Dayjs => wallTime(now)!;

/** The start of today on the Shanghai clock, as a picker holds it (a default "today" of a form or a range). */
export const businessToday = (now: number | Date = Date.now()): Dayjs => businessNow(now).startOf('day');

/** A calendar day from the API (YYYY-MM-DD) → the day a date picker shows; undefined for nothing or nonsense. */
export function pickerDay(day: string | null | undefined): Dayjs | undefined {
  const text = day?.slice(0, 10) ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  // read as the browser's midnight of that day; a day that rolls over (02-30) is nonsense
  const parsed = dayjs(`${text}T00:00:00`);
  return parsed.isValid() && parsed.format(dateFormat) === text ? parsed : undefined;
}

/** A day picked in a date picker → YYYY-MM-DD, the day as it was picked (a calendar day has no zone). */
export const dayText = (picked: Dayjs): string => picked.format(dateFormat);

/** Two picked wall times in order: a picker may hold a Shanghai-zoned "now" beside a plain wall time, so they compare by their fields. */
export const isBeforeWall = (a: Dayjs, b: Dayjs): boolean => a.format(wallFormat) < b.format(wallFormat);
