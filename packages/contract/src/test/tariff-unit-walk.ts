import { maxPricedStayDays } from '../common/bounded-time.js';
import { segmentSpan, type FeeContext, type FeeLine, type FeeResult, type Tariff, type TariffDaySchedule, type TariffSegment, type TariffTier } from '../parking/tariff.schema.js';

/**
 * The tariff engine as it was before it priced whole runs of units at once: it walks a stay one
 * billing unit at a time, so its work grows with the stay. Kept for the tests and the benchmark
 * only, as the reference the engine must equal on every stay, breakdown line by line.
 */
const MINUTE_MS = 60_000;
const DAY = 1440;
/** Asia/Shanghai is UTC+08:00 all year (no DST), so wall-clock minutes are a fixed shift. */
const SHANGHAI_OFFSET = 8 * 60;

/** Minutes since the epoch on the Shanghai wall clock; seconds are dropped so billing is per whole minute. */
const toWall = (d: Date) => Math.floor(d.getTime() / MINUTE_MS) + SHANGHAI_OFFSET;
const fromWall = (m: number) => new Date((m - SHANGHAI_OFFSET) * MINUTE_MS);
const dayOf = (wall: number) => Math.floor(wall / DAY);
const dateOf = (day: number) => new Date(day * DAY * MINUTE_MS).toISOString().slice(0, 10);

type DayType = 'workday' | 'nonWorkday' | 'holiday';

/** The day type of a Shanghai calendar date "YYYY-MM-DD": holidays first, then 调休 workdays, then Mon–Fri. */
const dayTypeOf = (tariff: Pick<Tariff, 'calendar'>, date: string): DayType => {
  if (tariff.calendar.holidays.includes(date)) return 'holiday';
  if (tariff.calendar.adjustedWorkdays.includes(date)) return 'workday';
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 ? 'nonWorkday' : 'workday';
};

/** "2.5元", "13.75元", "5元" */
const yuanLabel = (fen: number) => `${fen / 100}元`;

const durationText = (m: number) => {
  const h = Math.floor(m / 60);
  return h === 0 ? `${m}分钟` : m % 60 === 0 ? `${h}小时` : `${h}小时${m % 60}分钟`;
};
const lengthText = (m: number) => (m === 60 ? '小时' : m === 30 ? '半小时' : m % 60 === 0 ? `${m / 60}小时` : `${m}分钟`);
const spanText = (from: number, upto: number) => (from % 60 === 0 && upto % 60 === 0 ? `第${from / 60}-${upto / 60}小时` : `第${from}-${upto}分钟`);

const tierName = (tiers: TariffTier[], k: number): string => {
  const tier = tiers[k]!;
  if (tier.label) return tier.label;
  const from = k === 0 ? 0 : (tiers[k - 1]!.uptoMinutes ?? 0);
  if (tier.uptoMinutes === null) return k === 0 ? '' : `${from === 60 ? '首小时' : durationText(from)}后`;
  if (k === 0) return tier.uptoMinutes === 60 ? '首小时' : `首${durationText(tier.uptoMinutes)}`;
  return spanText(from, tier.uptoMinutes);
};

type Stretch = { from: number; to: number; segment: TariffSegment };

const sameSegment = (a: TariffSegment, b: TariffSegment) => a.label === b.label && a.capPerStretch === b.capPerStretch && JSON.stringify(a.pricing) === JSON.stringify(b.pricing);

/** The charged stretches of a stay: segment occurrences clipped to the stay; a wrap from the day before wins over the next day. */
const stretchesOf = (scheduleOn: (day: number) => TariffDaySchedule, from: number, to: number): Stretch[] => {
  const occurrences: Stretch[] = [];
  for (let day = dayOf(from) - 1; day <= dayOf(to); day++) {
    for (const segment of scheduleOn(day)) {
      const [s, e] = segmentSpan(segment);
      occurrences.push({ from: day * DAY + s, to: day * DAY + e, segment });
    }
  }
  occurrences.sort((a, b) => a.from - b.from);
  const stretches: Stretch[] = [];
  let coveredUntil = -Infinity;
  for (const o of occurrences) {
    const start = Math.max(o.from, coveredUntil, from);
    const end = Math.min(o.to, to);
    coveredUntil = Math.max(coveredUntil, o.to);
    if (start >= end) continue;
    const last = stretches.at(-1);
    // a segment running on from one day into the same segment of the next is one uninterrupted stretch
    if (last && last.to === start && sameSegment(last.segment, o.segment)) last.to = end;
    else stretches.push({ from: start, to: end, segment: o.segment });
  }
  return stretches;
};

/** Cuts stretches at every 24 h from entry, so each period is charged as a new stay. */
const splitByPeriod = (stretches: Stretch[], entry: number): Stretch[] =>
  stretches.flatMap((s) => {
    const parts: Stretch[] = [];
    let start = s.from;
    while (start < s.to) {
      const periodEnd = entry + (Math.floor((start - entry) / DAY) + 1) * DAY;
      const end = Math.min(s.to, periodEnd);
      parts.push({ ...s, from: start, to: end });
      start = end;
    }
    return parts;
  });

/** Remaining room under every cap; a charge takes what the tightest cap still allows. */
class CapLedger {
  private readonly byDay = new Map<number, number>();
  private readonly byPeriod = new Map<number, number>();
  private stretchUsed = 0;
  private stretchCap: number | null = null;
  private stretchName = '';

  constructor(
    private readonly perDay: number | null,
    private readonly perPeriod: number | null,
    private readonly entry: number,
  ) {}

  startStretch(cap: number | null, name: string) {
    this.stretchUsed = 0;
    this.stretchCap = cap;
    this.stretchName = name;
  }

  /** What is actually charged for `price` at wall minute `at`, and the cap that cut it, if any. */
  charge(price: number, at: number): { amount: number; cappedBy?: string } {
    const day = dayOf(at);
    const period = Math.floor((at - this.entry) / DAY);
    const room: Array<[number, string]> = [];
    if (this.stretchCap !== null) room.push([this.stretchCap - this.stretchUsed, `${this.stretchName}封顶${yuanLabel(this.stretchCap)}`]);
    if (this.perDay !== null) room.push([this.perDay - (this.byDay.get(day) ?? 0), `当日封顶${yuanLabel(this.perDay)}`]);
    if (this.perPeriod !== null) room.push([this.perPeriod - (this.byPeriod.get(period) ?? 0), `24小时封顶${yuanLabel(this.perPeriod)}`]);
    let amount = price;
    let cappedBy: string | undefined;
    for (const [left, name] of room) {
      if (left < amount) {
        amount = Math.max(0, left);
        cappedBy = name;
      }
    }
    this.stretchUsed += amount;
    this.byDay.set(day, (this.byDay.get(day) ?? 0) + amount);
    this.byPeriod.set(period, (this.byPeriod.get(period) ?? 0) + amount);
    return cappedBy === undefined ? { amount } : { amount, cappedBy };
  }
}

type Clock = { minutes: number; day: number; period: number };

/**
 * The fee of a stay in fen, with a readable breakdown whose lines add up to the amount.
 * Throws when the vehicle class is not in the tariff, the exit precedes the entry or the stay is
 * longer than maxPricedStayDays: callers bound stays first, so a longer one is refused, not run out of memory.
 */
export const unitWalkFee = (tariff: Tariff, enteredAt: Date, exitedAt: Date, context: FeeContext): FeeResult => {
  const vehicleClass = tariff.vehicleClasses.find((c) => c.code === context.vehicleClass);
  if (!vehicleClass) throw new Error(`计费规则「${tariff.name}」没有车型 ${context.vehicleClass}`);
  if (exitedAt.getTime() < enteredAt.getTime()) throw new Error('出场时间不能早于入场时间');
  const priced = { code: vehicleClass.code, name: vehicleClass.name };

  const { paidAt } = context;
  const leftInGrace = paidAt !== undefined && paidAt.getTime() >= enteredAt.getTime() && exitedAt.getTime() <= paidAt.getTime() + tariff.graceMinutes * MINUTE_MS;
  // a payment after the exit charges nothing past the exit
  const chargedUntil = leftInGrace && paidAt < exitedAt ? paidAt : exitedAt;
  const entry = toWall(enteredAt);
  const until = Math.max(entry, toWall(chargedUntil));
  const stay = until - entry;
  if (stay > maxPricedStayDays * DAY) throw new RangeError(`停车时长超过${maxPricedStayDays}天，不能计费`);

  const free = tariff.freePeriod;
  if (free && (free.inclusive ? stay <= free.minutes : stay < free.minutes)) {
    const reason = `停车${durationText(stay)}，${free.inclusive ? '不超过' : '不足'}免费时长${free.minutes}分钟`;
    return { amount: 0, vehicleClass: priced, breakdown: [], freeReason: reason, chargedUntil };
  }

  const multiplier = vehicleClass.multiplier;
  const scale = (fen: number) => Math.round(fen * multiplier);
  const schedule = vehicleClass.schedule ?? tariff.schedule;
  const scheduleOn = (day: number): TariffDaySchedule => {
    const type = dayTypeOf(tariff, dateOf(day));
    return type === 'holiday' ? (schedule.holiday ?? schedule.nonWorkday) : schedule[type];
  };
  const afresh = tariff.over24h === 'afresh';
  const raw = stretchesOf(scheduleOn, entry, until);
  const stretches = afresh ? splitByPeriod(raw, entry) : raw;

  const caps = tariff.caps;
  const ledger = new CapLedger(caps.perNaturalDay === null ? null : scale(caps.perNaturalDay), caps.perRolling24h === null ? null : scale(caps.perRolling24h), entry);
  const clocks = new Map<string, Clock>();
  const breakdown: FeeLine[] = [];
  const periodOf = (at: number) => Math.floor((at - entry) / DAY);

  for (const { from, to, segment } of stretches) {
    const head = `${segment.label} ${segment.start}-${segment.end}`;
    ledger.startStretch(segment.capPerStretch === null ? null : scale(segment.capPerStretch), segment.label);
    const { pricing } = segment;

    if (pricing.kind === 'perVisit') {
      const price = scale(pricing.price);
      const { amount, cappedBy } = ledger.charge(price, from);
      const label = `${head} 按次 ${yuanLabel(price)}${cappedBy ? `（已达${cappedBy}）` : ''}`;
      breakdown.push({ label, from: fromWall(from), to: fromWall(to), minutes: to - from, units: 1, amount });
      continue;
    }

    let clock = clocks.get(segment.label) ?? { minutes: 0, day: dayOf(from), period: periodOf(from) };
    if (afresh && clock.period !== periodOf(from)) clock = { minutes: 0, day: dayOf(from), period: periodOf(from) };
    clocks.set(segment.label, clock);

    let line: (FeeLine & { key: string }) | undefined;
    for (let pos = from; pos < to;) {
      const day = dayOf(pos);
      if (tariff.tierClock === 'restartDaily' && clock.day !== day) clock.minutes = 0;
      clock.day = day;
      const k = pricing.tiers.findIndex((t) => t.uptoMinutes === null || clock.minutes < t.uptoMinutes);
      const tier = pricing.tiers[k]!;
      const length = Math.min(tier.unitMinutes, to - pos);
      const { rounding } = pricing;
      const charged = length === tier.unitMinutes || rounding.mode === 'up' || (rounding.mode === 'threshold' && length > rounding.leftoverMinutes);
      const price = scale(tier.unitPrice);
      const { amount, cappedBy } = charged ? ledger.charge(price, pos) : { amount: 0, cappedBy: undefined };
      const note = !charged ? `（不足${lengthText(tier.unitMinutes)}不计费）` : cappedBy ? `（已达${cappedBy}）` : '';
      const key = `${k}|${note}|${day === dayOf(from) || tariff.tierClock !== 'restartDaily' ? 0 : day}`;
      if (line && line.key === key) {
        line.to = fromWall(pos + length);
        line.minutes += length;
        line.units += charged ? 1 : 0;
        line.amount += amount;
      } else {
        const name = tierName(pricing.tiers, k);
        line = {
          key,
          label: `${head}${name ? ` ${name}` : ''} ${yuanLabel(price)}/${lengthText(tier.unitMinutes)}${note}`,
          from: fromWall(pos),
          to: fromWall(pos + length),
          minutes: length,
          units: charged ? 1 : 0,
          amount,
        };
        breakdown.push(line);
      }
      if (charged) clock.minutes += tier.unitMinutes;
      pos += length;
    }
  }

  const lines = breakdown.map((l) => {
    const { label, from, to, minutes, units, amount } = l;
    return { label, from, to, minutes, units, amount };
  });
  const amount = lines.reduce((sum, l) => sum + l.amount, 0);
  if (amount > 0) return { amount, vehicleClass: priced, breakdown: lines, chargedUntil };
  const freeReason = stretches.length === 0 ? '停车时间全部在非收费时段' : '按计费规则应收0元';
  return { amount, vehicleClass: priced, breakdown: lines, freeReason, chargedUntil };
};
