import { maxPricedStayDays } from '../common/bounded-time.js';
import {
  segmentSpan,
  type FeeContext,
  type FeeLine,
  type FeeResult,
  type Tariff,
  type TariffDaySchedule,
  type TariffSegment,
  type TariffTier,
  type TariffVehicleClass,
  type VehicleSize,
} from './tariff.schema.js';

const MINUTE_MS = 60_000;
const DAY = 1440;
/** Asia/Shanghai is UTC+08:00 all year (no DST), so wall-clock minutes are a fixed shift. */
const SHANGHAI_OFFSET = 8 * 60;

/** Minutes since the epoch on the Shanghai wall clock; seconds are dropped so billing is per whole minute. */
const toWall = (d: Date) => Math.floor(d.getTime() / MINUTE_MS) + SHANGHAI_OFFSET;
const fromWall = (m: number) => new Date((m - SHANGHAI_OFFSET) * MINUTE_MS);
const dayOf = (wall: number) => Math.floor(wall / DAY);

export type DayType = 'workday' | 'nonWorkday' | 'holiday';

/** The day type of a Shanghai calendar date "YYYY-MM-DD": holidays first, then 调休 workdays, then Mon–Fri. */
export const dayTypeOf = (tariff: Pick<Tariff, 'calendar'>, date: string): DayType => {
  if (tariff.calendar.holidays.includes(date)) return 'holiday';
  if (tariff.calendar.adjustedWorkdays.includes(date)) return 'workday';
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 ? 'nonWorkday' : 'workday';
};

/** A calendar's listed days by day number (days since 1970-01-01), read once per calendar. */
const listedDays = new WeakMap<Tariff['calendar'], Map<number, DayType>>();
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / (DAY * MINUTE_MS));

/** dayTypeOf by day number, without building the date's text: the weekday is arithmetic (day 0 was a Thursday). */
const dayTypeOfDay = (calendar: Tariff['calendar'], day: number): DayType => {
  let listed = listedDays.get(calendar);
  if (!listed) {
    listed = new Map();
    for (const date of calendar.adjustedWorkdays) listed.set(dayNumber(date), 'workday');
    for (const date of calendar.holidays) listed.set(dayNumber(date), 'holiday');
    listedDays.set(calendar, listed);
  }
  const type = listed.get(day);
  if (type) return type;
  const weekday = (((day + 4) % 7) + 7) % 7;
  return weekday === 0 || weekday === 6 ? 'nonWorkday' : 'workday';
};

/** The first vehicle class whose match fits the vehicle; undefined when none does. */
export const vehicleClassFor = (tariff: Pick<Tariff, 'vehicleClasses'>, vehicle: { plateColour: number; size?: VehicleSize; newEnergy?: boolean }): TariffVehicleClass | undefined =>
  tariff.vehicleClasses.find(
    ({ match }) =>
      (match.plateColours.length === 0 || match.plateColours.includes(vehicle.plateColour)) &&
      (match.size === null || match.size === (vehicle.size ?? 'small')) &&
      (match.newEnergy === null || match.newEnergy === (vehicle.newEnergy ?? false)),
  );

/** What the server knows of a vehicle for picking its class, and in a few words how it knows. */
export interface VehicleRead {
  plateColour: number;
  size: VehicleSize;
  newEnergy: boolean;
  /** why the vehicle counts as what it does, for the fee's breakdown and the record */
  why: string;
}

/**
 * A vehicle as the camera read it, for vehicleClassFor: GA 36 plates say most of it. A green plate
 * or an 8-character plate is new energy; an 8-character plate ending in D or F is a large new-energy
 * vehicle's (黄绿牌); a yellow plate is a large vehicle's (大型汽车号牌) unless the device measured
 * the vehicle itself, whose size then wins. A tariff whose classes match plate colours still sees
 * the colour as read.
 */
export const vehicleOf = (plateNumber: string, plateColour: number, reportedSize?: VehicleSize): VehicleRead => {
  const eightCharacters = [...plateNumber].length === 8;
  const newEnergy = plateColour === 3 || eightCharacters;
  const largeNewEnergy = eightCharacters && /[DF]$/.test(plateNumber);
  if (reportedSize) return { plateColour, size: reportedSize, newEnergy, why: `设备识别为${reportedSize === 'large' ? '大型车' : '小型车'}${newEnergy ? '，新能源号牌' : ''}` };
  if (largeNewEnergy) return { plateColour, size: 'large', newEnergy, why: '新能源大型车号牌' };
  if (plateColour === 2) return { plateColour, size: 'large', newEnergy, why: '黄牌按大型车' };
  return { plateColour, size: 'small', newEnergy, why: newEnergy ? '新能源号牌' : '小型车号牌' };
};

/** "2.5元", "13.75元", "5元" */
export const yuanLabel = (fen: number) => `${fen / 100}元`;

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

/** The same segment: most often the very object (one day type's schedule, day after day), else equal in every rule. */
const sameSegment = (a: TariffSegment, b: TariffSegment) =>
  a === b || (a.label === b.label && a.capPerStretch === b.capPerStretch && JSON.stringify(a.pricing) === JSON.stringify(b.pricing));

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
    this.add(amount, day, period);
    return cappedBy === undefined ? { amount } : { amount, cappedBy };
  }

  /** How many charges of `price` at wall minute `at` every cap still takes whole (Infinity when none binds). */
  wholeCharges(price: number, at: number): number {
    if (price <= 0) return Infinity;
    const rooms = [
      this.stretchCap === null ? Infinity : this.stretchCap - this.stretchUsed,
      this.perDay === null ? Infinity : this.perDay - (this.byDay.get(dayOf(at)) ?? 0),
      this.perPeriod === null ? Infinity : this.perPeriod - (this.byPeriod.get(Math.floor((at - this.entry) / DAY)) ?? 0),
    ];
    return Math.max(0, Math.floor(Math.min(...rooms) / price));
  }

  /** Takes `count` whole charges of `price` at once, as `count` calls of charge would (wholeCharges says how many fit). */
  chargeWhole(price: number, count: number, at: number) {
    this.add(price * count, dayOf(at), Math.floor((at - this.entry) / DAY));
  }

  private add(amount: number, day: number, period: number) {
    this.stretchUsed += amount;
    this.byDay.set(day, (this.byDay.get(day) ?? 0) + amount);
    this.byPeriod.set(period, (this.byPeriod.get(period) ?? 0) + amount);
  }
}

type Clock = { minutes: number; day: number; period: number };

/**
 * The fee of a stay in fen, with a readable breakdown whose lines add up to the amount.
 * Throws when the vehicle class is not in the tariff, the exit precedes the entry or the stay is
 * longer than maxPricedStayDays: callers bound stays first, so a longer one is refused, not run out of memory.
 */
export const fee = (tariff: Tariff, enteredAt: Date, exitedAt: Date, context: FeeContext): FeeResult => {
  const vehicleClass = tariff.vehicleClasses.find((c) => c.code === context.vehicleClass);
  if (!vehicleClass) throw new Error(`计费规则「${tariff.name}」没有车型 ${context.vehicleClass}`);
  if (exitedAt.getTime() < enteredAt.getTime()) throw new Error('出场时间不能早于入场时间');

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
    return { amount: 0, breakdown: [], freeReason: reason, chargedUntil };
  }

  const multiplier = vehicleClass.multiplier;
  const scale = (fen: number) => Math.round(fen * multiplier);
  const schedule = vehicleClass.schedule ?? tariff.schedule;
  const scheduleOn = (day: number): TariffDaySchedule => {
    const type = dayTypeOfDay(tariff.calendar, day);
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

    // Units are priced a run at a time: whole units of one tier, starting on one day and in one 24 h
    // period, that every cap takes in full, cost the same each; the work follows the tiers, days and
    // caps a stay crosses, not its length. A partial unit or one a cap cuts is priced on its own.
    let line: (FeeLine & { key: string }) | undefined;
    const add = (k: number, note: string, day: number, price: number, pos: number, count: number, length: number, charged: boolean, amountEach: number) => {
      const key = `${k}|${note}|${day === dayOf(from) || tariff.tierClock !== 'restartDaily' ? 0 : day}`;
      if (line?.key === key) {
        line.to = fromWall(pos + count * length);
        line.minutes += count * length;
        line.units += charged ? count : 0;
        line.amount += count * amountEach;
        return;
      }
      const name = tierName(pricing.tiers, k);
      const unitMinutes = pricing.tiers[k]!.unitMinutes;
      line = {
        key,
        label: `${head}${name ? ` ${name}` : ''} ${yuanLabel(price)}/${lengthText(unitMinutes)}${note}`,
        from: fromWall(pos),
        to: fromWall(pos + count * length),
        minutes: count * length,
        units: charged ? count : 0,
        amount: count * amountEach,
      };
      breakdown.push(line);
    };
    // the line key of the last unit when a cap left it nothing: the next one alike starts a run that costs nothing
    let zeroKey: string | undefined;
    for (let pos = from; pos < to;) {
      const day = dayOf(pos);
      if (tariff.tierClock === 'restartDaily' && clock.day !== day) clock.minutes = 0;
      clock.day = day;
      const k = pricing.tiers.findIndex((t) => t.uptoMinutes === null || clock.minutes < t.uptoMinutes);
      const tier = pricing.tiers[k]!;
      const unit = tier.unitMinutes;
      const price = scale(tier.unitPrice);
      const length = Math.min(unit, to - pos);
      if (length === unit) {
        // whole units left in this tier, starting on this day, in this 24 h period and inside the stretch
        const inTier = tier.uptoMinutes === null ? Infinity : Math.ceil((tier.uptoMinutes - clock.minutes) / unit);
        const onDay = Math.ceil(((day + 1) * DAY - pos) / unit);
        const inPeriod = Math.ceil((entry + (periodOf(pos) + 1) * DAY - pos) / unit);
        const run = Math.min(inTier, onDay, inPeriod, Math.floor((to - pos) / unit));
        const whole = Math.min(run, ledger.wholeCharges(price, pos));
        if (whole > 0) {
          ledger.chargeWhole(price, whole, pos);
          add(k, '', day, price, pos, whole, unit, true, price);
          clock.minutes += whole * unit;
          pos += whole * unit;
          zeroKey = undefined;
          continue;
        }
        // a cap binds: once a unit is charged nothing under the same cap, every unit after it in the run is too
        const { amount, cappedBy } = ledger.charge(price, pos);
        const note = cappedBy ? `（已达${cappedBy}）` : '';
        const key = `${k}|${note}|${day}`;
        if (amount === 0 && zeroKey === key && run > 1) {
          add(k, note, day, price, pos, run, unit, true, 0);
          clock.minutes += run * unit;
          pos += run * unit;
          continue;
        }
        add(k, note, day, price, pos, 1, unit, true, amount);
        zeroKey = amount === 0 ? key : undefined;
        clock.minutes += unit;
        pos += unit;
        continue;
      }
      const { rounding } = pricing;
      const charged = rounding.mode === 'up' || (rounding.mode === 'threshold' && length > rounding.leftoverMinutes);
      const { amount, cappedBy } = charged ? ledger.charge(price, pos) : { amount: 0, cappedBy: undefined };
      const note = !charged ? `（不足${lengthText(unit)}不计费）` : cappedBy ? `（已达${cappedBy}）` : '';
      add(k, note, day, price, pos, 1, length, charged, amount);
      if (charged) clock.minutes += unit;
      pos += length;
    }
  }

  const lines = breakdown.map((l) => {
    const { label, from, to, minutes, units, amount } = l;
    return { label, from, to, minutes, units, amount };
  });
  const amount = lines.reduce((sum, l) => sum + l.amount, 0);
  if (amount > 0) return { amount, breakdown: lines, chargedUntil };
  const freeReason = stretches.length === 0 ? '停车时间全部在非收费时段' : '按计费规则应收0元';
  return { amount, breakdown: lines, freeReason, chargedUntil };
};
