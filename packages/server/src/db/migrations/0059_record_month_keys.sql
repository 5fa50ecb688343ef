-- migrate: no-transaction
-- locks: none (CONCURRENTLY: records and payments are written on while the keys are built)
-- Keys for the monthly partitions of parking records and payments, built beside their writers: the
-- row, the tenant and the month (created_at, never changed) in one unique key. What links to a record
-- or a payment will name all three (0060–0063), as a foreign key to a partitioned table must; 0062
-- makes these indexes the tables' constraints without building anything under a lock. The id comes
-- first: a key that started with the tenant would be one more index a plan could take to read all of
-- a tenant's records for one of them (vehicle-event.repository.test.ts plans the event path).
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "parking_records_month_key" ON "parking_records" USING btree ("id","tenant_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "payments_month_key" ON "payments" USING btree ("id","tenant_id","created_at");
