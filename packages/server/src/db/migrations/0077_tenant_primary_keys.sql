-- locks: coupons, device_events, gateway_orders, group_card_uses, lane_commands, login_attempts, merchant_ledger, order_warnings, recovery_records, refunds, sessions, system_messages, and the other tables keyed by their id: ACCESS EXCLUSIVE for a moment each (the key swapped for the one 0074 built; its columns are NOT NULL already, so nothing is scanned)
-- The tenant in every key, step 4 of 4: each table's primary key becomes the key with the tenant that
-- 0074 built, under the same name. Every link points at that key since 0076, so the key by the id
-- alone has nothing left that needs it.
ALTER TABLE "appeals" DROP CONSTRAINT "appeals_pkey", ADD CONSTRAINT "appeals_pkey" PRIMARY KEY USING INDEX "appeals_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "arrears_reminders" DROP CONSTRAINT "arrears_reminders_pkey", ADD CONSTRAINT "arrears_reminders_pkey" PRIMARY KEY USING INDEX "arrears_reminders_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "complaint_replies" DROP CONSTRAINT "complaint_replies_pkey", ADD CONSTRAINT "complaint_replies_pkey" PRIMARY KEY USING INDEX "complaint_replies_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "complaints" DROP CONSTRAINT "complaints_pkey", ADD CONSTRAINT "complaints_pkey" PRIMARY KEY USING INDEX "complaints_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "coupon_templates" DROP CONSTRAINT "coupon_templates_pkey", ADD CONSTRAINT "coupon_templates_pkey" PRIMARY KEY USING INDEX "coupon_templates_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_pkey", ADD CONSTRAINT "coupons_pkey" PRIMARY KEY USING INDEX "coupons_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "customer_notices" DROP CONSTRAINT "customer_notices_pkey", ADD CONSTRAINT "customer_notices_pkey" PRIMARY KEY USING INDEX "customer_notices_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "customer_vehicles" DROP CONSTRAINT "customer_vehicles_pkey", ADD CONSTRAINT "customer_vehicles_pkey" PRIMARY KEY USING INDEX "customer_vehicles_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_pkey", ADD CONSTRAINT "customers_pkey" PRIMARY KEY USING INDEX "customers_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "device_events" DROP CONSTRAINT "device_events_pkey", ADD CONSTRAINT "device_events_pkey" PRIMARY KEY USING INDEX "device_events_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "device_offline_tasks" DROP CONSTRAINT "device_offline_tasks_pkey", ADD CONSTRAINT "device_offline_tasks_pkey" PRIMARY KEY USING INDEX "device_offline_tasks_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "devices" DROP CONSTRAINT "devices_pkey", ADD CONSTRAINT "devices_pkey" PRIMARY KEY USING INDEX "devices_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "dictionaries" DROP CONSTRAINT "dictionaries_pkey", ADD CONSTRAINT "dictionaries_pkey" PRIMARY KEY USING INDEX "dictionaries_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "gateway_orders" DROP CONSTRAINT "gateway_orders_pkey", ADD CONSTRAINT "gateway_orders_pkey" PRIMARY KEY USING INDEX "gateway_orders_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "group_card_uses" DROP CONSTRAINT "group_card_uses_pkey", ADD CONSTRAINT "group_card_uses_pkey" PRIMARY KEY USING INDEX "group_card_uses_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "group_cards" DROP CONSTRAINT "group_cards_pkey", ADD CONSTRAINT "group_cards_pkey" PRIMARY KEY USING INDEX "group_cards_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "groups" DROP CONSTRAINT "groups_pkey", ADD CONSTRAINT "groups_pkey" PRIMARY KEY USING INDEX "groups_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_pkey", ADD CONSTRAINT "invoices_pkey" PRIMARY KEY USING INDEX "invoices_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "lane_commands" DROP CONSTRAINT "lane_commands_pkey", ADD CONSTRAINT "lane_commands_pkey" PRIMARY KEY USING INDEX "lane_commands_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "login_attempts" DROP CONSTRAINT "login_attempts_pkey", ADD CONSTRAINT "login_attempts_pkey" PRIMARY KEY USING INDEX "login_attempts_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "long_rentals" DROP CONSTRAINT "long_rentals_pkey", ADD CONSTRAINT "long_rentals_pkey" PRIMARY KEY USING INDEX "long_rentals_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "menus" DROP CONSTRAINT "menus_pkey", ADD CONSTRAINT "menus_pkey" PRIMARY KEY USING INDEX "menus_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "merchant_ledger" DROP CONSTRAINT "merchant_ledger_pkey", ADD CONSTRAINT "merchant_ledger_pkey" PRIMARY KEY USING INDEX "merchant_ledger_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "merchant_sessions" DROP CONSTRAINT "merchant_sessions_pkey", ADD CONSTRAINT "merchant_sessions_pkey" PRIMARY KEY USING INDEX "merchant_sessions_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "merchants" DROP CONSTRAINT "merchants_pkey", ADD CONSTRAINT "merchants_pkey" PRIMARY KEY USING INDEX "merchants_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "order_warnings" DROP CONSTRAINT "order_warnings_pkey", ADD CONSTRAINT "order_warnings_pkey" PRIMARY KEY USING INDEX "order_warnings_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "organizations" DROP CONSTRAINT "organizations_pkey", ADD CONSTRAINT "organizations_pkey" PRIMARY KEY USING INDEX "organizations_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "owner_sessions" DROP CONSTRAINT "owner_sessions_pkey", ADD CONSTRAINT "owner_sessions_pkey" PRIMARY KEY USING INDEX "owner_sessions_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "parking_areas" DROP CONSTRAINT "parking_areas_pkey", ADD CONSTRAINT "parking_areas_pkey" PRIMARY KEY USING INDEX "parking_areas_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "parking_lanes" DROP CONSTRAINT "parking_lanes_pkey", ADD CONSTRAINT "parking_lanes_pkey" PRIMARY KEY USING INDEX "parking_lanes_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "parking_lots" DROP CONSTRAINT "parking_lots_pkey", ADD CONSTRAINT "parking_lots_pkey" PRIMARY KEY USING INDEX "parking_lots_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "parking_spaces" DROP CONSTRAINT "parking_spaces_pkey", ADD CONSTRAINT "parking_spaces_pkey" PRIMARY KEY USING INDEX "parking_spaces_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "phone_change_requests" DROP CONSTRAINT "phone_change_requests_pkey", ADD CONSTRAINT "phone_change_requests_pkey" PRIMARY KEY USING INDEX "phone_change_requests_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "plate_list_entries" DROP CONSTRAINT "plate_list_entries_pkey", ADD CONSTRAINT "plate_list_entries_pkey" PRIMARY KEY USING INDEX "plate_list_entries_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "positions" DROP CONSTRAINT "positions_pkey", ADD CONSTRAINT "positions_pkey" PRIMARY KEY USING INDEX "positions_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "reconciliation_batches" DROP CONSTRAINT "reconciliation_batches_pkey", ADD CONSTRAINT "reconciliation_batches_pkey" PRIMARY KEY USING INDEX "reconciliation_batches_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "reconciliation_mistakes" DROP CONSTRAINT "reconciliation_mistakes_pkey", ADD CONSTRAINT "reconciliation_mistakes_pkey" PRIMARY KEY USING INDEX "reconciliation_mistakes_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "record_edit_requests" DROP CONSTRAINT "record_edit_requests_pkey", ADD CONSTRAINT "record_edit_requests_pkey" PRIMARY KEY USING INDEX "record_edit_requests_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "recovery_records" DROP CONSTRAINT "recovery_records_pkey", ADD CONSTRAINT "recovery_records_pkey" PRIMARY KEY USING INDEX "recovery_records_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_pkey", ADD CONSTRAINT "refunds_pkey" PRIMARY KEY USING INDEX "refunds_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "role_menus" DROP CONSTRAINT "role_menus_role_id_menu_id_pk", ADD CONSTRAINT "role_menus_role_id_menu_id_pk" PRIMARY KEY USING INDEX "role_menus_role_id_menu_id_pk_with_tenant";
--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_pkey", ADD CONSTRAINT "roles_pkey" PRIMARY KEY USING INDEX "roles_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "screen_messages" DROP CONSTRAINT "screen_messages_pkey", ADD CONSTRAINT "screen_messages_pkey" PRIMARY KEY USING INDEX "screen_messages_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "service_photos" DROP CONSTRAINT "service_photos_pkey", ADD CONSTRAINT "service_photos_pkey" PRIMARY KEY USING INDEX "service_photos_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey", ADD CONSTRAINT "sessions_pkey" PRIMARY KEY USING INDEX "sessions_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "sms_codes" DROP CONSTRAINT "sms_codes_pkey", ADD CONSTRAINT "sms_codes_pkey" PRIMARY KEY USING INDEX "sms_codes_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "special_bills" DROP CONSTRAINT "special_bills_pkey", ADD CONSTRAINT "special_bills_pkey" PRIMARY KEY USING INDEX "special_bills_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "system_messages" DROP CONSTRAINT "system_messages_pkey", ADD CONSTRAINT "system_messages_pkey" PRIMARY KEY USING INDEX "system_messages_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "tariff_versions" DROP CONSTRAINT "tariff_versions_pkey", ADD CONSTRAINT "tariff_versions_pkey" PRIMARY KEY USING INDEX "tariff_versions_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "tariffs" DROP CONSTRAINT "tariffs_pkey", ADD CONSTRAINT "tariffs_pkey" PRIMARY KEY USING INDEX "tariffs_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "user_positions" DROP CONSTRAINT "user_positions_user_id_position_id_pk", ADD CONSTRAINT "user_positions_user_id_position_id_pk" PRIMARY KEY USING INDEX "user_positions_user_id_position_id_pk_with_tenant";
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_user_id_role_id_pk", ADD CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY USING INDEX "user_roles_user_id_role_id_pk_with_tenant";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_pkey", ADD CONSTRAINT "users_pkey" PRIMARY KEY USING INDEX "users_pkey_with_tenant";
--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" DROP CONSTRAINT "vehicle_auth_requests_pkey", ADD CONSTRAINT "vehicle_auth_requests_pkey" PRIMARY KEY USING INDEX "vehicle_auth_requests_pkey_with_tenant";
