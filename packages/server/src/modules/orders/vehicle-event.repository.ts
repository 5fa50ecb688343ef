import { sql } from 'drizzle-orm';
import type { VehicleEventResult } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { rowFromJson, rowsOf } from '../../db/json-row.js';
import { executePrepared } from '../../db/prepared.js';
import { parkingLots, parkingRecords, plateBlacklist, tariffVersions, tariffs } from '../../db/schema/index.js';

// The reads and writes of one vehicle event, a few statements in all: at this path every round
// trip to PostgreSQL counts (the ingestion benchmark in bench/orders.ts measures it). They run as
// prepared statements: planning them cost PostgreSQL more than running them.

type VersionRow = typeof tariffVersions.$inferSelect;
/** a stored tariff version with its tariff's name, as a record priced by it needs */
export interface NamedVersion {
  version: VersionRow;
  name: string;
}

const namedVersionOf = (json: unknown): NamedVersion | undefined => {
  const value = json as { version: unknown; name: string } | null;
  const version = value && rowFromJson(tariffVersions, value.version);
  return version ? { version, name: value.name } : undefined;
};

/** A device call's nonce, claimed with its event: a nonce seen before makes the call a replay. */
export interface NonceClaim {
  tenantId: string;
  deviceId: string;
  nonce: string;
  seenAt: Date;
}

/**
 * Claims the call's nonce and the device's event id and locks the event's lot, in one statement.
 * A replayed nonce claims nothing (freshNonce false). The lot is locked whether or not the event's
 * claim took (a resend only reads its first answer); claimedId is null for a resend. Without a
 * nonce (events applied in-process, as the demo history does) only the event id is claimed.
 */
export const claimEventAndLockLot = async (
  tx: Db,
  claim: { tenantId: string; deviceId: string; deviceEventId: string; kind: string; plateNumber: string; occurredAt: Date },
  lotId: string,
  nonce?: NonceClaim,
) => {
  const [row] = rowsOf(
    await executePrepared(tx, 'vehicle_event_claim', sql`
      WITH nonce AS (
        ${
          nonce
            ? sql`INSERT INTO device_nonces (tenant_id, device_id, nonce, seen_at)
                  VALUES (${nonce.tenantId}, ${nonce.deviceId}, ${nonce.nonce}, ${nonce.seenAt.toISOString()}::timestamptz)
                  ON CONFLICT DO NOTHING
                  RETURNING 1 AS fresh`
            : sql`SELECT 1 AS fresh`
        }
      ),
      claimed AS (
        INSERT INTO vehicle_events (tenant_id, device_id, device_event_id, kind, plate_number, occurred_at)
        SELECT ${claim.tenantId}::uuid, ${claim.deviceId}::uuid, ${claim.deviceEventId}::text, ${claim.kind}::text, ${claim.plateNumber}::text, ${claim.occurredAt.toISOString()}::timestamptz
        WHERE EXISTS (SELECT 1 FROM nonce)
        ON CONFLICT DO NOTHING
        RETURNING id
      )
      SELECT
        EXISTS (SELECT 1 FROM nonce) AS fresh_nonce,
        (SELECT id FROM claimed) AS claimed_id,
        (SELECT to_jsonb(l) FROM parking_lots l WHERE l.tenant_id = ${claim.tenantId} AND l.id = ${lotId} FOR UPDATE) AS lot`),
  );
  return {
    freshNonce: row?.fresh_nonce === true,
    claimedId: (row?.claimed_id as string | null | undefined) ?? null,
    lot: rowFromJson(parkingLots, row?.lot),
  };
};

export interface EventContextQuery {
  tenantId: string;
  lotId: string;
  plateNumber: string;
  plateColour: number;
  at: Date;
  /** the business day of `at` (YYYY-MM-DD), for long-rental cards */
  day: string;
  /** the lot's tariff, whose version in force at `at` is wanted */
  tariffId: string | null;
  /** the open stay is looked up by the space it is on, else by plate */
  spaceId: string | null;
  /** an arrival: the plate's blacklist entry and arrears are wanted */
  arrival: boolean;
  /** the lot resumes a paid stay within grace: the plate's last stay is wanted */
  lastStay: boolean;
}

/**
 * What applying a vehicle event reads, in one statement taken after the lot's lock: the open stay
 * (with its tariff version), the lot's tariff version in force now, for a departure the long-rental
 * and group cards of the stay's plate for the day, and for an arrival its blacklist entry, arrears and last stay.
 */
export const loadEventContext = async (tx: Db, q: EventContextQuery) => {
  const at = q.at.toISOString();
  const hasPlate = q.plateNumber !== '';
  const [row] = rowsOf(
    await executePrepared(tx, 'vehicle_event_context', sql`
      WITH open_stay AS (
        SELECT * FROM parking_records
        WHERE tenant_id = ${q.tenantId} AND lot_id = ${q.lotId} AND state = 'parked'
          AND ${q.spaceId === null ? sql`plate_number = ${q.plateNumber}` : sql`space_id = ${q.spaceId}`}
        ORDER BY entered_at DESC
        LIMIT 1
      ),
      -- the plate a stay is priced for: the open stay's (a sensor's event names no plate), else the event's
      stay_plate AS (
        SELECT coalesce((SELECT plate_number FROM open_stay), ${q.plateNumber}) AS plate
      )
      SELECT
        (SELECT to_jsonb(o) FROM open_stay o) AS open,
        (SELECT jsonb_build_object('version', to_jsonb(v), 'name', t.name)
           FROM open_stay o JOIN tariff_versions v ON v.tenant_id = o.tenant_id AND v.id = o.tariff_version_id JOIN tariffs t ON t.id = v.tariff_id) AS open_version,
        (SELECT jsonb_build_object('version', to_jsonb(v), 'name', t.name, 'tariff', to_jsonb(t))
           FROM tariffs t JOIN tariff_versions v ON v.tenant_id = t.tenant_id AND v.tariff_id = t.id
          WHERE t.tenant_id = ${q.tenantId} AND t.id = ${q.tariffId}::uuid
            AND v.effective_from <= ${at}::timestamptz AND (v.effective_to IS NULL OR v.effective_to > ${at}::timestamptz)
          ORDER BY v.effective_from DESC
          LIMIT 1) AS version_now,
        -- cards pay for a stay ending: an arrival prices nothing
        ${!q.arrival}::boolean AND EXISTS (
          SELECT 1 FROM long_rentals, stay_plate p
           WHERE tenant_id = ${q.tenantId} AND lot_id = ${q.lotId} AND p.plate <> '' AND plate_number = p.plate AND enabled
             AND valid_from <= ${q.day}::date AND valid_to >= ${q.day}::date) AS long_rental,
        CASE WHEN ${!q.arrival}::boolean THEN (SELECT c.id FROM group_cards c JOIN groups g ON g.id = c.group_id, stay_plate p
          WHERE c.tenant_id = ${q.tenantId} AND p.plate <> '' AND c.enabled AND g.enabled AND c.plates @> ARRAY[p.plate]
            AND ${q.lotId}::uuid = ANY(c.lot_ids) AND c.valid_from <= ${q.day}::date AND c.valid_to >= ${q.day}::date
          ORDER BY c.created_at
          LIMIT 1) END AS group_card_id,
        CASE WHEN ${q.arrival && hasPlate}::boolean THEN (
          SELECT to_jsonb(b) FROM plate_blacklist b
           WHERE b.tenant_id = ${q.tenantId} AND b.plate_number = ${q.plateNumber} AND (b.plate_colour IS NULL OR b.plate_colour = ${q.plateColour})
           LIMIT 1) END AS blacklisted,
        CASE WHEN ${q.arrival && hasPlate}::boolean THEN (
          SELECT jsonb_build_object('records', count(*), 'owed', coalesce(sum(unpaid), 0)) FROM parking_records
           WHERE tenant_id = ${q.tenantId} AND plate_number = ${q.plateNumber} AND state = 'unpaid') END AS arrears,
        CASE WHEN ${q.lastStay && hasPlate}::boolean THEN (
          SELECT jsonb_build_object('record', to_jsonb(r), 'version', to_jsonb(v), 'name', t.name)
            FROM (SELECT * FROM parking_records
                   WHERE tenant_id = ${q.tenantId} AND lot_id = ${q.lotId} AND plate_number = ${q.plateNumber}
                   ORDER BY coalesce(exited_at, entered_at, created_at) DESC, created_at DESC
                   LIMIT 1) r
            LEFT JOIN tariff_versions v ON v.tenant_id = r.tenant_id AND v.id = r.tariff_version_id
            LEFT JOIN tariffs t ON t.id = v.tariff_id) END AS last_stay`),
  );
  const versionNow = row?.version_now as { tariff: unknown } | null;
  const lastStay = row?.last_stay as { record: unknown; version: unknown; name: string | null } | null;
  const arrears = row?.arrears as { records: number; owed: number | string } | null;
  return {
    open: rowFromJson(parkingRecords, row?.open),
    openVersion: namedVersionOf(row?.open_version),
    versionNow: namedVersionOf(versionNow),
    tariffNow: rowFromJson(tariffs, versionNow?.tariff),
    longRental: row?.long_rental === true,
    /** the group card that may pay part of the stay; groupCardDiscount checks its quota under the card's lock */
    groupCardId: (row?.group_card_id as string | null | undefined) ?? null,
    blacklisted: rowFromJson(plateBlacklist, row?.blacklisted),
    arrears: { records: Number(arrears?.records ?? 0), owed: Number(arrears?.owed ?? 0) },
    lastStay: lastStay ? { record: rowFromJson(parkingRecords, lastStay.record)!, version: namedVersionOf(lastStay) } : undefined,
  };
};

export type EventContext = Awaited<ReturnType<typeof loadEventContext>>;

/** Keeps the event's answer for resends and moves a lane lot's free count (kept within 0 and its total), in one statement. */
export const finishVehicleEvent = (
  tx: Db,
  finish: { eventId: string; tenantId: string; lotId: string; freeDelta: number; recordId: string | null; result: VehicleEventResult },
) =>
  executePrepared(tx, 'vehicle_event_finish', sql`
    WITH moved AS (
      UPDATE parking_lots SET free_count = greatest(0, least(total_spaces, free_count + ${finish.freeDelta}::integer)), updated_at = now()
       WHERE ${finish.freeDelta !== 0}::boolean AND tenant_id = ${finish.tenantId} AND id = ${finish.lotId}
    )
    UPDATE vehicle_events SET record_id = ${finish.recordId}::uuid, result = ${JSON.stringify(finish.result)}::jsonb
     WHERE id = ${finish.eventId}`);
