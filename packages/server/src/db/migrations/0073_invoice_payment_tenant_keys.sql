-- migrate: no-transaction
-- locks: none (CONCURRENTLY: invoices are written on while the keys are built and the old ones dropped)
-- An invoice's lines are unique by the tenant with the invoice and the payment, and a payment is held by
-- one invoice of its tenant at most: every unique key carries the tenant, as a database spread across
-- nodes by tenant requires (docs/SCALING.md). The keys without it go once the new ones hold.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "invoice_payments_tenant_invoice_payment" ON "invoice_payments" USING btree ("tenant_id","invoice_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "invoice_payments_tenant_held" ON "invoice_payments" USING btree ("tenant_id","payment_id") WHERE "invoice_payments"."holds";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "invoice_payments_invoice_payment";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "invoice_payments_held";
