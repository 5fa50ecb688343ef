-- locks: payments: SHARE UPDATE EXCLUSIVE while it is scanned (writes go on); payment_idempotency_keys: ROW EXCLUSIVE while the keys are copied (writes go on)
-- Monthly partitions of payments, step 3 of 5: the keys of the payments written before 0068's trigger
-- are copied to payment_idempotency_keys (the trigger claims every later one), and the payments are
-- checked to be from before the first month, so that 0071 attaches the table as the partition of those
-- months without a scan under a lock. The copied keys' links are checked as they are written, not at
-- commit: a table with checks pending cannot be altered, and 0071 alters it in the same transaction
-- where all migrations share one (PGlite).
SET CONSTRAINTS "payment_idempotency_keys_payment_fk" IMMEDIATE;
--> statement-breakpoint
INSERT INTO "payment_idempotency_keys" ("tenant_id", "idempotency_key", "payment_id", "payment_created_at")
SELECT "tenant_id", "idempotency_key", "id", "created_at" FROM "payments"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "payments" VALIDATE CONSTRAINT "payments_before_months";
