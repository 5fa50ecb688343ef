-- locks: operation_logs and vehicle_events: ACCESS EXCLUSIVE for a moment each (renames, and an attach its check spares a scan); parking_records, devices and tenants: SHARE ROW EXCLUSIVE for a moment (the events' foreign keys are matched to the ones the table has)
-- Monthly partitions, step 3 of 3: each table becomes `<table>_legacy`, the partition of every month
-- before its first; its twin takes its name, and gets the partitions of its first two months. A job
-- (db/month-partitions.ts) keeps the months ahead made from then on.
ALTER TABLE "operation_logs" RENAME TO "operation_logs_legacy";--> statement-breakpoint
ALTER TABLE "operation_logs_by_month" RENAME TO "operation_logs";--> statement-breakpoint
ALTER TABLE "vehicle_events" RENAME TO "vehicle_events_legacy";--> statement-breakpoint
ALTER TABLE "vehicle_events_by_month" RENAME TO "vehicle_events";--> statement-breakpoint
DO $$
DECLARE
  cut record;
BEGIN
  FOR cut IN SELECT * FROM month_partitions LOOP
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)', cut.table_name, cut.table_name || '_legacy', cut.months_from);
    PERFORM parking_add_month_partition(cut.table_name, cut.months_from);
    PERFORM parking_add_month_partition(cut.table_name, parking_month_start(cut.months_from, 1));
  END LOOP;
END $$;
