-- migrate: no-transaction
-- locks: none (CONCURRENTLY: every table is written on while its key is built)
-- The tenant in every key, step 1 of 4 (docs/SCALING.md): a database spread across nodes by tenant (a
-- tenant-sharded PostgreSQL such as Citus) keeps unique only what names the tenant. Each of the 54
-- tables with a tenant still keyed by its id alone (or, for the three that pair two rows, by the pair)
-- gets the key it will have, the tenant beside the id: built here while writes go on, pointed at by the
-- links in 0075, validated in 0076, and made the primary key in 0077. The id comes first, so a lookup
-- or a join by the id alone still uses it.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "appeals_pkey_with_tenant" ON "appeals" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "arrears_reminders_pkey_with_tenant" ON "arrears_reminders" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "complaint_replies_pkey_with_tenant" ON "complaint_replies" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "complaints_pkey_with_tenant" ON "complaints" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "coupon_templates_pkey_with_tenant" ON "coupon_templates" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "coupons_pkey_with_tenant" ON "coupons" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_notices_pkey_with_tenant" ON "customer_notices" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customer_vehicles_pkey_with_tenant" ON "customer_vehicles" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "customers_pkey_with_tenant" ON "customers" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "device_events_pkey_with_tenant" ON "device_events" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "device_offline_tasks_pkey_with_tenant" ON "device_offline_tasks" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "devices_pkey_with_tenant" ON "devices" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "dictionaries_pkey_with_tenant" ON "dictionaries" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "gateway_orders_pkey_with_tenant" ON "gateway_orders" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "group_card_uses_pkey_with_tenant" ON "group_card_uses" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "group_cards_pkey_with_tenant" ON "group_cards" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "groups_pkey_with_tenant" ON "groups" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "invoices_pkey_with_tenant" ON "invoices" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "lane_commands_pkey_with_tenant" ON "lane_commands" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "login_attempts_pkey_with_tenant" ON "login_attempts" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "long_rentals_pkey_with_tenant" ON "long_rentals" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "menus_pkey_with_tenant" ON "menus" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "merchant_ledger_pkey_with_tenant" ON "merchant_ledger" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "merchant_sessions_pkey_with_tenant" ON "merchant_sessions" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "merchants_pkey_with_tenant" ON "merchants" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "order_warnings_pkey_with_tenant" ON "order_warnings" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "organizations_pkey_with_tenant" ON "organizations" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "owner_sessions_pkey_with_tenant" ON "owner_sessions" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "parking_areas_pkey_with_tenant" ON "parking_areas" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "parking_lanes_pkey_with_tenant" ON "parking_lanes" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "parking_lots_pkey_with_tenant" ON "parking_lots" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "parking_spaces_pkey_with_tenant" ON "parking_spaces" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "phone_change_requests_pkey_with_tenant" ON "phone_change_requests" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "plate_list_entries_pkey_with_tenant" ON "plate_list_entries" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "positions_pkey_with_tenant" ON "positions" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "reconciliation_batches_pkey_with_tenant" ON "reconciliation_batches" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "reconciliation_mistakes_pkey_with_tenant" ON "reconciliation_mistakes" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "record_edit_requests_pkey_with_tenant" ON "record_edit_requests" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "recovery_records_pkey_with_tenant" ON "recovery_records" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "refunds_pkey_with_tenant" ON "refunds" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "role_menus_role_id_menu_id_pk_with_tenant" ON "role_menus" USING btree ("role_id","menu_id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "roles_pkey_with_tenant" ON "roles" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "screen_messages_pkey_with_tenant" ON "screen_messages" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "service_photos_pkey_with_tenant" ON "service_photos" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "sessions_pkey_with_tenant" ON "sessions" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "sms_codes_pkey_with_tenant" ON "sms_codes" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "special_bills_pkey_with_tenant" ON "special_bills" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "system_messages_pkey_with_tenant" ON "system_messages" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "tariff_versions_pkey_with_tenant" ON "tariff_versions" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "tariffs_pkey_with_tenant" ON "tariffs" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "user_positions_user_id_position_id_pk_with_tenant" ON "user_positions" USING btree ("user_id","position_id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "user_roles_user_id_role_id_pk_with_tenant" ON "user_roles" USING btree ("user_id","role_id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "users_pkey_with_tenant" ON "users" USING btree ("id","tenant_id");
--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "vehicle_auth_requests_pkey_with_tenant" ON "vehicle_auth_requests" USING btree ("id","tenant_id");
