-- migrate: no-transaction
-- locks: none (CONCURRENTLY: events are written on while the index is built)
-- Vehicle events by their id, on the partitions that can be big (the table as it was, and the
-- default), built beside their writers; 0058 makes it the index of the whole table. An event's answer
-- is written by its id, and with only keys that start with the tenant, a plan made while the table
-- was small read all of a tenant's events to update one (bench/RESULTS.md, ingestion with vehicle
-- events partitioned by month).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "vehicle_events_legacy_id" ON "vehicle_events_legacy" USING btree ("id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "vehicle_events_default_id" ON "vehicle_events_default" USING btree ("id");
