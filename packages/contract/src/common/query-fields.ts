import { z } from 'zod';

/** Fields of the console's list filters that several resources take alike. */

/** A time as filters take it: ISO 8601 with its offset. */
export const timeFilter = (label: string) => z.iso.datetime({ offset: true, error: `${label}格式应为 ISO 8601，如 2025-03-03T08:00:00+08:00` });

/** An amount in fen, a whole number from 0 up, as a query string carries it. */
export const fenFilter = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是整数（分）` })
    .int(`${label}必须是整数（分）`)
    .min(0, `${label}不能为负数`);

/** A plate as typed: trimmed, upper-case (粤b12345 finds 粤B12345), at most 16 characters. */
export const plateNumberText = z.string({ error: '车牌号必须是文字' }).trim().toUpperCase().min(1, '车牌号不能为空').max(16, '车牌号最长16位');

/** exact: the whole plate; prefix: plates starting with it (粤B…) */
export const plateMatchFilter = z.enum(['exact', 'prefix'], { error: '车牌匹配方式只能是 exact（精确）或 prefix（前缀）' }).default('exact');

/** the fields of a filter that may end a range: a time or an amount */
type RangeEnd<Query> = { [Key in keyof Query]-?: Query[Key] extends string | number | undefined ? Key : never }[keyof Query];

/** a time's moment or an amount; undefined for an end left out */
const rangeValue = (end: unknown) => (typeof end === 'string' ? Date.parse(end) : typeof end === 'number' ? end : undefined);

/**
 * Refuses a filter range whose end comes before its start, telling the end's field `message`; a
 * range with an end left out is open. Times compare as moments (their offsets may differ).
 */
export const refuseReversedRange = <Query extends object>(ctx: z.RefinementCtx, query: Query, from: RangeEnd<Query>, to: RangeEnd<Query>, message: string) => {
  const start = rangeValue(query[from]);
  const end = rangeValue(query[to]);
  if (start !== undefined && end !== undefined && end < start) ctx.addIssue({ code: 'custom', path: [to], message });
};
