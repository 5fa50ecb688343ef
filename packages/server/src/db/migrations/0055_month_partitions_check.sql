-- locks: operation_logs and vehicle_events: SHARE UPDATE EXCLUSIVE while each is scanned (writes go on)
-- Monthly partitions, step 2 of 3: each table's rows are checked to be from before its first month,
-- so that 0056 attaches it as the partition of those months without a scan under a lock.
ALTER TABLE "operation_logs" VALIDATE CONSTRAINT "operation_logs_before_months";--> statement-breakpoint
ALTER TABLE "vehicle_events" VALIDATE CONSTRAINT "vehicle_events_before_months";
