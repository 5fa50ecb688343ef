-- locks: parking_records (SHARE while an index is built: blocks writes, SHARE ROW EXCLUSIVE, brief: adds a trigger)
CREATE TABLE "parking_record_counts" (
	"tenant_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"records" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "parking_record_counts_tenant_id_lot_id_pk" PRIMARY KEY("tenant_id","lot_id")
);
--> statement-breakpoint
ALTER TABLE "parking_record_counts" ADD CONSTRAINT "parking_record_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_record_counts" ADD CONSTRAINT "parking_record_counts_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parking_records_tenant_plate_prefix" ON "parking_records" USING btree ("tenant_id","plate_number" text_pattern_ops);--> statement-breakpoint
-- the counts follow every insert and delete of parking records, a statement at a time, so a bulk
-- insert of a million rows updates each lot's count once
CREATE OR REPLACE FUNCTION parking_record_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parking_record_counts AS c (tenant_id, lot_id, records)
  SELECT tenant_id, lot_id, count(*) FROM added_rows GROUP BY tenant_id, lot_id
  ON CONFLICT (tenant_id, lot_id) DO UPDATE SET records = c.records + excluded.records;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION parking_record_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE parking_record_counts c SET records = c.records - d.n
  FROM (SELECT tenant_id, lot_id, count(*) AS n FROM removed_rows GROUP BY tenant_id, lot_id) d
  WHERE c.tenant_id = d.tenant_id AND c.lot_id = d.lot_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- a record never moves to another lot or tenant; the counts rely on it
CREATE OR REPLACE FUNCTION parking_record_stays_put() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a parking record cannot move to another lot or tenant';
END $$;
--> statement-breakpoint
CREATE TRIGGER parking_records_counted_insert AFTER INSERT ON parking_records REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION parking_record_counts_added();
--> statement-breakpoint
CREATE TRIGGER parking_records_counted_delete AFTER DELETE ON parking_records REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION parking_record_counts_removed();
--> statement-breakpoint
CREATE TRIGGER parking_records_stay_put BEFORE UPDATE ON parking_records FOR EACH ROW
  WHEN (OLD.lot_id IS DISTINCT FROM NEW.lot_id OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION parking_record_stays_put();
--> statement-breakpoint
INSERT INTO parking_record_counts (tenant_id, lot_id, records)
SELECT tenant_id, lot_id, count(*) FROM parking_records GROUP BY tenant_id, lot_id;
--> statement-breakpoint
SELECT parking_enable_tenant_rls('parking_record_counts');
