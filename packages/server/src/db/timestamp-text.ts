import { PgTimestamp } from 'drizzle-orm/pg-core';

// PostgreSQL's text of a timestamp: "0001-01-01 04:00:00+00", "2025-03-03 08:00:00.123456+08", to_jsonb's
// "2025-03-03T00:00:00+00:00", an offset with seconds from a zone's local mean time, " BC" for years before 1
const timestampText = /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?( BC)?$/;

/**
 * The moment PostgreSQL's text of a timestamp names. Date's own parser reads "0001-01-01 04:00:00+00"
 * as 2001 and "0099-…" as 1999, and so did drizzle: a year 0001–0099 must stay itself, so a stay
 * stored that far back is refused as what it is, never priced as another date.
 */
export const parseTimestampText = (text: string): Date => {
  const parts = timestampText.exec(text);
  if (!parts) return new Date(text);
  const [, year, month, day, hours, minutes, seconds, fraction = '', utc, sign, offsetHours = '0', offsetMinutes = '0', offsetSeconds = '0', bc] = parts;
  const moment = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps the years 0–99
  moment.setUTCFullYear(bc ? 1 - Number(year) : Number(year), Number(month) - 1, Number(day));
  moment.setUTCHours(Number(hours), Number(minutes), Number(seconds), Number(fraction.padEnd(3, '0').slice(0, 3)));
  const offsetMs = utc || !sign ? 0 : (sign === '-' ? -1 : 1) * ((Number(offsetHours) * 60 + Number(offsetMinutes)) * 60 + Number(offsetSeconds)) * 1000;
  return new Date(moment.getTime() - offsetMs);
};

/** drizzle's timestamp columns read their text through parseTimestampText; imported once by db/client.ts, before any query. */
PgTimestamp.prototype.mapFromDriverValue = function mapFromDriverValue(this: { withTimezone: boolean }, value: Date | string): Date {
  if (typeof value !== 'string') return value;
  return parseTimestampText(this.withTimezone ? value : `${value}+0000`);
};
