import { z } from 'zod';

/** What a lot does when a plate already inside enters again: keep the open stay, or close it as abnormal and open a new one. */
export const duplicateEntryRules = ['re-open', 'close-old-abnormal'] as const;
export type DuplicateEntryRule = (typeof duplicateEntryRules)[number];

/** What a lot does when a car leaves with no entry on record. */
export const exitWithoutEntryRules = ['charge-first-period', 'free', 'hold'] as const;
export type ExitWithoutEntryRule = (typeof exitWithoutEntryRules)[number];

/** What a lot does when a blacklisted plate arrives: raise a warning and let it in, or keep the barrier shut. */
export const blacklistEntryRules = ['warn', 'refuse'] as const;
export type BlacklistEntryRule = (typeof blacklistEntryRules)[number];

/** What a lot does when a plate comes back within the grace minutes of a paid stay: go on with that stay, or start a new one. */
export const graceReentryRules = ['continue', 'new-stay'] as const;
export type GraceReentryRule = (typeof graceReentryRules)[number];

/**
 * A lot's rules for the edge cases of vehicle events (parking_lots.event_rules); every field has a
 * default, so an empty object (a lot never configured) reads as the defaults.
 */
export const lotEventRules = z.object({
  duplicateEntry: z.enum(duplicateEntryRules, { error: '重复入场处理方式只能是 re-open（沿用在场记录）或 close-old-abnormal（异常关闭旧记录）' }).default('close-old-abnormal'),
  exitWithoutEntry: z
    .enum(exitWithoutEntryRules, { error: '无入场出场处理方式只能是 charge-first-period（收首时段费）、free（免费放行）或 hold（待人工处理）' })
    .default('charge-first-period'),
  /** what the first period is when a car leaves with no entry on record */
  firstPeriodMinutes: z.number({ error: '首时段分钟数必须是整数' }).int('首时段分钟数必须是整数').min(1, '首时段最短1分钟').max(1440, '首时段最长1440分钟').default(60),
  /** a plate read below this confidence marks the record abnormal */
  minConfidence: z.number({ error: '最低识别置信度必须是0到1之间的数' }).min(0, '最低识别置信度不能小于0').max(1, '最低识别置信度不能大于1').default(0.8),
  /** a stay longer than this is a long stay */
  longStayHours: z
    .number({ error: '超长停车小时数必须是整数' })
    .int('超长停车小时数必须是整数')
    .min(1, '超长停车至少1小时')
    .max(24 * 365, '超长停车最多8760小时')
    .default(72),
  /** a stay longer than this many days is priced as if it lasted this long, and raises 超长停车 */
  maxStayDays: z.number({ error: '最长计费天数必须是整数' }).int('最长计费天数必须是整数').min(1, '最长计费天数至少1天').max(365, '最长计费天数最多365天').default(90),
  /**
   * A plate on the 黑白名单 as black, in force at the lot: refuse (the default, the list means it) keeps the
   * barrier shut at entry and at exit, and raises 黑名单车辆入场; warn is the lot's own choice to raise the
   * warning and let the car pass as any other.
   */
  blacklistEntry: z.enum(blacklistEntryRules, { error: '黑名单车辆入场处理方式只能是 warn（预警放行）或 refuse（拒绝入场）' }).default('refuse'),
  /** continue: a plate back within the grace minutes of its paid stay goes on with that stay; new-stay: it starts another */
  graceReentry: z.enum(graceReentryRules, { error: '缴费后免费时段内再次入场只能是 continue（续用原订单）或 new-stay（新开订单）' }).default('new-stay'),
  /** at a lane lot, a record still awaiting payment this long after its exit has left without paying (欠费) */
  arrearsAfterMinutes: z.number({ error: '转欠费分钟数必须是整数' }).int('转欠费分钟数必须是整数').min(1, '转欠费至少1分钟').max(1440, '转欠费最多1440分钟').default(30),
});
export type LotEventRules = z.output<typeof lotEventRules>;
export type LotEventRulesInput = z.input<typeof lotEventRules>;

/** A lot's stored rules as the engine reads them: missing or unreadable fields fall back to the defaults. */
export const eventRulesOf = (stored: unknown): LotEventRules => {
  const parsed = lotEventRules.safeParse(stored ?? {});
  return parsed.success ? parsed.data : lotEventRules.parse({});
};
