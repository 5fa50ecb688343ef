-- locks: parking_records: ACCESS EXCLUSIVE for a moment (its triggers moved, renames, and an attach its check spares a scan); appeals, complaints, coupons, gateway_orders, order_warnings, payments, record_edit_requests, recovery_records, refunds: ACCESS EXCLUSIVE for a moment each (their keys to a record re-pointed, added NOT VALID: nothing is scanned)
-- Monthly partitions of parking records, step 3 of 4: the table becomes `parking_records_legacy`, the
-- partition of every month before the first; its twin takes its name and the partitions of its first
-- two months (the job, db/month-partitions.ts, keeps three months ahead made from then on). Its
-- statement triggers move to the twin: a partition's own fire only for writes that name it. Each link
-- to a record names the twin, with the same action on delete; 0067 validates them while writes go on.
DROP TRIGGER "parking_records_counted_insert" ON "parking_records";
--> statement-breakpoint
DROP TRIGGER "parking_records_counted_delete" ON "parking_records";
--> statement-breakpoint
DROP TRIGGER "parking_records_stay_put" ON "parking_records";
--> statement-breakpoint
DROP TRIGGER "parking_records_revenue_insert" ON "parking_records";
--> statement-breakpoint
DROP TRIGGER "parking_records_revenue_update" ON "parking_records";
--> statement-breakpoint
DROP TRIGGER "parking_records_revenue_delete" ON "parking_records";
--> statement-breakpoint
ALTER TABLE "parking_records" RENAME TO "parking_records_legacy";
--> statement-breakpoint
ALTER TABLE "parking_records_by_month" RENAME TO "parking_records";
--> statement-breakpoint
DO $$
DECLARE
  first_month timestamptz := (SELECT months_from FROM month_partitions WHERE table_name = 'parking_records');
BEGIN
  EXECUTE format('ALTER TABLE parking_records ATTACH PARTITION parking_records_legacy FOR VALUES FROM (MINVALUE) TO (%L)', first_month);
  PERFORM parking_add_month_partition('parking_records', first_month);
  PERFORM parking_add_month_partition('parking_records', parking_month_start(first_month, 1));
END $$;
--> statement-breakpoint
-- a stay's revenue facts take the rows of the table named parking_records: the function 0043 made took the table now attached as legacy
DROP FUNCTION revenue_facts_records(parking_records_legacy[]);
--> statement-breakpoint
CREATE FUNCTION revenue_facts_records(rows parking_records[]) RETURNS SETOF revenue_fact LANGUAGE sql STABLE AS $$
  SELECT r.tenant_id, r.lot_id, revenue_business_day(r.exited_at), ''::text,
    1::bigint, r.amount_due::bigint,
    (r.discount - CASE WHEN r.discount > 0 THEN coalesce((SELECT sum(f.amount) FROM refunds f WHERE f.tenant_id = r.tenant_id AND f.record_id = r.id AND f.status = 'approved' AND f.kind = 'concession'), 0) ELSE 0 END)::bigint,
    CASE WHEN r.discount > 0 THEN coalesce((SELECT sum(c.discount) FROM coupons c WHERE c.tenant_id = r.tenant_id AND c.record_id = r.id AND c.state = 'used'), 0) ELSE 0 END::bigint,
    CASE WHEN r.discount > 0 THEN coalesce((SELECT sum(u.discount) FROM group_card_uses u WHERE u.tenant_id = r.tenant_id AND u.lot_id = r.lot_id AND u.plate_number = r.plate_number AND u.used_at = r.exited_at), 0) ELSE 0 END::bigint,
    CASE WHEN r.state = 'unpaid' THEN r.unpaid ELSE 0 END::bigint,
    0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint,
    r.long_rental_discount::bigint, r.white_list_discount::bigint, r.waiver_discount::bigint, 0::bigint
  FROM unnest(rows) AS r
  WHERE revenue_stay_counted(r.state, r.exited_at)
$$;
--> statement-breakpoint
CREATE TRIGGER parking_records_counted_insert AFTER INSERT ON parking_records REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION parking_record_counts_added();
--> statement-breakpoint
CREATE TRIGGER parking_records_counted_delete AFTER DELETE ON parking_records REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION parking_record_counts_removed();
--> statement-breakpoint
CREATE TRIGGER parking_records_stay_put BEFORE UPDATE ON parking_records FOR EACH ROW
  WHEN (OLD.lot_id IS DISTINCT FROM NEW.lot_id OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION parking_record_stays_put();
--> statement-breakpoint
CREATE TRIGGER parking_records_revenue_insert AFTER INSERT ON parking_records REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_records_changed();
--> statement-breakpoint
CREATE TRIGGER parking_records_revenue_update AFTER UPDATE ON parking_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_records_changed();
--> statement-breakpoint
CREATE TRIGGER parking_records_revenue_delete AFTER DELETE ON parking_records REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_records_changed();
--> statement-breakpoint
ALTER TABLE "appeals" RENAME CONSTRAINT "appeals_record_fk" TO "appeals_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "appeals" DROP CONSTRAINT "appeals_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "complaints" RENAME CONSTRAINT "complaints_record_fk" TO "complaints_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") ON DELETE SET NULL (record_id, record_created_at) NOT VALID;
--> statement-breakpoint
ALTER TABLE "complaints" DROP CONSTRAINT "complaints_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "coupons" RENAME CONSTRAINT "coupons_record_fk" TO "coupons_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") ON DELETE SET NULL (record_id, record_created_at) NOT VALID;
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "gateway_orders" RENAME CONSTRAINT "gateway_orders_record_fk" TO "gateway_orders_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "gateway_orders" DROP CONSTRAINT "gateway_orders_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "order_warnings" RENAME CONSTRAINT "order_warnings_record_fk" TO "order_warnings_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "order_warnings" ADD CONSTRAINT "order_warnings_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") ON DELETE SET NULL (record_id, record_created_at) NOT VALID;
--> statement-breakpoint
ALTER TABLE "order_warnings" DROP CONSTRAINT "order_warnings_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "payments" RENAME CONSTRAINT "payments_record_fk" TO "payments_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "record_edit_requests" RENAME CONSTRAINT "record_edit_requests_record_fk" TO "record_edit_requests_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "record_edit_requests" ADD CONSTRAINT "record_edit_requests_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "record_edit_requests" DROP CONSTRAINT "record_edit_requests_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "recovery_records" RENAME CONSTRAINT "recovery_records_record_fk" TO "recovery_records_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "recovery_records" ADD CONSTRAINT "recovery_records_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "recovery_records" DROP CONSTRAINT "recovery_records_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "refunds" RENAME CONSTRAINT "refunds_record_fk" TO "refunds_record_legacy_fk";
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_record_legacy_fk";
