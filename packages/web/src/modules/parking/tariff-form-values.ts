import {
  type SpecialPlate,
  type TariffCaps,
  type TariffDaySchedule,
  type TariffRules,
  type TariffRulesInput,
  type TariffSchedule,
  type TariffSegment,
  type TariffTierClock,
  type TariffVehicleClass,
} from '@parking/contract';

/**
 * The 计费规则 editor's form: the whole rule model as people fill it in, money in 元 and durations in
 * minutes. Blank numbers are null; the contract's schema says what is wrong once they are converted.
 */
export interface TierForm {
  /** ignored on the last tier, which runs on without limit (不限) */
  uptoMinutes: number | null;
  unitMinutes: number | null;
  unitPriceYuan: number | null;
  label?: string | undefined;
}

export type RoundingMode = 'up' | 'down' | 'threshold';

export interface PricingForm {
  kind: 'perUnit' | 'perVisit';
  /** kept while 按次 is picked, so switching back loses nothing */
  tiers: TierForm[];
  rounding: { mode: RoundingMode; leftoverMinutes: number | null };
  priceYuan: number | null;
}

export interface SegmentForm {
  label: string;
  /** "HH:mm"; an end not after the start runs into the next day (跨夜) */
  start: string;
  end: string;
  pricing: PricingForm;
  capPerStretchYuan: number | null;
}

export type DayType = 'workday' | 'nonWorkday' | 'holiday';

export interface ScheduleForm {
  workday: SegmentForm[];
  /** sameAsWorkday: non-workdays are charged like workdays (the common case, kept short) */
  nonWorkdayMode: 'sameAsWorkday' | 'own';
  nonWorkday: SegmentForm[];
  /** sameAsNonWorkday: the rules' holiday null */
  holidayMode: 'sameAsNonWorkday' | 'own';
  holiday: SegmentForm[];
}

export interface SegmentCapForm {
  segment: string;
  perStretchYuan: number | null;
  perNaturalDayYuan: number | null;
  perRolling24hYuan: number | null;
}

export interface CapsForm {
  perNaturalDayYuan: number | null;
  perRolling24hYuan: number | null;
  fullBlocksOnly: boolean;
  bySegment: SegmentCapForm[];
}

export type Choice = 'any' | 'yes' | 'no';

export interface VehicleClassForm {
  code: string;
  name: string;
  match: { size: 'any' | 'small' | 'large'; plateColours: number[]; newEnergy: Choice };
  multiplier: number | null;
  ownSchedule: boolean;
  /** the class's own rates when ownSchedule; a placeholder otherwise */
  schedule: ScheduleForm;
  ownCaps: boolean;
  caps: CapsForm;
  /** inherit: the tariff's tier clock */
  tierClock: TariffTierClock | 'inherit';
}

export interface TariffRulesForm {
  schedule: ScheduleForm;
  calendar: { holidays: string[]; adjustedWorkdays: string[] };
  vehicleClasses: VehicleClassForm[];
  freePeriod: { enabled: boolean; minutes: number | null; inclusive: boolean; on: 'stay' | 'chargeable' };
  tierClock: TariffTierClock;
  over24h: 'afresh' | 'continue';
  caps: CapsForm;
  freeSpecialPlates: SpecialPlate[];
  graceMinutes: number | null;
}

/** 元 → 分, avoiding float noise (2.35 → 235). */
export const toFen = (yuan: number) => Math.round(yuan * 100);
/** 分 → 元 */
export const toYuan = (fen: number) => fen / 100;
/** "16.00" */
export const yuanText = (fen: number) => (fen / 100).toFixed(2);

/** a blank required number reaches the schema as NaN, which it refuses as 须为数字 */
const required = (n: number | null | undefined) => n ?? Number.NaN;
const fen = (yuan: number | null | undefined) => toFen(required(yuan));
const fenOrNull = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? null : toFen(yuan));
const yuanOrNull = (amount: number | null) => (amount === null ? null : toYuan(amount));

export const newTier = (): TierForm => ({ uptoMinutes: null, unitMinutes: 30, unitPriceYuan: 2 });

export const newSegment = (label = '白天', start = '08:00', end = '20:00'): SegmentForm => ({
  label,
  start,
  end,
  pricing: { kind: 'perUnit', tiers: [newTier()], rounding: { mode: 'up', leftoverMinutes: null }, priceYuan: null },
  capPerStretchYuan: null,
});

export const emptyCaps = (): CapsForm => ({ perNaturalDayYuan: null, perRolling24hYuan: null, fullBlocksOnly: false, bySegment: [] });
export const emptySchedule = (): ScheduleForm => ({ workday: [], nonWorkdayMode: 'sameAsWorkday', nonWorkday: [], holidayMode: 'sameAsNonWorkday', holiday: [] });

export const newVehicleClass = (index: number): VehicleClassForm => ({
  code: `class${index + 1}`,
  name: '',
  match: { size: 'any', plateColours: [], newEnergy: 'any' },
  multiplier: 1,
  ownSchedule: false,
  schedule: emptySchedule(),
  ownCaps: false,
  caps: emptyCaps(),
  tierClock: 'inherit',
});

/** A new tariff: 白天 08:00–20:00 at 2元 per 30 minutes, 15 minutes free, 大型车 twice the price. */
export const defaultRulesForm = (): TariffRulesForm => ({
  schedule: { ...emptySchedule(), workday: [newSegment()] },
  calendar: { holidays: [], adjustedWorkdays: [] },
  vehicleClasses: [
    { ...newVehicleClass(0), code: 'small', name: '小型车', match: { size: 'small', plateColours: [], newEnergy: 'any' } },
    { ...newVehicleClass(1), code: 'large', name: '大型车', match: { size: 'large', plateColours: [], newEnergy: 'any' }, multiplier: 2 },
  ],
  freePeriod: { enabled: true, minutes: 15, inclusive: true, on: 'stay' },
  tierClock: 'continue',
  over24h: 'continue',
  caps: emptyCaps(),
  freeSpecialPlates: [],
  graceMinutes: 15,
});

// ---- form → rules

const segmentRules = (s: SegmentForm): TariffSegment => {
  const { pricing } = s;
  const last = pricing.tiers.length - 1;
  const label = s.label ?? '';
  return {
    label,
    start: s.start ?? '',
    end: s.end ?? '',
    pricing:
      pricing.kind === 'perVisit'
        ? { kind: 'perVisit', price: fen(pricing.priceYuan) }
        : {
            kind: 'perUnit',
            tiers: pricing.tiers.map((t, k) => ({
              uptoMinutes: k === last ? null : (t.uptoMinutes ?? null),
              unitMinutes: required(t.unitMinutes),
              unitPrice: fen(t.unitPriceYuan),
              ...(t.label?.trim() ? { label: t.label.trim() } : {}),
            })),
            rounding: pricing.rounding.mode === 'threshold' ? { mode: 'threshold', leftoverMinutes: required(pricing.rounding.leftoverMinutes) } : { mode: pricing.rounding.mode },
          },
    capPerStretch: fenOrNull(s.capPerStretchYuan),
  };
};

const scheduleRules = (f: ScheduleForm): TariffSchedule => {
  const workday = f.workday.map(segmentRules);
  const nonWorkday = f.nonWorkdayMode === 'sameAsWorkday' ? workday : f.nonWorkday.map(segmentRules);
  return { workday, nonWorkday, holiday: f.holidayMode === 'own' ? f.holiday.map(segmentRules) : null };
};

const capsRules = (f: CapsForm): TariffCaps => ({
  perNaturalDay: fenOrNull(f.perNaturalDayYuan),
  perRolling24h: fenOrNull(f.perRolling24hYuan),
  fullBlocksOnly: f.fullBlocksOnly,
  bySegment: f.bySegment.map((c) => ({
    segment: c.segment ?? '',
    perStretch: fenOrNull(c.perStretchYuan),
    perNaturalDay: fenOrNull(c.perNaturalDayYuan),
    perRolling24h: fenOrNull(c.perRolling24hYuan),
  })),
});

const choiceRules = (c: Choice) => (c === 'any' ? null : c === 'yes');

const classRules = (c: VehicleClassForm): TariffVehicleClass => ({
  code: c.code ?? '',
  name: c.name ?? '',
  match: { size: c.match.size === 'any' ? null : c.match.size, plateColours: [...c.match.plateColours], newEnergy: choiceRules(c.match.newEnergy) },
  multiplier: required(c.multiplier),
  schedule: c.ownSchedule ? scheduleRules(c.schedule) : null,
  caps: c.ownCaps ? capsRules(c.caps) : null,
  tierClock: c.tierClock === 'inherit' ? null : c.tierClock,
});

/** The rules the form says, in fen; unchecked (tariffRules says what is wrong). */
export const rulesFromForm = (f: TariffRulesForm): TariffRulesInput => ({
  calendar: { holidays: [...f.calendar.holidays], adjustedWorkdays: [...f.calendar.adjustedWorkdays] },
  schedule: scheduleRules(f.schedule),
  vehicleClasses: f.vehicleClasses.map(classRules),
  freePeriod: f.freePeriod.enabled ? { minutes: required(f.freePeriod.minutes), inclusive: f.freePeriod.inclusive, on: f.freePeriod.on } : null,
  tierClock: f.tierClock,
  over24h: f.over24h,
  caps: capsRules(f.caps),
  freeSpecialPlates: [...f.freeSpecialPlates],
  graceMinutes: required(f.graceMinutes),
});

// ---- rules → form

const segmentForm = (s: TariffSegment): SegmentForm => {
  const { pricing } = s;
  const base = newSegment(s.label, s.start, s.end);
  return {
    ...base,
    pricing:
      pricing.kind === 'perVisit'
        ? { ...base.pricing, kind: 'perVisit', priceYuan: toYuan(pricing.price) }
        : {
            kind: 'perUnit',
            tiers: pricing.tiers.map((t) => ({
              uptoMinutes: t.uptoMinutes,
              unitMinutes: t.unitMinutes,
              unitPriceYuan: toYuan(t.unitPrice),
              ...(t.label === undefined ? {} : { label: t.label }),
            })),
            rounding: { mode: pricing.rounding.mode, leftoverMinutes: pricing.rounding.mode === 'threshold' ? pricing.rounding.leftoverMinutes : null },
            priceYuan: null,
          },
    capPerStretchYuan: yuanOrNull(s.capPerStretch),
  };
};

const sameDay = (a: TariffDaySchedule, b: TariffDaySchedule) => JSON.stringify(a) === JSON.stringify(b);

const scheduleForm = (s: TariffSchedule): ScheduleForm => {
  const nonWorkdaySame = sameDay(s.workday, s.nonWorkday);
  return {
    workday: s.workday.map(segmentForm),
    nonWorkdayMode: nonWorkdaySame ? 'sameAsWorkday' : 'own',
    nonWorkday: nonWorkdaySame ? [] : s.nonWorkday.map(segmentForm),
    holidayMode: s.holiday === null ? 'sameAsNonWorkday' : 'own',
    holiday: (s.holiday ?? []).map(segmentForm),
  };
};

const capsForm = (c: TariffCaps): CapsForm => ({
  perNaturalDayYuan: yuanOrNull(c.perNaturalDay),
  perRolling24hYuan: yuanOrNull(c.perRolling24h),
  fullBlocksOnly: c.fullBlocksOnly,
  bySegment: c.bySegment.map((b) => ({
    segment: b.segment,
    perStretchYuan: yuanOrNull(b.perStretch),
    perNaturalDayYuan: yuanOrNull(b.perNaturalDay),
    perRolling24hYuan: yuanOrNull(b.perRolling24h),
  })),
});

const choiceForm = (b: boolean | null): Choice => (b === null ? 'any' : b ? 'yes' : 'no');

const classForm = (c: TariffVehicleClass): VehicleClassForm => ({
  code: c.code,
  name: c.name,
  match: { size: c.match.size ?? 'any', plateColours: [...c.match.plateColours], newEnergy: choiceForm(c.match.newEnergy) },
  multiplier: c.multiplier,
  ownSchedule: c.schedule !== null,
  schedule: c.schedule ? scheduleForm(c.schedule) : emptySchedule(),
  ownCaps: c.caps !== null,
  caps: c.caps ? capsForm(c.caps) : emptyCaps(),
  tierClock: c.tierClock ?? 'inherit',
});

/** Saved (parsed) rules as the form shows them; every rule the schema allows comes back unchanged through rulesFromForm. */
export const formFromRules = (rules: TariffRules): TariffRulesForm => ({
  schedule: scheduleForm(rules.schedule),
  calendar: { holidays: [...rules.calendar.holidays], adjustedWorkdays: [...rules.calendar.adjustedWorkdays] },
  vehicleClasses: rules.vehicleClasses.map(classForm),
  freePeriod: rules.freePeriod ? { enabled: true, ...rules.freePeriod } : { enabled: false, minutes: 15, inclusive: true, on: 'stay' },
  tierClock: rules.tierClock,
  over24h: rules.over24h,
  caps: capsForm(rules.caps),
  freeSpecialPlates: [...rules.freeSpecialPlates],
  graceMinutes: rules.graceMinutes,
});

/** The segments a day type is charged by, as the form's shortcuts say (同工作日, 节假日同非工作日); tolerant of a form half filled. */
export const daySegments = (s: ScheduleForm, day: DayType): SegmentForm[] => {
  const workday = s.workday ?? [];
  const nonWorkday = s.nonWorkdayMode === 'own' ? (s.nonWorkday ?? []) : workday;
  if (day === 'workday') return workday;
  if (day === 'nonWorkday') return nonWorkday;
  return s.holidayMode === 'own' ? (s.holiday ?? []) : nonWorkday;
};

/** The names of the segments of a schedule, each once, for the per-segment caps. */
export const segmentLabels = (s: ScheduleForm | undefined): string[] =>
  s ? [...new Set((['workday', 'nonWorkday', 'holiday'] as const).flatMap((d) => daySegments(s, d).map((seg) => seg?.label?.trim())).filter((l): l is string => Boolean(l)))] : [];
