import { tariffRules, type TariffRules, type TariffRulesInput, type TariffSegment } from '@parking/contract';

/** The common fields of a tariff in the simple form: one charged period, the same every day; money in 元. */
export interface TariffFormRules {
  /** "HH:mm"; the same start and end means all day */
  chargeStart: string;
  chargeEnd: string;
  pricing: 'perUnit' | 'perVisit';
  unitMinutes: number;
  unitPriceYuan: number;
  rounding: 'up' | 'down';
  /** per-visit price when pricing is perVisit */
  visitPriceYuan: number;
  /** 0: no free period; a stay of at most this long is free */
  freeMinutes: number;
  /** null: no cap */
  dailyCapYuan: number | null;
  /** 大型车 pays this many times the small-car price */
  largeMultiplier: number;
  graceMinutes: number;
}

export const defaultFormRules: TariffFormRules = {
  chargeStart: '08:00',
  chargeEnd: '20:00',
  pricing: 'perUnit',
  unitMinutes: 30,
  unitPriceYuan: 2,
  rounding: 'up',
  visitPriceYuan: 5,
  freeMinutes: 15,
  dailyCapYuan: null,
  largeMultiplier: 2,
  graceMinutes: 15,
};

/** 元 → 分, avoiding float noise (2.35 → 235). */
export const toFen = (yuan: number) => Math.round(yuan * 100);
/** 分 → 元 */
export const toYuan = (fen: number) => fen / 100;
/** "16.00" */
export const yuanText = (fen: number) => (fen / 100).toFixed(2);

const chargedLabel = '收费时段';

export const rulesFromForm = (f: TariffFormRules): TariffRulesInput => {
  const pricing: TariffSegment['pricing'] =
    f.pricing === 'perVisit'
      ? { kind: 'perVisit', price: toFen(f.visitPriceYuan) }
      : { kind: 'perUnit', tiers: [{ uptoMinutes: null, unitMinutes: f.unitMinutes, unitPrice: toFen(f.unitPriceYuan) }], rounding: { mode: f.rounding } };
  const day = [{ label: chargedLabel, start: f.chargeStart, end: f.chargeEnd, pricing, capPerStretch: null }];
  return {
    calendar: { holidays: [], adjustedWorkdays: [] },
    schedule: { workday: day, nonWorkday: day, holiday: null },
    vehicleClasses: [
      { code: 'small', name: '小型车', match: { size: 'small', plateColours: [], newEnergy: null }, multiplier: 1, schedule: null },
      { code: 'large', name: '大型车', match: { size: 'large', plateColours: [], newEnergy: null }, multiplier: f.largeMultiplier, schedule: null },
    ],
    freePeriod: f.freeMinutes > 0 ? { minutes: f.freeMinutes, inclusive: true } : null,
    tierClock: 'continue',
    over24h: 'continue',
    caps: { perNaturalDay: f.dailyCapYuan === null ? null : toFen(f.dailyCapYuan), perRolling24h: null },
    graceMinutes: f.graceMinutes,
  };
};

/**
 * The simple form's fields of saved rules, or null when the rules say more than the form can
 * (tiers, several segments, day types, vehicle classes of their own): those are edited as JSON.
 */
export const formFromRules = (rules: TariffRules): TariffFormRules | null => {
  const { schedule, vehicleClasses } = rules;
  const [segment, ...more] = schedule.workday;
  if (!segment || more.length > 0 || schedule.holiday !== null) return null;
  if (JSON.stringify(schedule.nonWorkday) !== JSON.stringify(schedule.workday)) return null;
  if (segment.capPerStretch !== null || rules.caps.perRolling24h !== null) return null;
  if (rules.freePeriod && !rules.freePeriod.inclusive) return null;
  if (rules.calendar.holidays.length > 0 || rules.calendar.adjustedWorkdays.length > 0) return null;
  const [small, large, ...others] = vehicleClasses;
  if (!small || !large || others.length > 0 || small.code !== 'small' || large.code !== 'large') return null;
  if (small.multiplier !== 1 || small.schedule !== null || large.schedule !== null) return null;
  const { pricing } = segment;
  if (pricing.kind === 'perUnit' && (pricing.tiers.length !== 1 || pricing.rounding.mode === 'threshold')) return null;
  const tier = pricing.kind === 'perUnit' ? pricing.tiers[0]! : undefined;
  return {
    chargeStart: segment.start,
    chargeEnd: segment.end,
    pricing: pricing.kind,
    unitMinutes: tier?.unitMinutes ?? defaultFormRules.unitMinutes,
    unitPriceYuan: tier ? toYuan(tier.unitPrice) : defaultFormRules.unitPriceYuan,
    rounding: pricing.kind === 'perUnit' && pricing.rounding.mode === 'down' ? 'down' : 'up',
    visitPriceYuan: pricing.kind === 'perVisit' ? toYuan(pricing.price) : defaultFormRules.visitPriceYuan,
    freeMinutes: rules.freePeriod?.minutes ?? 0,
    dailyCapYuan: rules.caps.perNaturalDay === null ? null : toYuan(rules.caps.perNaturalDay),
    largeMultiplier: large.multiplier,
    graceMinutes: rules.graceMinutes,
  };
};

export type RulesCheck = { ok: true; rules: TariffRules } | { ok: false; errors: string[] };

/** The advanced editor's JSON checked with the contract's schema; errors read "位置：原因" in Chinese. */
export const checkRulesJson = (text: string): RulesCheck => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, errors: ['JSON 格式不正确，请检查括号、引号和逗号'] };
  }
  const parsed = tariffRules.safeParse(value);
  if (parsed.success) return { ok: true, rules: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}：${issue.message}` : issue.message)),
  };
};
