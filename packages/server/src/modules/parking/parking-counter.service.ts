import type { ParkingCounters } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { lotTotals } from './parking-lot.repository.js';
import { spaceCountsByLot } from './parking-space.repository.js';

/**
 * Live counters of every lot of the user's own tenant. A lot with spaces is counted from their
 * states; a lot without (a gated lot counted at its lanes) reports the totals it keeps.
 */
export const parkingCounters = async (db: Db, auth: AuthContext, tenantId: string): Promise<ParkingCounters> => {
  if (tenantId !== auth.tenantId) throw forbidden('只能查看本租户的车位统计');
  const [lots, counted] = await Promise.all([lotTotals(db, tenantId), spaceCountsByLot(db, tenantId)]);
  const byLot = new Map(counted.map((c) => [c.lotId, c]));
  return {
    tenantId,
    lots: lots.map((lot) => {
      const kind = lot.kind === 'lane' ? ('lane' as const) : ('space' as const);
      const spaces = byLot.get(lot.id);
      if (spaces) {
        const { total, free, occupied, fault, longRental } = spaces;
        return { lotId: lot.id, lotName: lot.name, kind, total, free, occupied, fault, longRental };
      }
      const occupied = Math.max(0, lot.totalSpaces - lot.freeCount);
      return { lotId: lot.id, lotName: lot.name, kind, total: lot.totalSpaces, free: lot.freeCount, occupied, fault: 0, longRental: lot.longRentalSpaces };
    }),
  };
};
