-- locks: parking_records: SHARE while it is read once for its latest month (writes wait, reads go on), then ACCESS EXCLUSIVE for a moment (its key on the id alone dropped, indexes renamed, a check added NOT VALID: no scan)
-- Monthly partitions of parking records, step 1 of 4 (as 0054–0056 did for the log and the events;
-- db/month-partitions.ts says how they are kept). The records get a partitioned twin,
-- `parking_records_by_month`, with the same columns, checks, indexes, foreign keys, triggers and
-- row-level security, and (id, tenant, month) as its key. The table as it is becomes, whole, the
-- partition of every month before the first (0066): nothing is copied, and no row moves, since others
-- link to records and a row moved would be a row deleted to them. So the first month is the one after
-- the latest a record was written in (a clock set ahead writes records of later months), read under a
-- lock that keeps a later one from being written meanwhile. 0065 validates the check.
-- A month is added to a table others link to only while its default partition holds none of its rows:
-- those rows stay where they are, and the month is made again once they are gone.
CREATE OR REPLACE FUNCTION parking_add_month_partition(target text, month_start timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  key text;
  first_month timestamptz;
  month_end timestamptz := parking_month_start(month_start, 1);
  name text := target || '_' || to_char((month_start AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY_MM');
  linked boolean;
  waiting boolean;
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
  linked := EXISTS (SELECT 1 FROM pg_constraint WHERE contype = 'f' AND confrelid = target::regclass);
  IF linked THEN
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I >= %L AND %I < %L)', target || '_default', key, month_start, key, month_end) INTO waiting;
    IF waiting THEN
      RETURN false;
    END IF;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name, target);
  IF NOT linked THEN
    EXECUTE format('WITH moved AS (DELETE FROM %I WHERE %I >= %L AND %I < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
      target || '_default', key, month_start, key, month_end, name);
  END IF;
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', target, name, month_start, month_end);
  PERFORM parking_enable_tenant_rls(name::regclass);
  RETURN true;
END $$;
--> statement-breakpoint
LOCK TABLE "parking_records" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "month_partitions" ("table_name", "partition_key", "months_from")
SELECT 'parking_records', 'created_at', parking_month_start(greatest(now(), max("created_at")), 1) FROM "parking_records";
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('ALTER TABLE parking_records ADD CONSTRAINT parking_records_before_months CHECK (created_at < %L) NOT VALID',
    (SELECT months_from FROM month_partitions WHERE table_name = 'parking_records'));
END $$;
--> statement-breakpoint
-- its key becomes the row, the tenant and the month (0059's key, which every link to a record already names); nothing links to the id alone since 0062
ALTER TABLE "parking_records" DROP CONSTRAINT "parking_records_pkey";--> statement-breakpoint
ALTER TABLE "parking_records" RENAME CONSTRAINT "parking_records_month_key" TO "parking_records_legacy_month_key";--> statement-breakpoint
ALTER INDEX "parking_records_tenant_lot_plate" RENAME TO "parking_records_legacy_tenant_lot_plate";--> statement-breakpoint
ALTER INDEX "parking_records_tenant_entered" RENAME TO "parking_records_legacy_tenant_entered";--> statement-breakpoint
ALTER INDEX "parking_records_tenant_state" RENAME TO "parking_records_legacy_tenant_state";--> statement-breakpoint
ALTER INDEX "parking_records_tenant_space_parked" RENAME TO "parking_records_legacy_tenant_space_parked";--> statement-breakpoint
ALTER INDEX "parking_records_at_barrier" RENAME TO "parking_records_legacy_at_barrier";--> statement-breakpoint
ALTER INDEX "parking_records_tenant_exited" RENAME TO "parking_records_legacy_tenant_exited";--> statement-breakpoint
ALTER INDEX "parking_records_tenant_photo_exited" RENAME TO "parking_records_legacy_tenant_photo_exited";--> statement-breakpoint
ALTER INDEX "parking_records_tenant_plate_prefix" RENAME TO "parking_records_legacy_tenant_plate_prefix";--> statement-breakpoint
-- the checks under their own names: a partition must have every check of its table
CREATE TABLE "parking_records_by_month" (LIKE "parking_records" INCLUDING DEFAULTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "parking_records_by_month" ADD CONSTRAINT "parking_records_pkey" PRIMARY KEY ("id","tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "parking_records_by_month" ADD CONSTRAINT "parking_records_money" CHECK ("amount_due" - "discount" = "paid" + "unpaid");--> statement-breakpoint
ALTER TABLE "parking_records_by_month" ADD CONSTRAINT "parking_records_money_non_negative" CHECK ("amount_due" >= 0 AND "discount" >= 0 AND "paid" >= 0 AND "unpaid" >= 0);--> statement-breakpoint
ALTER TABLE "parking_records_by_month" ADD CONSTRAINT "parking_records_discount_kinds" CHECK ("long_rental_discount" >= 0 AND "white_list_discount" >= 0 AND "waiver_discount" >= 0 AND "long_rental_discount" + "white_list_discount" + "waiver_discount" <= "discount");--> statement-breakpoint
ALTER TABLE "parking_records_by_month" ADD CONSTRAINT "parking_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_records_by_month" ADD CONSTRAINT "parking_records_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_records_by_month" ADD CONSTRAINT "parking_records_entry_lane_id_parking_lanes_id_fk" FOREIGN KEY ("entry_lane_id") REFERENCES "public"."parking_lanes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_records_by_month" ADD CONSTRAINT "parking_records_exit_lane_id_parking_lanes_id_fk" FOREIGN KEY ("exit_lane_id") REFERENCES "public"."parking_lanes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_records_by_month" ADD CONSTRAINT "parking_records_space_id_parking_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."parking_spaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_records_by_month" ADD CONSTRAINT "parking_records_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_records_by_month" ADD CONSTRAINT "parking_records_tariff_version_id_tariff_versions_id_fk" FOREIGN KEY ("tariff_version_id") REFERENCES "public"."tariff_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parking_records_tenant_lot_plate" ON "parking_records_by_month" USING btree ("tenant_id","lot_id","plate_number");--> statement-breakpoint
CREATE INDEX "parking_records_tenant_entered" ON "parking_records_by_month" USING btree ("tenant_id","entered_at");--> statement-breakpoint
CREATE INDEX "parking_records_tenant_state" ON "parking_records_by_month" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "parking_records_tenant_space_parked" ON "parking_records_by_month" USING btree ("tenant_id","space_id") WHERE "state" = 'parked';--> statement-breakpoint
CREATE INDEX "parking_records_at_barrier" ON "parking_records_by_month" USING btree ("exited_at") WHERE "state" in ('awaiting_payment', 'paid');--> statement-breakpoint
CREATE INDEX "parking_records_tenant_exited" ON "parking_records_by_month" USING btree ("tenant_id","exited_at") WHERE "exited_at" is not null;--> statement-breakpoint
CREATE INDEX "parking_records_tenant_photo_exited" ON "parking_records_by_month" USING btree ("tenant_id","exited_at") WHERE "exited_at" IS NOT NULL AND ("entry_photo" IS NOT NULL OR "exit_photo" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "parking_records_tenant_plate_prefix" ON "parking_records_by_month" USING btree ("tenant_id","plate_number" text_pattern_ops);--> statement-breakpoint
CREATE TABLE "parking_records_default" PARTITION OF "parking_records_by_month" DEFAULT;--> statement-breakpoint
SELECT parking_enable_tenant_rls('parking_records_by_month');--> statement-breakpoint
SELECT parking_enable_tenant_rls('parking_records_default');
