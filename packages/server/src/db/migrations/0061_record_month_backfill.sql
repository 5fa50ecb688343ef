-- locks: appeals, complaints, coupons, gateway_orders, invoice_payments, order_warnings, payments, record_edit_requests, recovery_records, refunds: ROW EXCLUSIVE; each row filled stays locked to the end (new rows go on being written; a change to an old row waits)
-- Monthly partitions of records and payments, step 2 of 4: the rows written before 0060 get the month
-- of the record or payment they link to. In a transaction of its own (db/migrate.ts), so the locks of
-- 0060 are let go before, and 0062's after.
UPDATE "payments" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "refunds" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "gateway_orders" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "recovery_records" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "record_edit_requests" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "appeals" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "order_warnings" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "complaints" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "coupons" AS x SET "record_created_at" = r."created_at" FROM "parking_records" AS r WHERE x."record_created_at" IS NULL AND r."tenant_id" = x."tenant_id" AND r."id" = x."record_id";
--> statement-breakpoint
UPDATE "refunds" AS x SET "payment_created_at" = p."created_at" FROM "payments" AS p WHERE x."payment_created_at" IS NULL AND p."tenant_id" = x."tenant_id" AND p."id" = x."payment_id";
--> statement-breakpoint
UPDATE "gateway_orders" AS x SET "payment_created_at" = p."created_at" FROM "payments" AS p WHERE x."payment_created_at" IS NULL AND p."tenant_id" = x."tenant_id" AND p."id" = x."payment_id";
--> statement-breakpoint
UPDATE "recovery_records" AS x SET "payment_created_at" = p."created_at" FROM "payments" AS p WHERE x."payment_created_at" IS NULL AND p."tenant_id" = x."tenant_id" AND p."id" = x."payment_id";
--> statement-breakpoint
UPDATE "invoice_payments" AS x SET "payment_created_at" = p."created_at" FROM "payments" AS p WHERE x."payment_created_at" IS NULL AND p."tenant_id" = x."tenant_id" AND p."id" = x."payment_id";
