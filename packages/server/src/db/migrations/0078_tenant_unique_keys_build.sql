-- migrate: no-transaction
-- locks: none (CONCURRENTLY: device_nonces, gateway_orders, invoices and the three session tables are written on while their keys are built and the old ones dropped)
-- The tenant in every unique key: the six that were unique without it become unique in the tenant. A
-- device's nonce is claimed once the device is read, with its tenant. A provider's notice and bill name
-- a trade by its number alone, the invoice platform an invoice by its number alone, and a cookie its
-- session by its token alone, before the tenant is known: those are found through a plain index of the
-- number or the token's hash, which a database spread by tenant reads on each node. The numbers and
-- tokens are random (a trade's 48 bits beside its millisecond, an invoice's 64, a token's 256), so two
-- tenants never share one. The sessions' keys by the hash alone are constraints, dropped in 0079.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "device_nonces_tenant_device_nonce" ON "device_nonces" USING btree ("tenant_id","device_id","nonce");
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "device_nonces_device_nonce";
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "gateway_orders_tenant_no" ON "gateway_orders" USING btree ("tenant_id","gateway_order_no");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "gateway_orders_by_no" ON "gateway_orders" USING btree ("gateway_order_no");
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "gateway_orders_no";
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "invoices_tenant_order_no" ON "invoices" USING btree ("tenant_id","order_no");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "invoices_by_order_no" ON "invoices" USING btree ("order_no");
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "invoices_order_no";
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "sessions_tenant_token_hash" ON "sessions" USING btree ("tenant_id","token_hash");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "sessions_by_token_hash" ON "sessions" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "merchant_sessions_tenant_token_hash" ON "merchant_sessions" USING btree ("tenant_id","token_hash");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "merchant_sessions_by_token_hash" ON "merchant_sessions" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "owner_sessions_tenant_token_hash" ON "owner_sessions" USING btree ("tenant_id","token_hash");
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "owner_sessions_by_token_hash" ON "owner_sessions" USING btree ("token_hash");
