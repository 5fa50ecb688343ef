-- locks: operation_logs and vehicle_events: ACCESS EXCLUSIVE for a moment each, to rename and drop indexes, take the keys 0053 built as their primary keys and add a check NOT VALID (no scan); the rows dated from next month on (none, unless a clock ran ahead) are moved out by a scan that lets writes on
-- Monthly partitions, step 1 of 3 (db/month-partitions.ts says how they are kept). Each table gets a
-- partitioned twin, `<table>_by_month`, with the same columns, the tenant, row and month as its key,
-- its indexes, foreign keys, row-level security and a default partition for rows no month takes.
-- The table as it is will become, whole, the partition of every month before the next one (0056):
-- nothing is copied. Here it is told so by a check (validated in 0055 without stopping writes), and
-- the few rows it holds from that month on move to the twin. Months are China's (UTC+8).
CREATE TABLE "month_partitions" (
	"table_name" text PRIMARY KEY NOT NULL,
	"partition_key" text NOT NULL,
	"months_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The start of the month `months` after the one `at` falls in, in China's time (no daylight saving, so a fixed +8 h).
CREATE OR REPLACE FUNCTION parking_month_start(at timestamptz, months integer DEFAULT 0) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT ((date_trunc('month', (at AT TIME ZONE 'UTC') + interval '8 hours') + make_interval(months => months)) - interval '8 hours') AT TIME ZONE 'UTC'
$$;
--> statement-breakpoint
-- Adds the partition of the month starting at `month_start` to `target` (a table of month_partitions),
-- moving into it the rows its default partition holds for that month. False when the month is before
-- the table's own partitions or has one already.
CREATE OR REPLACE FUNCTION parking_add_month_partition(target text, month_start timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  key text;
  first_month timestamptz;
  month_end timestamptz := parking_month_start(month_start, 1);
  name text := target || '_' || to_char((month_start AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY_MM');
BEGIN
  SELECT partition_key, months_from INTO key, first_month FROM month_partitions WHERE table_name = target;
  IF key IS NULL THEN
    RAISE EXCEPTION '% is not partitioned by month', target;
  END IF;
  IF month_start <> parking_month_start(month_start) THEN
    RAISE EXCEPTION '% is not the start of a month', month_start;
  END IF;
  IF month_start < first_month OR to_regclass(name) IS NOT NULL THEN
    RETURN false;
  END IF;
  -- rows for the month may arrive while it is added: they wait, and then go to it
  EXECUTE format('LOCK TABLE %I IN EXCLUSIVE MODE', target || '_default');
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', name, target);
  EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= %L AND %I < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
    target || '_default', key, month_start, key, month_end, name);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', target, name, month_start, month_end);
  PERFORM parking_enable_tenant_rls(name::regclass);
  RETURN true;
END $$;
--> statement-breakpoint
INSERT INTO "month_partitions" ("table_name", "partition_key", "months_from")
VALUES ('operation_logs', 'created_at', parking_month_start(now(), 1)), ('vehicle_events', 'occurred_at', parking_month_start(now(), 1));
--> statement-breakpoint
ALTER INDEX "operation_logs_tenant_time" RENAME TO "operation_logs_legacy_tenant_time";--> statement-breakpoint
ALTER INDEX "operation_logs_tenant_target" RENAME TO "operation_logs_legacy_tenant_target";--> statement-breakpoint
-- its key becomes the tenant, the row and the month: a partition has the key of its table
ALTER TABLE "operation_logs" DROP CONSTRAINT "operation_logs_pkey", ADD CONSTRAINT "operation_logs_legacy_key" PRIMARY KEY USING INDEX "operation_logs_legacy_key";--> statement-breakpoint
-- an event is one per device event id and device time now (a counter that restarted makes new events): 0053 built that key
DROP INDEX "vehicle_events_tenant_device_event";--> statement-breakpoint
ALTER INDEX "vehicle_events_tenant_created" RENAME TO "vehicle_events_legacy_tenant_created";--> statement-breakpoint
-- its key becomes the tenant, the row and the month: a partition has the key of its table
ALTER TABLE "vehicle_events" DROP CONSTRAINT "vehicle_events_pkey", ADD CONSTRAINT "vehicle_events_legacy_key" PRIMARY KEY USING INDEX "vehicle_events_legacy_key";--> statement-breakpoint
CREATE TABLE "operation_logs_by_month" (LIKE "operation_logs" INCLUDING DEFAULTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "operation_logs_by_month" ADD CONSTRAINT "operation_logs_pkey" PRIMARY KEY ("tenant_id","id","created_at");--> statement-breakpoint
ALTER TABLE "operation_logs_by_month" ADD CONSTRAINT "operation_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operation_logs_tenant_time" ON "operation_logs_by_month" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_tenant_target" ON "operation_logs_by_month" USING btree ("tenant_id","target","target_id");--> statement-breakpoint
CREATE TABLE "operation_logs_default" PARTITION OF "operation_logs_by_month" DEFAULT;--> statement-breakpoint
SELECT parking_enable_tenant_rls('operation_logs_by_month');--> statement-breakpoint
SELECT parking_enable_tenant_rls('operation_logs_default');--> statement-breakpoint
CREATE TABLE "vehicle_events_by_month" (LIKE "vehicle_events" INCLUDING DEFAULTS) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
ALTER TABLE "vehicle_events_by_month" ADD CONSTRAINT "vehicle_events_pkey" PRIMARY KEY ("tenant_id","id","occurred_at");--> statement-breakpoint
ALTER TABLE "vehicle_events_by_month" ADD CONSTRAINT "vehicle_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_events_by_month" ADD CONSTRAINT "vehicle_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_events_by_month" ADD CONSTRAINT "vehicle_events_record_id_parking_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."parking_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_events_tenant_device_event" ON "vehicle_events_by_month" USING btree ("tenant_id","device_id","device_event_id","occurred_at");--> statement-breakpoint
CREATE INDEX "vehicle_events_tenant_created" ON "vehicle_events_by_month" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE TABLE "vehicle_events_default" PARTITION OF "vehicle_events_by_month" DEFAULT;--> statement-breakpoint
SELECT parking_enable_tenant_rls('vehicle_events_by_month');--> statement-breakpoint
SELECT parking_enable_tenant_rls('vehicle_events_default');--> statement-breakpoint
WITH moved AS (
  DELETE FROM "operation_logs" WHERE "created_at" >= (SELECT "months_from" FROM "month_partitions" WHERE "table_name" = 'operation_logs') RETURNING *
)
INSERT INTO "operation_logs_by_month" SELECT * FROM moved;--> statement-breakpoint
WITH moved AS (
  DELETE FROM "vehicle_events" WHERE "occurred_at" >= (SELECT "months_from" FROM "month_partitions" WHERE "table_name" = 'vehicle_events') RETURNING *
)
INSERT INTO "vehicle_events_by_month" SELECT * FROM moved;--> statement-breakpoint
DO $$
DECLARE
  cut record;
BEGIN
  FOR cut IN SELECT * FROM month_partitions LOOP
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (%I < %L) NOT VALID', cut.table_name, cut.table_name || '_before_months', cut.partition_key, cut.months_from);
  END LOOP;
END $$;
