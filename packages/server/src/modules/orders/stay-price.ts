import { fee, tariffOf } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { findTariffVersion } from './parking-record.repository.js';
import type { NamedVersion } from './vehicle-event.repository.js';

/**
 * The fee of [from, to] under a stored tariff version: how a record is priced at exit, shown in its
 * detail and priced again when a correction moves its times. Undefined without a version or class.
 */
export const priceStay = async (db: Db, tenantId: string, versionId: string | null, vehicleClass: string | null, from: Date, to: Date, paidAt?: Date) =>
  priceWith(versionId ? await findTariffVersion(db, tenantId, versionId) : undefined, vehicleClass, from, to, paidAt);

/** The fee of [from, to] under a tariff version already read. */
export const priceWith = (found: NamedVersion | undefined, vehicleClass: string | null, from: Date, to: Date, paidAt?: Date) => {
  if (!found || !vehicleClass) return undefined;
  const { version, name } = found;
  // paid while still in: leaving within the grace minutes after it is charged only up to the payment
  const result = fee(tariffOf(name, version.versionNo, version.effectiveFrom, version.effectiveTo, version.rules), from, to, { vehicleClass, ...(paidAt ? { paidAt } : {}) });
  return { tariffName: name, tariffVersionNo: version.versionNo, result };
};
