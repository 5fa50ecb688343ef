import { fee, stayLongerThan, tariffOf } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../plugins/app-error.js';
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
}

/**
 * The fee of [from, to] under a stored tariff version: how a record is priced at exit, shown in its
 * detail, quoted to the driver and priced again when a correction moves its times. Bounded by the
 * record's lot's 最长计费天数 (see priceWith). Undefined without a version or class.
 */
export const priceStay = async (db: Db, tenantId: string, stay: PricedStay, from: Date, to: Date, paidAt?: Date) => {
  const found = stay.tariffVersionId ? await findTariffVersion(db, tenantId, stay.tariffVersionId) : undefined;
  if (!found || !stay.vehicleClass) return undefined;
  return priceWith(found, stay.vehicleClass, from, to, { maxStayDays: await findLotMaxStayDays(db, tenantId, stay.lotId), ...(paidAt ? { paidAt } : {}) });
};

export interface StayBound {
  /** the lot's 最长计费天数: a longer stay is priced as if it had lasted this long */
  maxStayDays: number;
  /** paid while still in: leaving within the grace minutes after it is charged only up to the payment */
  paidAt?: Date | undefined;
}

/**
 * The fee of [from, to] under a tariff version already read, the one function every stay is priced
 * by. A stay longer than `maxStayDays` is priced from its entry for `maxStayDays` days only, and
 * `capped` says so (the caller warns of it as 超长停车): the engine's work grows with the stay, and a
 * stay dated centuries back must not run the process out of memory.
 */
export const priceWith = (found: NamedVersion | undefined, vehicleClass: string | null, from: Date, to: Date, bound: StayBound) => {
  if (!found || !vehicleClass) return undefined;
  if (to < from) throw badRequest('出场时间不能早于入场时间');
  const { version, name } = found;
  const tariff = tariffOf(name, version.versionNo, version.effectiveFrom, version.effectiveTo, version.rules);
  const days = Number.isInteger(bound.maxStayDays) && bound.maxStayDays >= 1 ? Math.min(bound.maxStayDays, maxStayDaysCeiling) : maxStayDaysCeiling;
  const { paidAt } = bound;
  const capped = stayLongerThan(from, to, days);
  if (!capped) {
    const result = fee(tariff, from, to, { vehicleClass, ...(paidAt ? { paidAt } : {}) });
    return { tariffName: name, tariffVersionNo: version.versionNo, result, capped, maxStayDays: days };
  }
  // left within the grace minutes of a payment: charged up to the payment, which the bound may cut shorter still
  const leftInGrace = paidAt !== undefined && paidAt >= from && paidAt <= to && to.getTime() <= paidAt.getTime() + tariff.graceMinutes * 60_000;
  const limit = from.getTime() + days * DAY_MS;
  const until = new Date(Math.min(limit, leftInGrace ? paidAt.getTime() : to.getTime()));
  const result = fee(tariff, from, until, { vehicleClass });
  return { tariffName: name, tariffVersionNo: version.versionNo, result, capped, maxStayDays: days };
};
