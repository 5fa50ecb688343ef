import { z } from 'zod';

/**
 * The window every business time must fall in, wherever it enters (device events, corrections,
 * tariff versions and trials, payment notices): a time outside it is refused with a Chinese message
 * naming the field, so no stay, tariff or payment spans centuries. The past and far-future bounds
 * are fixed and checked by the schemas; "not later than now" depends on the request's clock, so the
 * services check it with futureTimeIssue and the clock they already take.
 */
export const earliestBusinessDate = '2000-01-01';
export const latestBusinessDate = '2099-12-31';
const SHANGHAI = '+08:00';
const earliestMs = Date.parse(`${earliestBusinessDate}T00:00:00${SHANGHAI}`);
/** the first moment after the window */
const beyondLatestMs = Date.parse(`2100-01-01T00:00:00${SHANGHAI}`);

/** how far ahead of the server's clock another party's may run: a device's, a payment provider's */
export const clockAheadToleranceMs = 10 * 60_000;
/**
 * the longest stay the tariff engine prices, and so the longest a trial may ask for: its work grows
 * with the stay (a lot's 最长计费天数, at most 365, keeps real stays under it)
 */
export const maxPricedStayDays = 366;
const DAY_MS = 86_400_000;

/** The Shanghai calendar date of a moment, "YYYY-MM-DD": year 0001 stays 0001 (never 1901 or 2001). */
const shanghaiDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** Why the moment `ms` named `label` is outside the business window, or undefined when it is inside. */
export const timeWindowIssue = (label: string, ms: number): string | undefined => {
  if (Number.isNaN(ms)) return `${label}不是有效的时间`;
  if (ms < earliestMs) return `${label}（${shanghaiDay(ms)}）不能早于${earliestBusinessDate}`;
  if (ms >= beyondLatestMs) return `${label}（${shanghaiDay(ms)}）不能晚于${latestBusinessDate}`;
  return undefined;
};

/** Why `at` named `label` is later than `now` by more than `toleranceMs`, or undefined. */
export const futureTimeIssue = (label: string, at: Date, now: Date, toleranceMs = 0): string | undefined => {
  if (at.getTime() <= now.getTime() + toleranceMs) return undefined;
  return toleranceMs > 0 ? `${label}不能晚于当前时间${Math.round(toleranceMs / 60_000)}分钟以上` : `${label}不能晚于当前时间`;
};

/** Whether [from, to] is longer than `days` days. */
export const stayLongerThan = (from: Date, to: Date, days: number) => to.getTime() - from.getTime() > days * DAY_MS;

const isoExample = '2025-03-03T08:00:00+08:00';

/**
 * An ISO 8601 time with an offset (as every API time is) inside the business window. `formatError`
 * is what a malformed text is told; by default "<label>格式应为 ISO 8601，如 …".
 */
export const boundedTime = (label: string, formatError = `${label}格式应为 ISO 8601，如 ${isoExample}`) =>
  // a malformed text is told only that (abort), not also that it is no time
  z.iso.datetime({ offset: true, error: formatError, abort: true }).superRefine((text, ctx) => {
    const issue = timeWindowIssue(label, Date.parse(text));
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

/** Why a calendar date "YYYY-MM-DD" (of a tariff version) is outside the business window; a date that does not exist is its format check's to tell. */
export const dateWindowIssue = (label: string, date: string): string | undefined => {
  const ms = Date.parse(`${date}T00:00:00${SHANGHAI}`);
  return Number.isNaN(ms) ? undefined : timeWindowIssue(label, ms);
};

/**
 * A calendar date "YYYY-MM-DD" (a Shanghai day a list is filtered by, a card's first or last day)
 * inside the business window: a malformed text is told only its format.
 */
export const boundedDay = (label: string) =>
  z.iso.date({ error: `${label}格式应为YYYY-MM-DD`, abort: true }).superRefine((date, ctx) => {
    const issue = dateWindowIssue(label, date);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });
