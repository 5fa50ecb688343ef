import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PlateListType, VehicleEventResult } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { rowFromJson, rowToJson, rowsOf } from '../../db/json-row.js';
import { preparedJsonStatement } from '../../db/prepared.js';
import { parkingLots, parkingRecords, tariffVersions, tariffs } from '../../db/schema/index.js';
import { changeableRecordFields, type RecordWrite } from './record-writes.js';

// The reads and writes of one vehicle event, a few statements in all: at this path every round
// trip to PostgreSQL counts (the ingestion benchmark in bench/orders.ts measures it). They run as
// prepared statements: planning them cost PostgreSQL more than running them.
//
// A prepared statement keeps the plan it got on its sixth run for as long as its connection lives,
// and nothing but ANALYZE (or VACUUM) replaces it: a plan made while a table was small (a fresh
// install, a new tenant, a table never analysed) stayed in use as the table grew. So every row these
// statements touch is found one key at a time, in a form whose only sensible plan is an index probe
// per key, by an index that has the key, at any table size and with or without statistics:
// - a read is a LATERAL subquery by the leading columns of an index (a LIMIT keeps it one per key).
//   Without statistics every equality looks as selective as any other, and the planner took the
//   smallest index that matched: so a column that only narrows (a record's state) is compared with
//   IS NOT DISTINCT FROM, which no index takes, and an order no index should serve is an expression;
// - a write joins its keys as `column = ANY (ARRAY[key])`, not `column = key`: the planner cannot
//   hash-join on that, while it can look it up by index, and it counts one row per key. With `=` it
//   hash-joined each batch against a scan of the whole table (vehicle_events, parking_records);
// - other columns a write compares with its input (the tenant) are compared with IS NOT DISTINCT
//   FROM, which the planner cannot hash-join on either (the columns are NOT NULL, so it means `=`).
// vehicle-event.repository.test.ts checks the plans on tables without statistics; bench/RESULTS.md
// ("ingestion on tables without statistics") has what the old plans cost.

type VersionRow = typeof tariffVersions.$inferSelect;

/** A 黑白名单 entry as a lane applies it: in force from (null: ever) until (null: for ever; its removal ends it). */
export interface PlateListSpan {
  type: PlateListType;
  from: Date | null;
  until: Date | null;
  reason: string;
}
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

/** One event to claim: its device's event id, and the call's nonce when it came signed. */
export interface EventClaim {
  tenantId: string;
  deviceId: string;
  deviceEventId: string;
  kind: string;
  plateNumber: string;
  occurredAt: Date;
  lotId: string;
  nonce?: NonceClaim | undefined;
}

/** What claiming an event found: a replayed nonce claims nothing (freshNonce false); claimedId is null for a resend. */
export interface ClaimOutcome {
  freshNonce: boolean;
  claimedId: string | null;
}

const claimSql = (input: SQL) => sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${input}) AS i(
          idx integer, tenant_id uuid, device_id uuid, device_event_id text, kind text, plate_number text,
          occurred_at timestamptz, lot_id uuid, nonce text, seen_at timestamptz)
      ),
      first_nonce AS (
        SELECT DISTINCT ON (device_id, nonce) * FROM input WHERE nonce IS NOT NULL ORDER BY device_id, nonce, idx
      ),
      nonce AS (
        INSERT INTO device_nonces (tenant_id, device_id, nonce, seen_at)
        SELECT tenant_id, device_id, nonce, seen_at FROM first_nonce
        ON CONFLICT DO NOTHING
        RETURNING device_id, nonce
      ),
      fresh AS (
        SELECT i.* FROM input i
         WHERE i.nonce IS NULL
            OR (i.idx IN (SELECT idx FROM first_nonce) AND EXISTS (SELECT 1 FROM nonce n WHERE n.device_id = i.device_id AND n.nonce = i.nonce))
      ),
      first_event AS (
        SELECT DISTINCT ON (tenant_id, device_id, device_event_id, occurred_at) * FROM fresh ORDER BY tenant_id, device_id, device_event_id, occurred_at, idx
      ),
      claimed AS (
        INSERT INTO vehicle_events (tenant_id, device_id, device_event_id, kind, plate_number, occurred_at)
        SELECT tenant_id, device_id, device_event_id, kind, plate_number, occurred_at FROM first_event ORDER BY idx
        ON CONFLICT DO NOTHING
        RETURNING id, tenant_id, device_id, device_event_id, occurred_at
      ),
      locked AS (
        SELECT to_jsonb(l) AS lot
          FROM (SELECT DISTINCT tenant_id, lot_id FROM input) k
          JOIN parking_lots l ON l.id = ANY (ARRAY[k.lot_id]) AND l.tenant_id IS NOT DISTINCT FROM k.tenant_id
         ORDER BY l.id
         FOR UPDATE OF l
      )
      SELECT
        (SELECT jsonb_agg(jsonb_build_object(
            'fresh', EXISTS (SELECT 1 FROM fresh f WHERE f.idx = i.idx),
            'claimed', (SELECT c.id FROM first_event e JOIN claimed c USING (tenant_id, device_id, device_event_id, occurred_at) WHERE e.idx = i.idx))
          ORDER BY i.idx) FROM input i) AS events,
        (SELECT jsonb_agg(lot) FROM locked) AS lots,
        -- the transaction's start, which stamps the records the events write
        (extract(epoch FROM now()) * 1000)::float8 AS now_ms,
        -- for the rest of the events' transaction: the planner guesses any input at 100 rows, which
        -- prices the context read past jit_above_cost, and compiling it took ~400 ms to save nothing
        set_config('jit', 'off', true) AS jit`;
const claimStatement = preparedJsonStatement('vehicle_events_claim', claimSql);

/**
 * Claims the calls' nonces and the devices' event ids and locks the events' lots (in id order, as
 * every claim does, so claims never wait on each other in a circle), in one statement for any
 * number of events. A lot is locked whether or not its event's claim took (a resend only reads its
 * first answer). Of two events with the same nonce or event id, the first listed claims it. An
 * event without a nonce (applied in-process, as the demo history does) claims only its event id.
 */
export const claimEventsAndLockLots = async (tx: Db, claims: readonly EventClaim[]) => {
  const input = claims.map((c, idx) => ({
    idx,
    tenant_id: c.tenantId,
    device_id: c.deviceId,
    device_event_id: c.deviceEventId,
    kind: c.kind,
    plate_number: c.plateNumber,
    occurred_at: c.occurredAt.toISOString(),
    lot_id: c.lotId,
    nonce: c.nonce?.nonce ?? null,
    seen_at: c.nonce?.seenAt.toISOString() ?? null,
  }));
  const [row] = rowsOf(await claimStatement(tx, input));
  const events = (row?.events ?? []) as { fresh: boolean; claimed: string | null }[];
  const lots = new Map<string, Lot>();
  for (const json of (row?.lots ?? []) as unknown[]) {
    const lot = rowFromJson(parkingLots, json);
    if (lot) lots.set(lot.id, lot);
  }
  return { outcomes: events.map((e): ClaimOutcome => ({ freshNonce: e.fresh, claimedId: e.claimed })), lots, now: new Date(Number(row!.now_ms)) };
};

type Lot = typeof parkingLots.$inferSelect;

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
  /** an arrival: the plate's arrears are wanted, and its list entries at the moment, not over the stay */
  arrival: boolean;
  /** the lot resumes a paid stay within grace: the plate's last stay is wanted */
  lastRecord: boolean;
}

const contextSql = (input: SQL) => sql`
      SELECT q.idx, s.open, c.*
      FROM jsonb_to_recordset(${input}) AS q(
        idx integer, tenant_id uuid, lot_id uuid, plate text, plate_colour integer, at timestamptz, day date,
        tariff_id uuid, space_id uuid, arrival boolean, last_record boolean)
      -- the open stay, by the space it is on, else by plate; a join, so the lookup runs once per event.
      -- Without statistics the planner took any index of the tenant over the plate's, and read for each
      -- event every record the tenant ever parked (the smaller (tenant, state) index, dead entries too)
      -- or entered since (walking (tenant, entered) backwards for the ORDER BY). So the state is compared
      -- with IS NOT DISTINCT FROM where a plate is known, and the order is an expression no index has
      -- (a null entry first, as DESC puts it)
      LEFT JOIN LATERAL (
        SELECT u.r AS open_record FROM (
          (SELECT r FROM parking_records r
            WHERE q.space_id IS NULL AND r.tenant_id = q.tenant_id AND r.lot_id = q.lot_id AND r.plate_number = q.plate
              AND r.state IS NOT DISTINCT FROM 'parked'
            ORDER BY coalesce(r.entered_at, 'infinity') DESC LIMIT 1)
          UNION ALL
          (SELECT r FROM parking_records r
            WHERE q.space_id IS NOT NULL AND r.tenant_id = q.tenant_id AND r.lot_id = q.lot_id AND r.state = 'parked' AND r.space_id = q.space_id
            ORDER BY coalesce(r.entered_at, 'infinity') DESC LIMIT 1)
        ) u
        LIMIT 1
      ) o ON true
      CROSS JOIN LATERAL (
        SELECT
          to_jsonb(o.open_record) AS open,
          -- the plate a stay is priced for: the open stay's (a sensor's event names no plate), else the event's
          coalesce((o.open_record).plate_number, q.plate) AS record_plate
      ) s
      CROSS JOIN LATERAL (
        SELECT
          CASE WHEN q.arrival THEN q.plate ELSE s.record_plate END AS plate,
          CASE WHEN q.arrival THEN q.plate_colour ELSE coalesce((o.open_record).plate_colour, q.plate_colour) END AS colour,
          CASE WHEN q.arrival THEN q.at ELSE coalesce((o.open_record).entered_at, q.at) END AS since
      ) l
      CROSS JOIN LATERAL (
        SELECT
          (SELECT jsonb_build_object('version', to_jsonb(v), 'name', t.name)
             FROM tariff_versions v JOIN tariffs t ON t.tenant_id = v.tenant_id AND t.id = v.tariff_id
            WHERE v.tenant_id = q.tenant_id AND v.id = (o.open_record).tariff_version_id) AS open_version,
          (SELECT jsonb_build_object('version', to_jsonb(v), 'name', t.name, 'tariff', to_jsonb(t))
             FROM tariffs t JOIN tariff_versions v ON v.tenant_id = t.tenant_id AND v.tariff_id = t.id
            WHERE t.tenant_id = q.tenant_id AND t.id = q.tariff_id
              AND v.effective_from <= q.at AND (v.effective_to IS NULL OR v.effective_to > q.at)
            ORDER BY v.effective_from DESC
            LIMIT 1) AS version_now,
          -- cards pay for a stay ending: an arrival prices nothing
          NOT q.arrival AND s.record_plate <> '' AND EXISTS (
            SELECT 1 FROM long_rentals r
             WHERE r.tenant_id = q.tenant_id AND r.lot_id = q.lot_id AND r.plate_number = s.record_plate AND r.enabled
               AND r.valid_from <= q.day AND r.valid_to >= q.day) AS long_rental,
          CASE WHEN NOT q.arrival AND s.record_plate <> '' THEN (
            SELECT c.id FROM group_cards c JOIN groups g ON g.tenant_id = c.tenant_id AND g.id = c.group_id
             WHERE c.tenant_id = q.tenant_id AND c.enabled AND g.enabled AND c.plates @> ARRAY[s.record_plate]
               AND q.lot_id = ANY(c.lot_ids) AND c.valid_from <= q.day AND c.valid_to >= q.day
             ORDER BY c.created_at
             LIMIT 1) END AS group_card_id,
          -- merchants' coupons the plate may use leaving this lot, or the stay used when paid for while in:
          -- only then does the exit lock and weigh them
          NOT q.arrival AND l.plate <> '' AND EXISTS (
            SELECT 1 FROM coupons k
             WHERE k.tenant_id = q.tenant_id AND k.plate_number = l.plate AND q.lot_id = ANY (k.lot_ids)
               AND ((k.state IN ('unused', 'in_use') AND k.expires_at > q.at) OR (k.state = 'used' AND k.record_id = (o.open_record).id))) AS has_coupons,
          -- the plate's 黑白名单 entries at the lot in force at some moment of the stay (of the arrival's
          -- moment), each ending at its removal: black refuses the lane now, white makes its time free
          CASE WHEN l.plate <> '' THEN (
            SELECT jsonb_agg(jsonb_build_object('type', e.type, 'from', e.valid_from, 'until', least(e.valid_to, e.removed_at), 'reason', e.reason))
              FROM plate_list_entries e
             WHERE e.tenant_id = q.tenant_id AND e.plate_number = l.plate AND e.plate_colour = l.colour
               AND (e.lot_ids IS NULL OR q.lot_id = ANY (e.lot_ids))
               AND (e.valid_from IS NULL OR e.valid_from <= q.at)
               AND coalesce(least(e.valid_to, e.removed_at), 'infinity') > l.since) END AS plate_list,
          CASE WHEN q.arrival AND q.plate <> '' THEN (
            SELECT jsonb_build_object('records', count(*), 'owed', coalesce(sum(unpaid), 0)) FROM parking_records
             WHERE tenant_id = q.tenant_id AND plate_number = q.plate AND state IS NOT DISTINCT FROM 'unpaid') END AS arrears,
          CASE WHEN q.last_record AND q.plate <> '' THEN (
            SELECT jsonb_build_object('record', to_jsonb(r), 'version', to_jsonb(v), 'name', t.name)
              FROM (SELECT * FROM parking_records
                     WHERE tenant_id = q.tenant_id AND lot_id = q.lot_id AND plate_number = q.plate
                     ORDER BY coalesce(exited_at, entered_at, created_at) DESC, created_at DESC
                     LIMIT 1) r
              LEFT JOIN tariff_versions v ON v.tenant_id = r.tenant_id AND v.id = r.tariff_version_id
              LEFT JOIN tariffs t ON t.tenant_id = v.tenant_id AND t.id = v.tariff_id) END AS last_record
      ) c
      ORDER BY q.idx`;
const contextStatement = preparedJsonStatement('vehicle_event_contexts', contextSql);

/**
 * What applying a vehicle event reads, taken after the lot's lock: the open stay (with its tariff
 * version), the lot's tariff version in force now, for a departure the long-rental and group cards
 * of the stay's plate for the day, the plate's 黑白名单 entries, and for an arrival its arrears and last stay.
 * One statement for any number of events, each read on its own (a lateral join over the queries).
 */
export const loadEventContexts = async (tx: Db, queries: readonly EventContextQuery[]) => {
  const input = queries.map((q, idx) => ({
    idx,
    tenant_id: q.tenantId,
    lot_id: q.lotId,
    plate: q.plateNumber,
    plate_colour: q.plateColour,
    at: q.at.toISOString(),
    day: q.day,
    tariff_id: q.tariffId,
    space_id: q.spaceId,
    arrival: q.arrival,
    last_record: q.lastRecord,
  }));
  // planned afresh for each batch, with the table's size as it is now: a generic plan, cached while
  // the records were few, priced every index starting with the tenant alike, and kept reading all
  // of a tenant's records through (tenant, state) for each stay long after the table had grown
  // (bench/RESULTS.md, the plan of the event context). The parameter is one JSON blob, so a custom
  // plan costs only its planning; the setting ends with the transaction.
  await tx.execute(sql`SELECT set_config('plan_cache_mode', 'force_custom_plan', true)`);
  const rows = rowsOf(await contextStatement(tx, input));
  return rows.map(contextOf);
};

const contextOf = (row: Record<string, unknown>) => {
  const versionNow = row.version_now as { tariff: unknown } | null;
  const lastRecord = row.last_record as { record: unknown; version: unknown; name: string | null } | null;
  const arrears = row.arrears as { records: number; owed: number | string } | null;
  return {
    open: rowFromJson(parkingRecords, row.open),
    openVersion: namedVersionOf(row.open_version),
    versionNow: namedVersionOf(versionNow),
    tariffNow: rowFromJson(tariffs, versionNow?.tariff),
    longRental: row.long_rental === true,
    /** the group card that may pay part of the stay; groupCardDiscount checks its quota under the card's lock */
    groupCardId: (row.group_card_id as string | null | undefined) ?? null,
    /** the plate has live coupons for the lot; couponDiscount weighs them under their lock */
    hasCoupons: row.has_coupons === true,
    /** the plate's 黑白名单 entries at the lot that meet the stay (an arrival: its moment) */
    plateList: ((row.plate_list ?? []) as { type: PlateListType; from: string | null; until: string | null; reason: string }[]).map((e): PlateListSpan => ({
      type: e.type,
      from: e.from === null ? null : new Date(e.from),
      until: e.until === null ? null : new Date(e.until),
      reason: e.reason,
    })),
    arrears: { records: Number(arrears?.records ?? 0), owed: Number(arrears?.owed ?? 0) },
    lastRecord: lastRecord ? { record: rowFromJson(parkingRecords, lastRecord.record)!, version: namedVersionOf(lastRecord) } : undefined,
  };
};

export type EventContext = ReturnType<typeof contextOf>;

/** What finishing an event keeps: its answer for resends, and how far its lane lot's free count moves. */
export interface EventFinish {
  eventId: string;
  tenantId: string;
  /** the device's time of the event: with the tenant and id, the event's key */
  occurredAt: Date;
  lotId: string;
  freeDelta: number;
  recordId: string | null;
  result: VehicleEventResult;
}

const recordColumns = getTableColumns(parkingRecords);
/** the columns a new record is written with; created_at and updated_at are the transaction's start */
const insertedColumns = sql.raw(
  Object.values(recordColumns)
    .map((c) => c.name)
    .filter((name) => name !== 'created_at' && name !== 'updated_at')
    .map((name) => `"${name}"`)
    .join(', '),
);
const changedColumns = sql.raw(changeableRecordFields.map((field) => `"${recordColumns[field].name}" = r."${recordColumns[field].name}"`).join(', '));

const finishSql = (input: SQL) => sql`
      WITH arg AS (SELECT ${input} AS j),
      input AS (
        SELECT * FROM jsonb_to_recordset((SELECT j->'events' FROM arg)) AS f(
          event_id uuid, tenant_id uuid, occurred_at timestamptz, lot_id uuid, free_delta integer, record_id uuid, result jsonb)
      ),
      records AS (
        SELECT (w->>'inserted')::boolean AS inserted, w->>'read_state' AS read_state, (w->>'read_paid')::integer AS read_paid, r.*
          FROM jsonb_array_elements((SELECT j->'records' FROM arg)) w
          CROSS JOIN LATERAL jsonb_populate_record(null::parking_records, w->'row') r
      ),
      added AS (
        INSERT INTO parking_records (${insertedColumns}, created_at, updated_at)
        SELECT ${insertedColumns}, now(), now() FROM records WHERE inserted
      ),
      changed AS (
        UPDATE parking_records p SET ${changedColumns}, updated_at = now()
          FROM records r
         WHERE NOT r.inserted AND p.id = ANY (ARRAY[r.id])
           -- only over what the event read; not as equalities, which let the planner find the record by
           -- scanning every record of the tenant in that state (thousands parked) instead of by its id
           AND (p.tenant_id, p.state, p.paid) IS NOT DISTINCT FROM (r.tenant_id, r.read_state, r.read_paid)
        RETURNING p.id
      ),
      moved AS (
        UPDATE parking_lots l SET free_count = greatest(0, least(l.total_spaces, l.free_count + d.delta)), updated_at = now()
          FROM (SELECT tenant_id, lot_id, sum(free_delta)::integer AS delta FROM input GROUP BY tenant_id, lot_id) d
         WHERE d.delta <> 0 AND l.id = ANY (ARRAY[d.lot_id]) AND l.tenant_id IS NOT DISTINCT FROM d.tenant_id
      ),
      answered AS (
        UPDATE vehicle_events e SET record_id = f.record_id, result = f.result
          FROM input f
         -- by its id (vehicle_events_id, the one index that has it first) in its month's partition (the
         -- month prunes the others as the statement runs); the tenant only narrows: as an indexable
         -- comparison it let a plan made while the table was small read a tenant's every event to update one
         WHERE e.id = ANY (ARRAY[f.event_id]) AND e.occurred_at = ANY (ARRAY[f.occurred_at]) AND e.tenant_id IS NOT DISTINCT FROM f.tenant_id
      )
      SELECT (SELECT count(*) FROM changed)::integer AS changed`;
const finishStatement = preparedJsonStatement('vehicle_events_finish', finishSql);

/**
 * Writes the records a batch of events opened and changed, keeps the events' answers for resends
 * and moves each lane lot's free count by its events' sum (kept within 0 and the lot's total), in
 * one statement for any number of events. A changed record is written only if its state and paid
 * amount are still as read; the answer counts the changes that were not, and the caller must then
 * roll the transaction back.
 */
export const finishVehicleEvents = async (tx: Db, finishes: readonly EventFinish[], records: readonly RecordWrite[]) => {
  const events = finishes.map((f) => ({
    event_id: f.eventId,
    tenant_id: f.tenantId,
    occurred_at: f.occurredAt.toISOString(),
    lot_id: f.lotId,
    free_delta: f.freeDelta,
    record_id: f.recordId,
    result: f.result,
  }));
  const written = records.map((w) => ({
    inserted: w.inserted,
    read_state: w.inserted ? null : w.read.state,
    read_paid: w.inserted ? null : w.read.paid,
    row: rowToJson(parkingRecords, w.row),
  }));
  const [row] = rowsOf(await finishStatement(tx, { events, records: written }));
  const expected = records.filter((w) => !w.inserted).length;
  return { stale: expected - Number(row?.changed ?? 0) };
};

/** The event path's statements, each around its one JSON input: for a test that reads the plans PostgreSQL gives them. */
export const eventPathSql = { claim: claimSql, context: contextSql, finish: finishSql };
