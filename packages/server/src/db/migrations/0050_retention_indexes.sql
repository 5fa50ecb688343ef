-- migrate: no-transaction
-- locks: none (CONCURRENTLY: records and events are written on while the indexes are built)
-- The retention job's ways in: a tenant's settled records that still keep photos, oldest exit first,
-- and its oldest raw vehicle events.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "parking_records_tenant_photo_exited" ON "parking_records" USING btree ("tenant_id","exited_at") WHERE "parking_records"."exited_at" IS NOT NULL AND ("parking_records"."entry_photo" IS NOT NULL OR "parking_records"."exit_photo" IS NOT NULL);--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "vehicle_events_tenant_created" ON "vehicle_events" USING btree ("tenant_id","created_at");
