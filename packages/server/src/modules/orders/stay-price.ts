import { businessDay, businessDayStart, fee, feeAmount, specialPlateOf, stayLongerThan, tariffOf, type FeeContext, type TimeCut } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../plugins/app-error.js';
import { whiteListWindows } from '../customers/index.js';
import { findLotMaxStayDays, findTariffVersion } from './parking-record.repository.js';
import type { NamedVersion } from './vehicle-event.repository.js';

const DAY_MS = 86_400_000;
/** the most a lot's 最长计费天数 may say (lotEventRules); also what a bound that is not a sane number reads as */
const maxStayDaysCeiling = 365;

/** What pricing a stay needs of its record: the lot whose 最长计费天数 bounds it, the version and class it is priced by. */
export interface PricedStay {
  lotId: string;
  tariffVersionId: string | null;
  vehicleClass: string | null;
  /** a special plate (警, 应急, 使, 领) parks free where the tariff says so */
  plateNumber?: string;
}

/**
 * The fee of [from, to] under a stored tariff version: how a record is priced at exit, shown in its
 * detail, quoted to the driver and priced again when a correction moves its times. Bounded by the
 * record's lot's 最长计费天数 (see priceWith). Undefined without a version or class.
 */
export const priceStay = async (db: Db, tenantId: string, stay: PricedStay, from: Date, to: Date, paidAt?: Date) => {
  const found = stay.tariffVersionId ? await findTariffVersion(db, tenantId, stay.tariffVersionId) : undefined;
  if (!found || !stay.vehicleClass) return undefined;
  const maxStayDays = await findLotMaxStayDays(db, tenantId, stay.lotId);
  return priceWith(found, stay.vehicleClass, from, to, { maxStayDays, ...(paidAt ? { paidAt } : {}), ...(stay.plateNumber === undefined ? {} : { plateNumber: stay.plateNumber }) });
};

export interface StayBound {
  /** the lot's 最长计费天数: a longer stay is priced as if it had lasted this long */
  maxStayDays: number;
  /** paid while still in: leaving within the grace minutes after it is charged only up to the payment */
  paidAt?: Date | undefined;
  /** the stay's plate, for the tariff's free special plates */
  plateNumber?: string | undefined;
}

/** What a stay under a version read is priced on: the tariff, the stay cut to the lot's bound, and whether it was cut. */
const stayToPrice = (found: NamedVersion, vehicleClass: string, from: Date, to: Date, bound: StayBound) => {
  if (to < from) throw badRequest('出场时间不能早于入场时间');
  const { version, name } = found;
  const tariff = tariffOf(name, version.versionNo, version.effectiveFrom, version.effectiveTo, version.rules);
  const days = Number.isInteger(bound.maxStayDays) && bound.maxStayDays >= 1 ? Math.min(bound.maxStayDays, maxStayDaysCeiling) : maxStayDaysCeiling;
  const { paidAt } = bound;
  const specialPlate = bound.plateNumber === undefined ? undefined : specialPlateOf(bound.plateNumber);
  const context: FeeContext = { vehicleClass, ...(specialPlate ? { specialPlate } : {}) };
  const capped = stayLongerThan(from, to, days);
  if (!capped) return { tariff, until: to, context: paidAt ? { ...context, paidAt } : context, capped, days };
  // left within the grace minutes of a payment: charged up to the payment, which the bound may cut shorter still
  const leftInGrace = paidAt !== undefined && paidAt >= from && paidAt <= to && to.getTime() <= paidAt.getTime() + tariff.graceMinutes * 60_000;
  const limit = from.getTime() + days * DAY_MS;
  const until = new Date(Math.min(limit, leftInGrace ? paidAt.getTime() : to.getTime()));
  return { tariff, until, context, capped, days };
};

/**
 * The fee of [from, to] under a tariff version already read, the one function every stay is priced
 * by. A stay longer than `maxStayDays` is priced from its entry for `maxStayDays` days only, and
 * `capped` says so (the caller warns of it as 超长停车): the lot's rule that no stay owes more than
 * that many days, whatever a camera with a wrong clock reported.
 */
export const priceWith = (found: NamedVersion | undefined, vehicleClass: string | null, from: Date, to: Date, bound: StayBound) => {
  if (!found || !vehicleClass) return undefined;
  const { tariff, until, context, capped, days } = stayToPrice(found, vehicleClass, from, to, bound);
  const result = fee(tariff, from, until, context);
  return { tariffName: found.name, tariffVersionNo: found.version.versionNo, result, capped, maxStayDays: days };
};

/** priceWith's amount alone, no breakdown made: how a car leaving is priced, where only the amount is kept. */
export const amountWith = (found: NamedVersion | undefined, vehicleClass: string | null, from: Date, to: Date, bound: StayBound) => {
  if (!found || !vehicleClass) return undefined;
  const { tariff, until, context, capped } = stayToPrice(found, vehicleClass, from, to, bound);
  return { amount: feeAmount(tariff, from, until, context), capped };
};

/** A white-list entry's time: from (null: since ever) until (null: for ever). */
export interface WhiteSpan {
  from: Date | null;
  until: Date | null;
}

type Part = { from: Date; to: Date };

/** The parts of [from, to] the spans cover, merged, in order. */
export const coveredParts = (from: Date, to: Date, spans: readonly WhiteSpan[]): Part[] => {
  const parts = spans
    .map((s) => ({ from: Math.max(from.getTime(), s.from?.getTime() ?? -Infinity), to: Math.min(to.getTime(), s.until?.getTime() ?? Infinity) }))
    .filter((p) => p.to > p.from)
    .sort((a, b) => a.from - b.from);
  const merged: { from: number; to: number }[] = [];
  for (const p of parts) {
    const last = merged.at(-1);
    if (last && p.from <= last.to) last.to = Math.max(last.to, p.to);
    else merged.push({ ...p });
  }
  return merged.map((p) => ({ from: new Date(p.from), to: new Date(p.to) }));
};

/** The parts of [from, to] outside the covered parts (in order, as coveredParts gives them). */
const gapsOf = (from: Date, to: Date, covered: readonly Part[]): Part[] => {
  const gaps: Part[] = [];
  let at = from;
  for (const part of covered) {
    if (part.from > at) gaps.push({ from: at, to: part.from });
    at = part.to;
  }
  if (to > at) gaps.push({ from: at, to });
  return gaps;
};

/**
 * A stay [from, to] of a white-listed plate: the tariff prices only the time no white-list entry
 * covered (an entry that expired during the stay: expiry → exit; one that began during it: entry →
 * start). Undefined when no entry covered any of it, or without a version or class to price by.
 */
export const whiteListCharge = (found: NamedVersion | undefined, vehicleClass: string | null, from: Date, to: Date, spans: readonly WhiteSpan[], bound: StayBound) => {
  const covered = coveredParts(from, to, spans);
  if (covered.length === 0 || !found || !vehicleClass) return undefined;
  const charged = gapsOf(from, to, covered).reduce((sum, gap) => sum + (amountWith(found, vehicleClass, gap.from, gap.to, { maxStayDays: bound.maxStayDays })?.amount ?? 0), 0);
  return { charged, covered };
};

/**
 * whiteListCharge for a stored stay, its plate's white-list entries read from the list: how its
 * detail shows 白名单免费 and how the driver is quoted while the car is in.
 */
export const whiteListedStay = async (db: Db, tenantId: string, stay: PricedStay & { plateNumber: string; plateColour: number }, from: Date, to: Date) => {
  if (stay.plateNumber === '') return undefined;
  const spans = await whiteListWindows(db, tenantId, { lotId: stay.lotId, plateNumber: stay.plateNumber, plateColour: stay.plateColour, from, to });
  const covered = coveredParts(from, to, spans);
  if (covered.length === 0) return undefined;
  let charged = 0;
  for (const gap of gapsOf(from, to, covered)) charged += (await priceStay(db, tenantId, stay, gap.from, gap.to))?.result.amount ?? 0;
  return { charged, covered };
};

const MINUTE_MS = 60_000;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The daily hours [start, end) (across midnight when end comes first) on every Shanghai day that
 * meets [from, to], as spans of time.
 */
export const dailySpans = (periods: readonly { start: string; end: string }[], from: Date, to: Date): WhiteSpan[] => {
  const spans: WhiteSpan[] = [];
  // from the day before: a night period begun then may still run at `from`
  for (let day = businessDay(new Date(from.getTime() - DAY_MS)); businessDayStart(day) <= to; day = businessDay(new Date(businessDayStart(day).getTime() + DAY_MS + 3_600_000))) {
    const midnight = businessDayStart(day).getTime();
    for (const period of periods) {
      const start = minutesOf(period.start);
      const end = minutesOf(period.end);
      const length = (end > start ? end - start : 24 * 60 - start + end) * MINUTE_MS;
      spans.push({ from: new Date(midnight + start * MINUTE_MS), until: new Date(midnight + start * MINUTE_MS + length) });
    }
  }
  return spans;
};

/**
 * The tariff's fee of [from, to] with time coupons' cut taken out of it: `minutes` off its end, and
 * the daily hours of 时段券 priced as nothing (as a white list's time is). What stackCoupons weighs
 * a time coupon by.
 */
export const feeWithCut = (found: NamedVersion | undefined, vehicleClass: string | null, from: Date, to: Date, cut: TimeCut, bound: StayBound): number => {
  const end = new Date(Math.max(from.getTime(), to.getTime() - cut.minutes * MINUTE_MS));
  if (end <= from) return 0;
  const bounded = { maxStayDays: bound.maxStayDays };
  if (cut.periods.length > 0) {
    const partly = whiteListCharge(found, vehicleClass, from, end, dailySpans(cut.periods, from, end), bounded);
    if (partly) return partly.charged;
  }
  return amountWith(found, vehicleClass, from, end, bounded)?.amount ?? 0;
};

/**
 * A stay's fee over [from, to] with time coupons' cut taken out of it, for a stay priced outside an
 * event (a car still in, quoted or paid for on the phone): feeWithCut under the stay's own tariff version.
 */
export const stayFeeWithCut = async (db: Db, tenantId: string, stay: PricedStay, from: Date, to: Date) => {
  const found = stay.tariffVersionId ? await findTariffVersion(db, tenantId, stay.tariffVersionId) : undefined;
  const bound = { maxStayDays: await findLotMaxStayDays(db, tenantId, stay.lotId) };
  return (cut: TimeCut) => feeWithCut(found, stay.vehicleClass, from, to, cut, bound);
};
