-- migrate: no-transaction
-- locks: none (CONCURRENTLY: events and the operation log are written on while the keys are built)
-- The keys the monthly partitions of 0054–0056 need on the tables as they are, built beside their
-- writers: the tenant, the row and the month in one unique key. When 0056 attaches each table whole
-- as the partition of the months before, PostgreSQL takes these keys as the partition's own instead
-- of building them under a lock.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "operation_logs_legacy_key" ON "operation_logs" USING btree ("tenant_id","id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "vehicle_events_legacy_key" ON "vehicle_events" USING btree ("tenant_id","id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "vehicle_events_legacy_device_event_time" ON "vehicle_events" USING btree ("tenant_id","device_id","device_event_id","occurred_at");
