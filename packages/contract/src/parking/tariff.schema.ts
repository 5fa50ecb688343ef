import { z } from 'zod';
import { dateWindowIssue } from '../common/bounded-time.js';

/** A tariff 计费规则, kept in versions. Money in fen; times are Asia/Shanghai wall clock. */

const money = (what: string) =>
  z
    .number({ error: `${what}须为数字` })
    .int(`${what}以分计，须为整数`)
    .min(0, `${what}不能为负`);

const minutes = (what: string) =>
  z
    .number({ error: `${what}须为数字` })
    .int(`${what}须为整数分钟`)
    .min(0, `${what}不能为负`);

const positiveMinutes = (what: string) => minutes(what).min(1, `${what}至少 1 分钟`);

/** "HH:mm" of the wall clock; an end not after its start runs into the next day. */
export const clockTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = z.string().regex(clockTimePattern, '时间格式应为 HH:mm，例如 08:00');

/** A real calendar date "YYYY-MM-DD". */
export const tariffDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, '日期不存在');

export const clockMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** How a partial unit at the end of a stretch is billed. */
export const tariffRounding = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('up') }),
    z.object({ mode: z.literal('down') }),
    /** charged only when the leftover exceeds the threshold (e.g. 不足15分钟、超过5分钟按15分钟计) */
    z.object({ mode: z.literal('threshold'), leftoverMinutes: minutes('舍入阈值') }),
  ],
  { error: '舍入方式只能是 向上取整、向下取整 或 超过阈值计费' },
);
export type TariffRounding = z.infer<typeof tariffRounding>;

/** One tier of elapsed charged time: up to `uptoMinutes` of the segment's clock, `unitPrice` per `unitMinutes`. */
export const tariffTier = z.object({
  uptoMinutes: positiveMinutes('阶梯截止时长').nullable().default(null),
  unitMinutes: positiveMinutes('计费单位时长'),
  unitPrice: money('单价'),
  /** shown in the breakdown instead of the generated one, e.g. 首小时 */
  label: z.string().trim().max(16, '阶梯名称不能超过16个字').optional(),
});
export type TariffTier = z.infer<typeof tariffTier>;

export const tariffPricing = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('perUnit'),
      tiers: z.array(tariffTier).min(1, '至少需要一个计费阶梯'),
      rounding: tariffRounding,
    }),
    z.object({ kind: z.literal('perVisit'), price: money('按次价格') }),
  ],
  { error: '计费方式只能是 按时长 或 按次' },
);
export type TariffPricing = z.infer<typeof tariffPricing>;

export const tariffSegment = z.object({
  /** the segment's name (白天, 夜间); segments of one name share one tier clock across days */
  label: z.string().trim().min(1, '请输入时段名称').max(16, '时段名称不能超过16个字'),
  start: clockTime,
  end: clockTime,
  pricing: tariffPricing,
  /** the most one uninterrupted stretch of this segment costs (e.g. 夜间最高 10元) */
  capPerStretch: money('时段封顶').nullable().default(null),
});
export type TariffSegment = z.infer<typeof tariffSegment>;

/** Minutes of the day a segment covers, as [start, end) with end up to 48 h when it wraps. */
export const segmentSpan = (s: { start: string; end: string }): [number, number] => {
  const start = clockMinutes(s.start);
  const end = clockMinutes(s.end);
  return [start, end > start ? end : end + 1440];
};

const overlaps = (a: [number, number], b: [number, number]) => {
  // compare on a circle of 24 h: shift b by a day either side
  for (const shift of [-1440, 0, 1440]) if (a[0] < b[1] + shift && b[0] + shift < a[1]) return true;
  return false;
};

/** The segments charged on one day type; hours no segment covers are free. */
export const tariffDaySchedule = z.array(tariffSegment).superRefine((segments, ctx) => {
  segments.forEach((s, i) => {
    for (let j = 0; j < i; j++) {
      if (overlaps(segmentSpan(s), segmentSpan(segments[j]!))) {
        ctx.addIssue({ code: 'custom', path: [i, 'start'], message: `时段「${s.label}」与「${segments[j]!.label}」重叠` });
      }
    }
    const { pricing } = s;
    if (pricing.kind !== 'perUnit') return;
    let from = 0;
    pricing.tiers.forEach((t, k) => {
      const last = k === pricing.tiers.length - 1;
      if (t.uptoMinutes === null) {
        if (!last) ctx.addIssue({ code: 'custom', path: [i, 'pricing', 'tiers', k], message: '只有最后一个阶梯可以不设截止时长' });
        return;
      }
      if (last) ctx.addIssue({ code: 'custom', path: [i, 'pricing', 'tiers', k], message: '最后一个阶梯不能设截止时长' });
      if (t.uptoMinutes <= from) {
        ctx.addIssue({ code: 'custom', path: [i, 'pricing', 'tiers', k], message: '阶梯截止时长必须逐级递增' });
      } else if ((t.uptoMinutes - from) % t.unitMinutes !== 0) {
        ctx.addIssue({ code: 'custom', path: [i, 'pricing', 'tiers', k], message: '阶梯时长须为计费单位时长的整数倍' });
      }
      from = t.uptoMinutes;
    });
  });
});
export type TariffDaySchedule = z.infer<typeof tariffDaySchedule>;
export type TariffDayScheduleInput = z.input<typeof tariffDaySchedule>;

export const tariffSchedule = z.object({
  workday: tariffDaySchedule,
  nonWorkday: tariffDaySchedule,
  /** null: holidays are charged like non-workdays */
  holiday: tariffDaySchedule.nullable().default(null),
});
export type TariffSchedule = z.infer<typeof tariffSchedule>;

/** Monday to Friday are workdays unless listed as holidays; 调休 weekend days are listed as adjusted workdays. */
export const tariffCalendar = z.object({
  // a few years of holidays at most: pricing walks day by day around each listed day
  holidays: z.array(tariffDate).max(400, '节假日最多400天').default([]),
  adjustedWorkdays: z.array(tariffDate).max(200, '调休上班日最多200天').default([]),
});
export type TariffCalendar = z.infer<typeof tariffCalendar>;

/** Plate colour codes: 0 blue, 1 white, 2 yellow, 3 green, 4 black. */
export const plateColourCode = z.number().int().min(0, '车牌颜色编码为 0–4').max(4, '车牌颜色编码为 0–4');

export const vehicleSizes = ['small', 'large'] as const;
export type VehicleSize = (typeof vehicleSizes)[number];

/**
 * Caps of one segment kind, named by its label: per uninterrupted stretch, per natural day and per
 * 24 h block from entry, side by side (白天每日最高 a 元 and 夜间每日最高 b 元).
 */
export const tariffSegmentCap = z.object({
  segment: z.string().trim().min(1, '请选择封顶的时段').max(16, '时段名称不能超过16个字'),
  perStretch: money('该时段每次封顶').nullable().default(null),
  perNaturalDay: money('该时段每日封顶').nullable().default(null),
  perRolling24h: money('该时段每24小时封顶').nullable().default(null),
});
export type TariffSegmentCap = z.infer<typeof tariffSegmentCap>;

/** The most a stay costs per natural day, per 24 h block from entry, and per segment kind. */
export const tariffCaps = z.object({
  perNaturalDay: money('自然日封顶').nullable().default(null),
  perRolling24h: money('24小时封顶').nullable().default(null),
  /** the 24 h caps bind complete 24 h blocks only: the last, shorter block of a stay is charged in full */
  fullBlocksOnly: z.boolean({ error: '只封顶满24小时须为是或否' }).default(false),
  bySegment: z.array(tariffSegmentCap).default([]),
});
export type TariffCaps = z.infer<typeof tariffCaps>;
const noCaps = { perNaturalDay: null, perRolling24h: null, fullBlocksOnly: false, bySegment: [] };

/**
 * How the tier counter runs. continue: over the charged minutes of a segment kind, the whole stay;
 * restartDaily: the same, from 0 again at 00:00; fromEntry: the time since entry, charged or not
 * (a 首小时 that starts when the car arrives, even before the charging hours).
 */
export const tariffTierClock = z.enum(['continue', 'restartDaily', 'fromEntry'], {
  error: '阶梯计时只能是 连续累计、按自然日重新计 或 自入场起计',
});
export type TariffTierClock = z.infer<typeof tariffTierClock>;

/** Plates of vehicles on duty (GA 36): police 警, emergency 应急, embassy 使, consulate 领. */
export const specialPlates = ['police', 'emergency', 'embassy', 'consulate'] as const;
export type SpecialPlate = (typeof specialPlates)[number];
export const specialPlateNames: Record<SpecialPlate, string> = { police: '警车', emergency: '应急车辆', embassy: '使馆车辆', consulate: '领馆车辆' };

export const tariffVehicleClass = z.object({
  code: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_-]{0,31}$/, '车型编码须以字母开头，只含字母、数字、-、_'),
  name: z.string().trim().min(1, '请输入车型名称').max(16, '车型名称不能超过16个字'),
  /** which vehicles fall in this class; an empty field matches any */
  match: z
    .object({
      size: z.enum(vehicleSizes, { error: '车辆大小只能是 小型车 或 大型车' }).nullable().default(null),
      plateColours: z.array(plateColourCode).default([]),
      newEnergy: z.boolean().nullable().default(null),
    })
    .default({ size: null, plateColours: [], newEnergy: null }),
  /** prices and caps of the tariff times this, e.g. 2 for 大型车按小型车加倍 */
  multiplier: z.number({ error: '倍率须为数字' }).positive('倍率须大于 0').max(10, '倍率不能超过 10').default(1),
  /** the class's own rates instead of the tariff's (multiplier still applies) */
  schedule: tariffSchedule.nullable().default(null),
  /** the class's own caps in fen, instead of the tariff's caps (and its segments' capPerStretch) times the multiplier */
  caps: tariffCaps.nullable().default(null),
  /** the class's own tier counter; null: the tariff's */
  tierClock: tariffTierClock.nullable().default(null),
});
export type TariffVehicleClass = z.infer<typeof tariffVehicleClass>;

/** The rule fields of a tariff: what a version stores (name and validity live on the tariff and its version). */
const tariffRulesShape = {
  calendar: tariffCalendar.default({ holidays: [], adjustedWorkdays: [] }),
  schedule: tariffSchedule,
  vehicleClasses: z.array(tariffVehicleClass).min(1, '至少需要一个车型'),
  /** the whole stay is free when it lasts at most (inclusive) or less than (exclusive) this long */
  freePeriod: z
    .object({
      minutes: positiveMinutes('免费时长'),
      inclusive: z.boolean(),
      /** stay: judged on the whole stay; chargeable: on its minutes inside charged segments only */
      on: z.enum(['stay', 'chargeable'], { error: '免费时长只能按 停车时长 或 收费时段内时长 判断' }).default('stay'),
    })
    .nullable()
    .default(null),
  tierClock: tariffTierClock.default('continue'),
  /** afresh: every 24 h from entry is charged as a new stay (tiers and per-visit prices again) */
  over24h: z.enum(['afresh', 'continue'], { error: '超过24小时只能是 重新计费 或 连续计费' }).default('afresh'),
  caps: tariffCaps.default(noCaps),
  /** special plates that park free, by the operator's choice */
  freeSpecialPlates: z.array(z.enum(specialPlates, { error: '免费特种车辆只能是 警车、应急车辆、使馆车辆 或 领馆车辆' })).default([]),
  /** minutes after payment within which the car may leave without paying more */
  graceMinutes: minutes('缴费后免费离场时长').max(120, '缴费后免费离场时长不能超过120分钟').default(15),
};

type RulesToCheck = { schedule: TariffSchedule; caps: TariffCaps; vehicleClasses: Array<Pick<TariffVehicleClass, 'code' | 'schedule' | 'caps'>> };

const segmentLabels = (schedule: TariffSchedule) => new Set([...schedule.workday, ...schedule.nonWorkday, ...(schedule.holiday ?? [])].map((s) => s.label));

/** Class codes are unique; a segment cap names a segment of the schedule it applies to. */
const checkRules = (t: RulesToCheck, ctx: z.RefinementCtx) => {
  const codes = new Set<string>();
  const checkCaps = (caps: TariffCaps, labels: Set<string>, path: Array<string | number>) =>
    caps.bySegment.forEach((c, k) => {
      if (!labels.has(c.segment)) ctx.addIssue({ code: 'custom', path: [...path, 'bySegment', k, 'segment'], message: `封顶的时段「${c.segment}」不在收费时段中` });
    });
  checkCaps(t.caps, segmentLabels(t.schedule), ['caps']);
  t.vehicleClasses.forEach((c, i) => {
    if (codes.has(c.code)) ctx.addIssue({ code: 'custom', path: ['vehicleClasses', i, 'code'], message: `车型编码 ${c.code} 重复` });
    codes.add(c.code);
    if (c.caps) checkCaps(c.caps, segmentLabels(c.schedule ?? t.schedule), ['vehicleClasses', i, 'caps']);
  });
};

export const tariffRules = z.object(tariffRulesShape).superRefine(checkRules);
export type TariffRulesInput = z.input<typeof tariffRules>;
export type TariffRules = z.output<typeof tariffRules>;

export const tariffInput = z
  .object({
    name: z.string().trim().min(1, '请输入计费规则名称').max(50, '计费规则名称不能超过50个字'),
    version: z.number().int('版本号须为整数').min(1, '版本号从 1 开始').default(1),
    effectiveFrom: tariffDate,
    /** null: in force until replaced */
    effectiveTo: tariffDate.nullable().default(null),
    ...tariffRulesShape,
  })
  .superRefine((t, ctx) => {
    const from = dateWindowIssue('生效日期', t.effectiveFrom);
    if (from) ctx.addIssue({ code: 'custom', path: ['effectiveFrom'], message: from });
    const to = t.effectiveTo === null ? undefined : dateWindowIssue('失效日期', t.effectiveTo);
    if (to) ctx.addIssue({ code: 'custom', path: ['effectiveTo'], message: to });
    if (t.effectiveTo !== null && t.effectiveTo < t.effectiveFrom) {
      ctx.addIssue({ code: 'custom', path: ['effectiveTo'], message: '失效日期不能早于生效日期' });
    }
    checkRules(t, ctx);
  });
export type TariffInput = z.input<typeof tariffInput>;
export type Tariff = z.output<typeof tariffInput>;

export const feeLine = z.object({
  label: z.string(),
  from: z.date(),
  to: z.date(),
  minutes: z.number().int(),
  units: z.number().int(),
  amount: z.number().int(),
});
export type FeeLine = z.infer<typeof feeLine>;

export type FeeResult = {
  /** fen */
  amount: number;
  /** the vehicle class the stay was priced as */
  vehicleClass: { code: string; name: string };
  /** the lines add up to the amount; capped units show with a reduced or zero amount */
  breakdown: FeeLine[];
  /** set when nothing is charged, saying why */
  freeReason?: string;
  /** the moment charging stopped (the payment time when the car left within the grace minutes) */
  chargedUntil: Date;
};

export type FeeContext = {
  /** a vehicleClasses code of the tariff */
  vehicleClass: string;
  /** when the stay was last paid for; leaving within graceMinutes after it costs nothing more */
  paidAt?: Date;
  /** a special plate read on the vehicle; free when the tariff's freeSpecialPlates lists it */
  specialPlate?: SpecialPlate;
};
