-- locks: gateway_orders, invoice_payments, payment_idempotency_keys, recovery_records, refunds: SHARE UPDATE EXCLUSIVE while each is scanned (writes go on); payments: ROW SHARE
-- Monthly partitions of payments, step 5 of 5: the keys 0071 pointed at the partitioned payments are
-- validated over the rows written before them.
ALTER TABLE "gateway_orders" VALIDATE CONSTRAINT "gateway_orders_payment_fk";
--> statement-breakpoint
ALTER TABLE "invoice_payments" VALIDATE CONSTRAINT "invoice_payments_payment_fk";
--> statement-breakpoint
ALTER TABLE "payment_idempotency_keys" VALIDATE CONSTRAINT "payment_idempotency_keys_payment_fk";
--> statement-breakpoint
ALTER TABLE "recovery_records" VALIDATE CONSTRAINT "recovery_records_payment_fk";
--> statement-breakpoint
ALTER TABLE "refunds" VALIDATE CONSTRAINT "refunds_payment_fk";
