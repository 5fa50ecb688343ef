import type { ReviewedStay } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { parkingLots, parkingRecords } from '../../db/schema/index.js';
import { tenantRow } from '../../shared/rows.js';
import { tenantEq } from '../../db/tenant-eq.js';

/** The stay a complaint or an appeal is about, in the tenant: read for its filing and beside the case for the reviewer. */
export const reviewedStayRow = async (db: Db, tenantId: string, recordId: string) => {
  const [row] = await db
    .select({
      id: parkingRecords.id,
      lotName: parkingLots.name,
      plateNumber: parkingRecords.plateNumber,
      plateColour: parkingRecords.plateColour,
      enteredAt: parkingRecords.enteredAt,
      exitedAt: parkingRecords.exitedAt,
      amountDue: parkingRecords.amountDue,
      discount: parkingRecords.discount,
      paid: parkingRecords.paid,
      unpaid: parkingRecords.unpaid,
      state: parkingRecords.state,
    })
    .from(parkingRecords)
    .leftJoin(parkingLots, tenantEq(parkingLots.id, parkingRecords.lotId))
    .where(tenantRow(parkingRecords, tenantId, recordId))
    .limit(1);
  return row;
};
export type ReviewedStayRow = NonNullable<Awaited<ReturnType<typeof reviewedStayRow>>>;

export const toReviewedStay = (row: ReviewedStayRow): ReviewedStay => ({
  ...row,
  lotName: row.lotName ?? '',
  enteredAt: row.enteredAt?.toISOString() ?? null,
  exitedAt: row.exitedAt?.toISOString() ?? null,
});
