-- locks: payments: SHARE while it is read once for its latest month (writes wait, reads go on), then ACCESS EXCLUSIVE for a moment (its key on the id alone dropped, indexes renamed, a check added NOT VALID: no scan)
-- Monthly partitions of payments, step 2 of 5, as 0064 did for the records: a partitioned twin,
-- `payments_by_month`, with the same columns, checks, indexes, foreign keys and row-level security, and
-- (id, tenant, month) as its key. The table as it is becomes, whole, the partition of every month before
-- the first (0071): nothing is copied and no row moves, since refunds, gateway orders, pursuit, invoice
-- lines and the keys link to payments. The first month is the one after the latest payment, read under
-- a lock that keeps a later one from being written meanwhile. 0070 validates the check.
-- The twin has no index on the idempotency key: payment_idempotency_keys (0068) holds the keys.
LOCK TABLE "payments" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "month_partitions" ("table_name", "partition_key", "months_from")
SELECT 'payments', 'created_at', parking_month_start(greatest(now(), max("created_at")), 1) FROM "payments";
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('ALTER TABLE payments ADD CONSTRAINT payments_before_months CHECK (created_at < %L) NOT VALID',
    (SELECT months_from FROM month_partitions WHERE table_name = 'payments'));
END $$;
--> statement-breakpoint
-- its key becomes the row, the tenant and the month (0059's key, which every link to a payment already names); nothing links to the id alone since 0062
ALTER TABLE "payments" DROP CONSTRAINT "payments_pkey";--> statement-breakpoint
ALTER TABLE "payments" RENAME CONSTRAINT "payments_month_key" TO "payments_legacy_month_key";--> statement-breakpoint
ALTER INDEX "payments_tenant_idempotency_key" RENAME TO "payments_legacy_tenant_idempotency_key";--> statement-breakpoint
ALTER INDEX "payments_tenant_paid_at" RENAME TO "payments_legacy_tenant_paid_at";--> statement-breakpoint
ALTER INDEX "payments_tenant_record" RENAME TO "payments_legacy_tenant_record";--> statement-breakpoint
-- the checks under their own names: a partition must have every check of its table
CREATE TABLE "payments_by_month" (LIKE "payments" INCLUDING DEFAULTS) PARTITION BY RANGE ("created_at");--> statement-breakpoint
ALTER TABLE "payments_by_month" ADD CONSTRAINT "payments_pkey" PRIMARY KEY ("id","tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "payments_by_month" ADD CONSTRAINT "payments_amount_positive" CHECK ("amount" > 0);--> statement-breakpoint
ALTER TABLE "payments_by_month" ADD CONSTRAINT "payments_record_month" CHECK (("record_id" IS NULL) = ("record_created_at" IS NULL));--> statement-breakpoint
ALTER TABLE "payments_by_month" ADD CONSTRAINT "payments_stage" CHECK ("stage" IN ('prepaid', 'exit', 'recovery'));--> statement-breakpoint
ALTER TABLE "payments_by_month" ADD CONSTRAINT "payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments_by_month" ADD CONSTRAINT "payments_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments_by_month" ADD CONSTRAINT "payments_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "public"."parking_records"("tenant_id","id","created_at") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_tenant_record" ON "payments_by_month" USING btree ("tenant_id","record_id");--> statement-breakpoint
CREATE INDEX "payments_tenant_paid_at" ON "payments_by_month" USING btree ("tenant_id","paid_at");--> statement-breakpoint
CREATE TABLE "payments_default" PARTITION OF "payments_by_month" DEFAULT;--> statement-breakpoint
SELECT parking_enable_tenant_rls('payments_by_month');--> statement-breakpoint
SELECT parking_enable_tenant_rls('payments_default');
