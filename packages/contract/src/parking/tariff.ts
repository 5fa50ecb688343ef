import {
  segmentSpan,
  type FeeContext,
  type FeeLine,
  type FeeResult,
  type SpecialPlate,
  type Tariff,
  type TariffCaps,
  type TariffDaySchedule,
  type TariffSegment,
  type TariffTier,
  type TariffVehicleClass,
  type VehicleSize,
  specialPlateNames,
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
  /** a plate of a vehicle on duty, which a tariff may let park free */
  special?: SpecialPlate;
}

/** The special plate a plate number shows (GA 36): 警 and 领 at the end, 应急 at the end, 使 at either end. */
export const specialPlateOf = (plateNumber: string): SpecialPlate | undefined => {
  if (plateNumber.endsWith('警')) return 'police';
  if (plateNumber.endsWith('应急')) return 'emergency';
  if (plateNumber.startsWith('使') || plateNumber.endsWith('使')) return 'embassy';
  if (plateNumber.endsWith('领')) return 'consulate';
  return undefined;
};

/**
 * A vehicle as the camera read it, for vehicleClassFor: GA 36 plates say most of it. A green plate
 * or an 8-character plate is new energy; an 8-character plate ending in D or F is a large new-energy
 * vehicle's (黄绿牌); a yellow plate is a large vehicle's (大型汽车号牌), save a 教练车's (…学), unless
 * the device measured the vehicle itself, whose size then wins. A tariff whose classes match plate colours still sees
 * the colour as read.
 */
export const vehicleOf = (plateNumber: string, plateColour: number, reportedSize?: VehicleSize): VehicleRead => {
  const special = specialPlateOf(plateNumber);
  const read = (size: VehicleSize, newEnergy: boolean, why: string): VehicleRead =>
    special ? { plateColour, size, newEnergy, why: `${why}，${specialPlateNames[special]}号牌`, special } : { plateColour, size, newEnergy, why };
  const eightCharacters = !special && [...plateNumber].length === 8;
  const newEnergy = plateColour === 3 || eightCharacters;
  const largeNewEnergy = eightCharacters && /[DF]$/.test(plateNumber);
  if (reportedSize) return read(reportedSize, newEnergy, `设备识别为${reportedSize === 'large' ? '大型车' : '小型车'}${newEnergy ? '，新能源号牌' : ''}`);
  if (largeNewEnergy) return read('large', newEnergy, '新能源大型车号牌');
  // 教练车 carry yellow plates ending in 学 but are small cars
  if (plateColour === 2 && plateNumber.endsWith('学')) return read('small', newEnergy, '教练车号牌');
  if (plateColour === 2) return read('large', newEnergy, '黄牌按大型车');
  return read('small', newEnergy, newEnergy ? '新能源号牌' : '小型车号牌');
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

/** A segment with the minutes of the day it covers. */
type Span = { segment: TariffSegment; start: number; end: number };

/** A day's segments with their spans, in order of start. */
const spansOf = (schedule: TariffDaySchedule): Span[] =>
  schedule
    .map((segment) => {
      const [start, end] = segmentSpan(segment);
      return { segment, start, end };
    })
    .sort((a, b) => a.start - b.start);

/** Day types whose schedules are all alike: every day is priced the same, and days repeat one by one, not by the week. */
const allDaysAlike = (schedule: Tariff['schedule']) => {
  const workday = JSON.stringify(schedule.workday);
  return JSON.stringify(schedule.nonWorkday) === workday && (schedule.holiday === null || JSON.stringify(schedule.holiday) === workday);
};

/** Which day's schedule applies on a day number: by its day type, or the one schedule when all are alike. Made once per schedule and calendar (daySchedulesOf), which reads them once. */
class DaySchedules {
  readonly alike: boolean;
  /** each day type's segments with their spans, in order of start */
  private readonly workday: Span[];
  private readonly nonWorkday: Span[];
  private readonly holiday: Span[];

  constructor(
    schedule: Tariff['schedule'],
    private readonly calendar: Tariff['calendar'],
  ) {
    this.alike = allDaysAlike(schedule);
    this.workday = spansOf(schedule.workday);
    this.nonWorkday = this.alike ? this.workday : spansOf(schedule.nonWorkday);
    this.holiday = this.alike ? this.workday : spansOf(schedule.holiday ?? schedule.nonWorkday);
  }

  /** The segments charged on a day number, with their spans. */
  on(day: number): Span[] {
    if (this.alike) return this.workday;
    const type = dayTypeOfDay(this.calendar, day);
    return type === 'workday' ? this.workday : type === 'holiday' ? this.holiday : this.nonWorkday;
  }
}

/** One DaySchedules per schedule and calendar, made once. */
const daySchedules = new WeakMap<object, WeakMap<object, DaySchedules>>();
const daySchedulesOf = (schedule: Tariff['schedule'], calendar: Tariff['calendar']): DaySchedules => {
  let byCalendar = daySchedules.get(schedule);
  if (!byCalendar) {
    byCalendar = new WeakMap();
    daySchedules.set(schedule, byCalendar);
  }
  let days = byCalendar.get(calendar);
  if (!days) {
    days = new DaySchedules(schedule, calendar);
    byCalendar.set(calendar, days);
  }
  return days;
};

/**
 * The charged stretches of a stay, one at a time: segment occurrences clipped to the stay, a wrap
 * from the day before winning over the next day, and a segment running on into the same segment of
 * the next day joined into one uninterrupted stretch. With `periodsFrom` (超过24小时重新计费) they
 * are cut at every 24 h from entry as well. Nothing is kept but the stretch in hand.
 */
class Stretches {
  private day: number;
  private index = 0;
  private coveredUntil = -Infinity;
  /** the stretch being joined, handed out once the next occurrence does not continue it */
  private pending: Stretch | undefined;
  /** what is left of a stretch cut at a period's end */
  private rest: Stretch | undefined;
  private readonly lastDay: number;

  constructor(
    private readonly days: DaySchedules,
    private readonly from: number,
    private readonly to: number,
    private readonly periodsFrom: number | null,
  ) {
    this.day = dayOf(from) - 1;
    this.lastDay = dayOf(to);
  }

  private joined(): Stretch | undefined {
    for (;;) {
      if (this.day > this.lastDay) {
        const last = this.pending;
        this.pending = undefined;
        return last;
      }
      const spans = this.days.on(this.day);
      if (this.index >= spans.length) {
        this.day++;
        this.index = 0;
        continue;
      }
      const { segment, start: s, end: e } = spans[this.index++]!;
      const base = this.day * DAY;
      const start = Math.max(base + s, this.coveredUntil, this.from);
      const end = Math.min(base + e, this.to);
      this.coveredUntil = Math.max(this.coveredUntil, base + e);
      if (start >= end) continue;
      const last = this.pending;
      if (last && last.to === start && sameSegment(last.segment, segment)) {
        last.to = end;
        continue;
      }
      this.pending = { from: start, to: end, segment };
      if (last) return last;
    }
  }

  next(): Stretch | undefined {
    const stretch = this.rest ?? this.joined();
    this.rest = undefined;
    if (!stretch || this.periodsFrom === null) return stretch;
    const entry = this.periodsFrom;
    const periodEnd = entry + (Math.floor((stretch.from - entry) / DAY) + 1) * DAY;
    if (stretch.to <= periodEnd) return stretch;
    this.rest = { from: periodEnd, to: stretch.to, segment: stretch.segment };
    return { from: stretch.from, to: periodEnd, segment: stretch.segment };
  }

  /** Where the stretch handed out last ends before any cut at a period's end; and what is read ahead. */
  get joinedEnd(): number | undefined {
    return this.rest?.to;
  }
  get lookahead(): Stretch | undefined {
    return this.pending;
  }
  get covered(): number {
    return this.coveredUntil;
  }

  /**
   * Moves what lies ahead `minutes` (whole days) later, as when days that repeat are skipped. With
   * `within` false the stretch in hand runs past them: only the rest of it starts later.
   */
  shift(minutes: number, within: boolean) {
    if (this.rest) this.rest.from += minutes;
    if (!within) return;
    if (this.rest) this.rest.to += minutes;
    this.day += minutes / DAY;
    this.coveredUntil += minutes;
    if (this.pending) {
      this.pending.from += minutes;
      this.pending.to += minutes;
    }
  }
}

type CapScope = 'stretch' | 'day' | 'period';

/**
 * One cap: the most charged per uninterrupted stretch, per natural day or per 24 h period from
 * entry, of one segment kind or of all. A stay is priced in time order, so a cap needs only what
 * was charged under its current day or period (`key`); a later one starts from nothing.
 */
interface Cap {
  limit: number;
  /** 当日封顶, 白天封顶…: the figure is added where it is shown (cappedNote) */
  name: string;
  scope: CapScope;
  /** a segment label: the cap counts only that segment's charges */
  segment: string | undefined;
  key: number;
  used: number;
}

const noCaps: Cap[] = [];

const capOf = (scope: CapScope, limit: number, name: string, segment?: string): Cap => ({ limit, name, scope, segment, key: NaN, used: 0 });

/** A line's note for a charge a cap cut: "（已达当日封顶20元）" */
const cappedNote = (cap: Cap | undefined) => (cap ? `（已达${cap.name}${yuanLabel(cap.limit)}）` : '');

/**
 * Remaining room under every cap; a charge takes what the tightest cap still allows. The caps are
 * the class's own when it has them, else the tariff's (and its segments' capPerStretch) scaled by the
 * class's multiplier. With fullBlocksOnly the 24 h caps skip the stay's last, incomplete block.
 */
class CapLedger {
  private readonly stayCaps: Cap[] = [];
  /** the caps a charge in the current stretch counts under, in the order they are named */
  private active: Cap[] = [];
  /** by segment object: its stretch caps, then the stay's caps that count its charges (made on first use) */
  private bySegment: Map<TariffSegment, Cap[]> | undefined;

  /** what a cap's figure becomes for the class: times the multiplier, or as is for the class's own caps */
  private readonly multiplier: number;

  constructor(
    private readonly caps: TariffCaps,
    multiplier: number,
    private readonly ownCaps: boolean,
    private readonly entry: number,
    private readonly until: number,
  ) {
    this.multiplier = ownCaps ? 1 : multiplier;
    const list = this.stayCaps;
    if (caps.perNaturalDay !== null) list.push(capOf('day', this.scale(caps.perNaturalDay), '当日封顶'));
    for (const c of caps.bySegment) if (c.perNaturalDay !== null) list.push(capOf('day', this.scale(c.perNaturalDay), `${c.segment}当日封顶`, c.segment));
    if (caps.perRolling24h !== null) list.push(capOf('period', this.scale(caps.perRolling24h), '24小时封顶'));
    for (const c of caps.bySegment) if (c.perRolling24h !== null) list.push(capOf('period', this.scale(c.perRolling24h), `${c.segment}24小时封顶`, c.segment));
  }

  private scale(fen: number) {
    return Math.round(fen * this.multiplier);
  }

  startStretch(segment: TariffSegment) {
    if (this.stayCaps.length === 0 && this.caps.bySegment.length === 0 && (this.ownCaps || segment.capPerStretch === null)) {
      // nothing can bind: most tariffs, most stretches
      this.active = noCaps;
      return;
    }
    this.bySegment ??= new Map();
    let active = this.bySegment.get(segment);
    if (!active) {
      active = [];
      if (!this.ownCaps && segment.capPerStretch !== null) active.push(capOf('stretch', this.scale(segment.capPerStretch), `${segment.label}封顶`));
      for (const c of this.caps.bySegment) if (c.segment === segment.label && c.perStretch !== null) active.push(capOf('stretch', this.scale(c.perStretch), `${segment.label}封顶`));
      for (const cap of this.stayCaps) if (cap.segment === undefined || cap.segment === segment.label) active.push(cap);
      this.bySegment.set(segment, active);
    }
    for (const cap of active) if (cap.scope === 'stretch') cap.used = 0;
    this.active = active;
  }

  /** The key a charge at wall minute `at` counts under for a cap, or NaN when the cap does not bind there. */
  private keyOf(cap: Cap, at: number): number {
    if (cap.scope === 'stretch') return 0;
    if (cap.scope === 'day') return Math.floor(at / DAY);
    const period = Math.floor((at - this.entry) / DAY);
    return this.caps.fullBlocksOnly && this.entry + (period + 1) * DAY > this.until ? NaN : period;
  }

  private roomOf(cap: Cap, at: number): number {
    const key = this.keyOf(cap, at);
    if (Number.isNaN(key)) return Infinity;
    return cap.limit - (cap.key === key || cap.scope === 'stretch' ? cap.used : 0);
  }

  /** the cap that cut the last charge, if any */
  cappedBy: Cap | undefined;

  /** What is actually charged for `price` at wall minute `at`; the cap that cut it, if any, is left in cappedBy. */
  charge(price: number, at: number): number {
    let amount = price;
    this.cappedBy = undefined;
    for (const cap of this.active) {
      const left = this.roomOf(cap, at);
      if (left < amount) {
        amount = Math.max(0, left);
        this.cappedBy = cap;
      }
    }
    this.add(amount, at);
    return amount;
  }

  /** How many charges of `price` at wall minute `at` every cap still takes whole (Infinity when none binds). */
  wholeCharges(price: number, at: number): number {
    if (price <= 0 || this.active.length === 0) return Infinity;
    let room = Infinity;
    for (const cap of this.active) room = Math.min(room, this.roomOf(cap, at));
    return Math.max(0, Math.floor(room / price));
  }

  /** Takes `count` whole charges of `price` at once, as `count` calls of charge would (wholeCharges says how many fit). */
  chargeWhole(price: number, count: number, at: number) {
    if (this.active.length > 0) this.add(price * count, at);
  }

  /**
   * What the caps still allow from wall minute `at` on, added to `state`: the room left under each
   * cap that can still bind there (a spent cap reads 0 however far it was overrun). Two moments with
   * the same rooms and the same days ahead charge alike.
   */
  roomsInto(at: number, state: number[]) {
    state.push(this.active.length);
    for (const cap of this.active) state.push(Math.max(0, this.roomOf(cap, at)));
    for (const cap of this.stayCaps) state.push(Math.max(0, this.roomOf(cap, at)));
  }

  /** Moves what was charged on the day and in the period of wall minute `at` `days` later, as when repeating days are skipped. */
  shift(days: number, at: number) {
    for (const cap of this.stayCaps) {
      if (cap.key === this.keyOf(cap, at)) cap.key += days;
      else cap.key = NaN;
    }
  }

  private add(amount: number, at: number) {
    for (const cap of this.active) {
      const key = this.keyOf(cap, at);
      if (Number.isNaN(key)) continue;
      if (cap.scope !== 'stretch' && cap.key !== key) {
        cap.key = key;
        cap.used = 0;
      }
      cap.used += amount;
    }
  }
}

type Clock = { minutes: number; day: number; period: number };

/** A calendar's listed days (holidays and 调休 workdays) as sorted day numbers, read once per calendar. */
const sortedListed = new WeakMap<Tariff['calendar'], number[]>();
const firstListedFrom = (calendar: Tariff['calendar'], day: number): number => {
  let days = sortedListed.get(calendar);
  if (!days) {
    days = [...calendar.holidays, ...calendar.adjustedWorkdays].map(dayNumber).sort((a, b) => a - b);
    sortedListed.set(calendar, days);
  }
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return days[lo] ?? Infinity;
};

/** Equal number lists, NaN equal to NaN. */
const sameNumbers = (a: number[], b: number[]) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
};

/** "2025-03-03 09:00" on the Shanghai wall clock */
const wallText = (wall: number) => new Date(wall * MINUTE_MS).toISOString().slice(0, 16).replace('T', ' ');

/** The longest finite tier bound of a schedule's segments: a tier counter past it is in every segment's last tier for good. */
const lastBounds = new WeakMap<object, number>();
const lastBoundOf = (schedule: Tariff['schedule']) => {
  const known = lastBounds.get(schedule);
  if (known !== undefined) return known;
  let bound = 0;
  for (const day of [schedule.workday, schedule.nonWorkday, schedule.holiday ?? []]) {
    for (const { pricing } of day) if (pricing.kind === 'perUnit') for (const t of pricing.tiers) bound = Math.max(bound, t.uptoMinutes ?? 0);
  }
  lastBounds.set(schedule, bound);
  return bound;
};

/**
 * A breakdown line as it is built: times as wall minutes, made Dates once at the end. Units of the
 * same tier, note and (when tiers restart daily) day run on into the line before them.
 */
interface Line {
  label: string;
  from: number;
  to: number;
  minutes: number;
  units: number;
  amount: number;
  /** the tier, or -1 for a line that takes nothing after it */
  tier: number;
  note: string;
  day: number;
}

/** A segment's line labels by tier for one multiplier: "白天 07:00-19:00 首小时 2.5元/15分钟", or the per-visit one. */
const labelCache = new WeakMap<TariffSegment, Map<number, string[]>>();
const labelsOf = (segment: TariffSegment, multiplier: number): string[] => {
  let byMultiplier = labelCache.get(segment);
  if (!byMultiplier) {
    byMultiplier = new Map<number, string[]>();
    labelCache.set(segment, byMultiplier);
  }
  let labels = byMultiplier.get(multiplier);
  if (!labels) {
    const head = `${segment.label} ${segment.start}-${segment.end}`;
    const { pricing } = segment;
    const scaled = (fen: number) => yuanLabel(Math.round(fen * multiplier));
    labels =
      pricing.kind === 'perVisit'
        ? [`${head} 按次 ${scaled(pricing.price)}`]
        : pricing.tiers.map((t, k) => {
            const name = tierName(pricing.tiers, k);
            return `${head}${name ? ` ${name}` : ''} ${scaled(t.unitPrice)}/${lengthText(t.unitMinutes)}`;
          });
    byMultiplier.set(multiplier, labels);
  }
  return labels;
};

/** No line labels: a walk for the amount alone writes no lines. */
const noLabels: string[] = [];
const noLines: Line[] = [];

/** The units, lines and caps of one stay being priced: see fee. With `lines` false it keeps the totals only (feeAmount). */
class FeeWalk {
  readonly breakdown: Line[];
  readonly totals = { minutes: 0, units: 0, amount: 0 };
  anyStretch = false;

  private readonly stretches: Stretches;
  private readonly ledger: CapLedger;
  private readonly clocks = new Map<string, Clock>();
  private readonly afresh: boolean;
  private readonly restartDaily: boolean;
  private readonly fromEntry: boolean;
  private line: Line | undefined;
  // the tier, note and day of the last unit when a cap left it nothing: the next one alike starts a run that costs nothing
  private zeroTier = -1;
  private zeroNote = '';
  private zeroDay = 0;
  // the stretch at hand: its line labels and its first day
  private labels: string[] = [];
  private stretchDay = 0;

  // Repeating cycles: the state at the first moment priced in each 24 h period from entry, kept for one cycle back.
  private readonly cycleDays: number;
  private readonly cycle: number;
  private readonly horizon: number;
  private lastBound = -1;
  /** by period number modulo cycleDays + 1: this period's and those of one cycle back */
  private seen: ({ period: number; segment: TariffSegment; state: number[]; minutes: number; units: number; amount: number } | undefined)[] | undefined;
  private nextPeriod: number;

  constructor(
    private readonly tariff: Tariff,
    private readonly vehicleClass: TariffVehicleClass,
    private readonly days: DaySchedules,
    private readonly entry: number,
    private readonly until: number,
    everyDay: boolean,
    private readonly lines: boolean,
  ) {
    this.breakdown = lines ? [] : noLines;
    this.afresh = tariff.over24h === 'afresh';
    this.stretches = new Stretches(days, entry, until, this.afresh ? entry : null);
    const tierClock = vehicleClass.tierClock ?? tariff.tierClock;
    this.restartDaily = tierClock === 'restartDaily';
    this.fromEntry = tierClock === 'fromEntry';
    const ownCaps = vehicleClass.caps;
    this.ledger = new CapLedger(ownCaps ?? tariff.caps, vehicleClass.multiplier, ownCaps !== null, entry, until);
    this.cycleDays = days.alike ? 1 : 7;
    this.cycle = this.cycleDays * DAY;
    this.horizon = this.cycle + 2 * DAY;
    // a stay too short to hold two cycles and one to skip never looks
    this.nextPeriod = everyDay || until - entry < 3 * this.cycle + 2 * DAY ? Infinity : 0;
  }

  private scale(fen: number) {
    return Math.round(fen * this.vehicleClass.multiplier);
  }

  private periodOf(at: number) {
    return Math.floor((at - this.entry) / DAY);
  }

  /**
   * The pricing's state at wall minute `pos` of stretch `s`, as seen from `start`, the start of its
   * 24 h period: numbers, ends beyond the horizon read as the horizon. The segment is compared apart.
   */
  private stateAt(pos: number, s: Stretch, start: number): number[] {
    if (this.lastBound < 0) this.lastBound = lastBoundOf(this.vehicleClass.schedule ?? this.tariff.schedule);
    const { horizon, stretches, lastBound } = this;
    const lookahead = stretches.lookahead;
    const joined = stretches.joinedEnd;
    const state = [
      pos - start,
      Math.min(s.to - start, horizon),
      joined === undefined ? NaN : Math.min(joined - start, horizon),
      lookahead === undefined ? NaN : Math.min(lookahead.from - start, horizon),
      lookahead === undefined ? NaN : Math.min(lookahead.to - start, horizon),
      Math.min(stretches.covered - start, horizon),
      this.fromEntry && !this.afresh ? Math.min(start - this.entry, lastBound) : 0,
    ];
    this.ledger.roomsInto(pos, state);
    // a counter's day matters when it restarts daily, its period when each 24 h is a new stay (the map only grows, in one order)
    for (const c of this.clocks.values()) {
      state.push(Math.min(c.minutes, lastBound), this.restartDaily ? c.day - dayOf(start) : 0, this.afresh ? c.period - this.periodOf(start) : 0);
    }
    return state;
  }

  /**
   * At the first moment priced in a 24 h period: when the state is the one a cycle earlier, skips
   * every whole cycle that is sure to repeat it and returns how far (minutes), else 0.
   */
  private skipRepeats(pos: number, s: Stretch): number {
    if (this.nextPeriod === Infinity) return 0;
    const period = this.periodOf(pos);
    if (period < this.nextPeriod) return 0;
    this.nextPeriod = period + 1;
    const { cycleDays, cycle, totals, until } = this;
    const start = this.entry + period * DAY;
    const state = this.stateAt(pos, s, start);
    this.seen ??= [];
    this.seen[period % (cycleDays + 1)] = { period, segment: s.segment, state, minutes: totals.minutes, units: totals.units, amount: totals.amount };
    const before = this.seen[(period - cycleDays) % (cycleDays + 1)];
    if (before?.period !== period - cycleDays || before.segment !== s.segment || !sameNumbers(before.state, state)) return 0;
    // the cycles that repeat: all but the last cycle and two days of the stay, before any listed day near them
    let cycles = Math.floor((until - pos - 2 * DAY) / cycle) - 1;
    const end = this.stretches.joinedEnd ?? s.to;
    const within = end - start < this.horizon;
    if (!within) cycles = Math.min(cycles, Math.floor((end - pos - 2 * DAY) / cycle) - 1);
    if (!this.days.alike) cycles = Math.min(cycles, Math.floor(((firstListedFrom(this.tariff.calendar, dayOf(start) - cycleDays - 2) - 3) * DAY - pos) / cycle) - 1);
    if (cycles < 1) return 0;
    const minutes = cycles * cycle;
    const days = cycles * cycleDays;
    const repeatedMinutes = cycles * (totals.minutes - before.minutes);
    const repeatedUnits = cycles * (totals.units - before.units);
    const repeatedAmount = cycles * (totals.amount - before.amount);
    if (this.lines) {
      this.breakdown.push({
        label: `${wallText(pos)}至${wallText(pos + minutes)} 同前${cycleDays === 1 ? '1天' : '7天'}计费，共${cycles}次`,
        from: pos,
        to: pos + minutes,
        minutes: repeatedMinutes,
        units: repeatedUnits,
        amount: repeatedAmount,
        tier: -1,
        note: '',
        day: 0,
      });
    }
    totals.minutes += repeatedMinutes;
    totals.units += repeatedUnits;
    totals.amount += repeatedAmount;
    this.line = undefined;
    this.zeroTier = -1;
    this.ledger.shift(days, pos);
    for (const c of this.clocks.values()) {
      c.day += days;
      c.period += days;
    }
    if (within || this.afresh) s.to += minutes;
    this.stretches.shift(minutes, within);
    this.seen = undefined;
    this.nextPeriod = period + days + 1;
    return minutes;
  }

  /** Adds `count` units (or a partial one) to the breakdown, running on into the line before when it is alike. */
  private add(k: number, note: string, day: number, pos: number, count: number, length: number, charged: boolean, amountEach: number) {
    const dayKey = day === this.stretchDay || !this.restartDaily ? 0 : day;
    const minutes = count * length;
    const units = charged ? count : 0;
    const amount = count * amountEach;
    const { totals, line } = this;
    totals.minutes += minutes;
    totals.units += units;
    totals.amount += amount;
    if (!this.lines) return;
    if (line !== undefined && line.tier === k && line.note === note && line.day === dayKey) {
      line.to = pos + minutes;
      line.minutes += minutes;
      line.units += units;
      line.amount += amount;
      return;
    }
    this.line = { label: this.labels[k]! + note, from: pos, to: pos + minutes, minutes, units, amount, tier: k, note, day: dayKey };
    this.breakdown.push(this.line);
  }

  run() {
    const { ledger, entry } = this;
    for (let s = this.stretches.next(); s; s = this.stretches.next()) {
      this.anyStretch = true;
      const { segment } = s;
      ledger.startStretch(segment);
      const { pricing } = segment;
      this.labels = this.lines ? labelsOf(segment, this.vehicleClass.multiplier) : noLabels;
      this.line = undefined;

      if (pricing.kind === 'perVisit') {
        const from = s.from + this.skipRepeats(s.from, s);
        const amount = ledger.charge(this.scale(pricing.price), from);
        if (this.lines) this.breakdown.push({ label: this.labels[0]! + cappedNote(ledger.cappedBy), from, to: s.to, minutes: s.to - from, units: 1, amount, tier: -1, note: '', day: 0 });
        this.totals.minutes += s.to - from;
        this.totals.units += 1;
        this.totals.amount += amount;
        continue;
      }

      const { tiers, rounding } = pricing;
      this.stretchDay = dayOf(s.from);
      const stretchPeriod = this.periodOf(s.from);
      let clock = this.clocks.get(segment.label);
      if (!clock || (this.afresh && clock.period !== stretchPeriod)) {
        clock = { minutes: 0, day: this.stretchDay, period: stretchPeriod };
        this.clocks.set(segment.label, clock);
      }
      this.zeroTier = -1;

      // Units are priced a run at a time: whole units of one tier, starting on one day and in one 24 h
      // period, that every cap takes in full, cost the same each. A partial unit or one a cap cuts is priced on its own.
      for (let pos = s.from; pos < s.to;) {
        pos += this.skipRepeats(pos, s);
        const to = s.to;
        const day = dayOf(pos);
        if (this.restartDaily && clock.day !== day) clock.minutes = 0;
        clock.day = day;
        // the tier counter: charged minutes of the segment kind, or the time since entry (since the 24 h period's start when each is a new stay)
        const counted = this.fromEntry ? pos - (this.afresh ? entry + this.periodOf(pos) * DAY : entry) : clock.minutes;
        let k = 0;
        while (tiers[k]!.uptoMinutes !== null && counted >= tiers[k]!.uptoMinutes!) k++;
        const tier = tiers[k]!;
        const unit = tier.unitMinutes;
        const price = this.scale(tier.unitPrice);
        const length = Math.min(unit, to - pos);
        if (length === unit) {
          // whole units left in this tier, starting on this day, in this 24 h period and inside the stretch
          const inTier = tier.uptoMinutes === null ? Infinity : Math.ceil((tier.uptoMinutes - counted) / unit);
          const onDay = Math.ceil(((day + 1) * DAY - pos) / unit);
          const inPeriod = Math.ceil((entry + (this.periodOf(pos) + 1) * DAY - pos) / unit);
          const run = Math.min(inTier, onDay, inPeriod, Math.floor((to - pos) / unit));
          const whole = Math.min(run, ledger.wholeCharges(price, pos));
          if (whole > 0) {
            ledger.chargeWhole(price, whole, pos);
            this.add(k, '', day, pos, whole, unit, true, price);
            clock.minutes += whole * unit;
            pos += whole * unit;
            this.zeroTier = -1;
            continue;
          }
          // a cap binds: once a unit is charged nothing under the same cap, every unit after it in the run is too
          const amount = ledger.charge(price, pos);
          // the note tells lines apart; without lines any unit a cap left nothing starts the run (the cap's name changes no amount)
          const note = this.lines ? cappedNote(ledger.cappedBy) : '';
          if (amount === 0 && this.zeroTier === k && this.zeroNote === note && this.zeroDay === day && run > 1) {
            this.add(k, note, day, pos, run, unit, true, 0);
            clock.minutes += run * unit;
            pos += run * unit;
            continue;
          }
          this.add(k, note, day, pos, 1, unit, true, amount);
          if (amount === 0) {
            this.zeroTier = k;
            this.zeroNote = note;
            this.zeroDay = day;
          } else this.zeroTier = -1;
          clock.minutes += unit;
          pos += unit;
          continue;
        }
        const charged = rounding.mode === 'up' || (rounding.mode === 'threshold' && length > rounding.leftoverMinutes);
        const amount = charged ? ledger.charge(price, pos) : 0;
        const note = !this.lines ? '' : !charged ? `（不足${lengthText(unit)}不计费）` : cappedNote(ledger.cappedBy);
        this.add(k, note, day, pos, 1, length, charged, amount);
        if (charged) clock.minutes += unit;
        pos += length;
      }
    }
  }
}

/** Where a stay's pricing starts: its class, the wall minutes charged, and why it is free when it is. */
interface Start {
  vehicleClass: TariffVehicleClass;
  chargedUntil: Date;
  entry: number;
  until: number;
  days: DaySchedules;
  /** free as a special plate, or by the free period judged on `judged` minutes */
  free: 'special' | 'period' | undefined;
  judged: number;
}

const beginStay = (tariff: Tariff, enteredAt: Date, exitedAt: Date, context: FeeContext): Start => {
  let vehicleClass: TariffVehicleClass | undefined;
  for (const c of tariff.vehicleClasses) if (c.code === context.vehicleClass) vehicleClass ??= c;
  if (!vehicleClass) throw new Error(`计费规则「${tariff.name}」没有车型 ${context.vehicleClass}`);
  if (exitedAt.getTime() < enteredAt.getTime()) throw new Error('出场时间不能早于入场时间');

  const { paidAt } = context;
  const leftInGrace = paidAt !== undefined && paidAt.getTime() >= enteredAt.getTime() && exitedAt.getTime() <= paidAt.getTime() + tariff.graceMinutes * MINUTE_MS;
  // a payment after the exit charges nothing past the exit
  const chargedUntil = leftInGrace && paidAt < exitedAt ? paidAt : exitedAt;
  const entry = toWall(enteredAt);
  const until = Math.max(entry, toWall(chargedUntil));
  const days = daySchedulesOf(vehicleClass.schedule ?? tariff.schedule, tariff.calendar);
  const started: Start = { vehicleClass, chargedUntil, entry, until, days, free: undefined, judged: until - entry };

  const { specialPlate } = context;
  if (specialPlate && tariff.freeSpecialPlates.includes(specialPlate)) {
    started.free = 'special';
    return started;
  }
  const free = tariff.freePeriod;
  if (free) {
    // judged on the whole stay, or on its minutes inside charged segments (收费时段内停放不超过…免费)
    if (free.on === 'chargeable') {
      let judged = 0;
      const charged = new Stretches(days, entry, until, null);
      for (let s = charged.next(); s && judged <= free.minutes; s = charged.next()) judged += s.to - s.from;
      started.judged = judged;
    }
    if (free.inclusive ? started.judged <= free.minutes : started.judged < free.minutes) started.free = 'period';
  }
  return started;
};

/**
 * The fee of a stay in fen, with a readable breakdown whose lines add up to the amount.
 *
 * The work follows the days and segments a stay crosses, and stops growing with it: once a whole
 * cycle of days (one day when every day type is priced alike, else a week) leaves the pricing in
 * the same state it found it (tier counters past their last bound, the same room under every cap,
 * the same point in the stretch at hand), every cycle after it costs the same until a listed
 * holiday or the stay's last days, so those cycles are added at once, as one breakdown line.
 *
 * Throws when the vehicle class is not in the tariff or the exit precedes the entry. `walk.everyDay`
 * prices every day one by one instead (the same amount, a line per stretch): for tests and benches.
 */
export const fee = (tariff: Tariff, enteredAt: Date, exitedAt: Date, context: FeeContext, walk: { everyDay?: boolean } = {}): FeeResult => {
  const { vehicleClass, chargedUntil, entry, until, days, free, judged } = beginStay(tariff, enteredAt, exitedAt, context);
  const priced = { code: vehicleClass.code, name: vehicleClass.name };
  if (free === 'special') {
    return { amount: 0, vehicleClass: priced, breakdown: [], freeReason: `${specialPlateNames[context.specialPlate!]}免费停放`, chargedUntil };
  }
  if (free === 'period') {
    const { on, inclusive, minutes } = tariff.freePeriod!;
    const reason = `${on === 'stay' ? '停车' : '收费时段内停车'}${durationText(judged)}，${inclusive ? '不超过' : '不足'}免费时长${minutes}分钟`;
    return { amount: 0, vehicleClass: priced, breakdown: [], freeReason: reason, chargedUntil };
  }

  const priceWalk = new FeeWalk(tariff, vehicleClass, days, entry, until, walk.everyDay === true, true);
  priceWalk.run();
  const breakdown: FeeLine[] = [];
  // a line that starts where the one before it ended shares its Date
  let lastWall = NaN;
  let lastDate = chargedUntil;
  for (const l of priceWalk.breakdown) {
    const from = lastWall === l.from ? lastDate : fromWall(l.from);
    lastWall = l.to;
    lastDate = fromWall(l.to);
    breakdown.push({ label: l.label, from, to: lastDate, minutes: l.minutes, units: l.units, amount: l.amount });
  }
  const { amount } = priceWalk.totals;
  if (amount > 0) return { amount, vehicleClass: priced, breakdown, chargedUntil };
  const freeReason = priceWalk.anyStretch ? '按计费规则应收0元' : '停车时间全部在非收费时段';
  return { amount, vehicleClass: priced, breakdown, freeReason, chargedUntil };
};

/**
 * fee(…).amount without the breakdown: the same walk keeping totals only, no line, label or Date made.
 * How a car leaving is priced, where only the amount is stored; the detail prices it again with lines.
 */
export const feeAmount = (tariff: Tariff, enteredAt: Date, exitedAt: Date, context: FeeContext): number => {
  const { vehicleClass, entry, until, days, free } = beginStay(tariff, enteredAt, exitedAt, context);
  if (free !== undefined) return 0;
  const priceWalk = new FeeWalk(tariff, vehicleClass, days, entry, until, false, false);
  priceWalk.run();
  return priceWalk.totals.amount;
};
