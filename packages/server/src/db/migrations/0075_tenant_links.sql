-- locks: coupons, device_events, device_nonces, gateway_orders, lane_commands, merchant_ledger, order_warnings, recovery_records, refunds, revenue_daily, sessions, and the other tables that link to a row by its id: ACCESS EXCLUSIVE for a moment each (each link dropped and added again NOT VALID: nothing is scanned); parking_records, payments, vehicle_events: each partition SHARE ROW EXCLUSIVE for a moment (a link added NOT VALID); the tables linked to: ACCESS EXCLUSIVE for a moment (a link to them dropped; the migration is one transaction of no scans)
-- The tenant in every key, step 2 of 4: each of the 77 links to a row of those tables names the row by
-- its id with the tenant, so a link cannot cross tenants and points at the key 0074 built. A link
-- cleared on delete clears its column alone (SET NULL (column)): the tenant stays. Added NOT VALID,
-- so no table is read here; 0076 validates them while writes go on. The records, events and payments
-- are partitioned, and PostgreSQL 15 refuses a NOT VALID link on a partitioned table: their links are
-- added on each partition here, and on the partitioned table in 0076, once validated on each.
ALTER TABLE "appeals"
  DROP CONSTRAINT "appeals_customer_id_customers_id_fk",
  ADD CONSTRAINT "appeals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id","tenant_id") REFERENCES "customers"("id","tenant_id") ON DELETE SET NULL ("customer_id") NOT VALID,
  DROP CONSTRAINT "appeals_claimed_by_users_id_fk",
  ADD CONSTRAINT "appeals_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("claimed_by") NOT VALID,
  DROP CONSTRAINT "appeals_decided_by_users_id_fk",
  ADD CONSTRAINT "appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("decided_by") NOT VALID;
--> statement-breakpoint
ALTER TABLE "arrears_reminders"
  DROP CONSTRAINT "arrears_reminders_operator_id_users_id_fk",
  ADD CONSTRAINT "arrears_reminders_operator_id_users_id_fk" FOREIGN KEY ("operator_id","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("operator_id") NOT VALID;
--> statement-breakpoint
ALTER TABLE "complaint_replies"
  DROP CONSTRAINT "complaint_replies_complaint_id_complaints_id_fk",
  ADD CONSTRAINT "complaint_replies_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id","tenant_id") REFERENCES "complaints"("id","tenant_id") ON DELETE CASCADE NOT VALID,
  DROP CONSTRAINT "complaint_replies_user_id_users_id_fk",
  ADD CONSTRAINT "complaint_replies_user_id_users_id_fk" FOREIGN KEY ("user_id","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("user_id") NOT VALID;
--> statement-breakpoint
ALTER TABLE "complaints"
  DROP CONSTRAINT "complaints_customer_id_customers_id_fk",
  ADD CONSTRAINT "complaints_customer_id_customers_id_fk" FOREIGN KEY ("customer_id","tenant_id") REFERENCES "customers"("id","tenant_id") ON DELETE SET NULL ("customer_id") NOT VALID,
  DROP CONSTRAINT "complaints_created_by_users_id_fk",
  ADD CONSTRAINT "complaints_created_by_users_id_fk" FOREIGN KEY ("created_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("created_by") NOT VALID,
  DROP CONSTRAINT "complaints_completed_by_users_id_fk",
  ADD CONSTRAINT "complaints_completed_by_users_id_fk" FOREIGN KEY ("completed_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("completed_by") NOT VALID;
--> statement-breakpoint
ALTER TABLE "coupons"
  DROP CONSTRAINT "coupons_template_id_coupon_templates_id_fk",
  ADD CONSTRAINT "coupons_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id","tenant_id") REFERENCES "coupon_templates"("id","tenant_id") ON DELETE SET NULL ("template_id") NOT VALID,
  DROP CONSTRAINT "coupons_merchant_id_merchants_id_fk",
  ADD CONSTRAINT "coupons_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id","tenant_id") REFERENCES "merchants"("id","tenant_id") ON DELETE NO ACTION NOT VALID,
  DROP CONSTRAINT "coupons_issued_by_user_users_id_fk",
  ADD CONSTRAINT "coupons_issued_by_user_users_id_fk" FOREIGN KEY ("issued_by_user","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("issued_by_user") NOT VALID;
--> statement-breakpoint
ALTER TABLE "customer_notices"
  DROP CONSTRAINT "customer_notices_customer_id_customers_id_fk",
  ADD CONSTRAINT "customer_notices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id","tenant_id") REFERENCES "customers"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "customer_vehicles"
  DROP CONSTRAINT "customer_vehicles_customer_id_customers_id_fk",
  ADD CONSTRAINT "customer_vehicles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id","tenant_id") REFERENCES "customers"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "device_events"
  DROP CONSTRAINT "device_events_device_id_devices_id_fk",
  ADD CONSTRAINT "device_events_device_id_devices_id_fk" FOREIGN KEY ("device_id","tenant_id") REFERENCES "devices"("id","tenant_id") ON DELETE SET NULL ("device_id") NOT VALID;
--> statement-breakpoint
ALTER TABLE "device_nonces"
  DROP CONSTRAINT "device_nonces_device_id_devices_id_fk",
  ADD CONSTRAINT "device_nonces_device_id_devices_id_fk" FOREIGN KEY ("device_id","tenant_id") REFERENCES "devices"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "devices"
  DROP CONSTRAINT "devices_lane_id_parking_lanes_id_fk",
  ADD CONSTRAINT "devices_lane_id_parking_lanes_id_fk" FOREIGN KEY ("lane_id","tenant_id") REFERENCES "parking_lanes"("id","tenant_id") ON DELETE SET NULL ("lane_id") NOT VALID,
  DROP CONSTRAINT "devices_lot_id_parking_lots_id_fk",
  ADD CONSTRAINT "devices_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id","tenant_id") REFERENCES "parking_lots"("id","tenant_id") ON DELETE NO ACTION NOT VALID,
  DROP CONSTRAINT "devices_space_id_parking_spaces_id_fk",
  ADD CONSTRAINT "devices_space_id_parking_spaces_id_fk" FOREIGN KEY ("space_id","tenant_id") REFERENCES "parking_spaces"("id","tenant_id") ON DELETE SET NULL ("space_id") NOT VALID;
--> statement-breakpoint
ALTER TABLE "gateway_orders"
  DROP CONSTRAINT "gateway_orders_special_bill_id_special_bills_id_fk",
  ADD CONSTRAINT "gateway_orders_special_bill_id_special_bills_id_fk" FOREIGN KEY ("special_bill_id","tenant_id") REFERENCES "special_bills"("id","tenant_id") ON DELETE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "group_cards"
  DROP CONSTRAINT "group_cards_group_id_groups_id_fk",
  ADD CONSTRAINT "group_cards_group_id_groups_id_fk" FOREIGN KEY ("group_id","tenant_id") REFERENCES "groups"("id","tenant_id") ON DELETE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "invoice_payments"
  DROP CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk",
  ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id","tenant_id") REFERENCES "invoices"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "invoices"
  DROP CONSTRAINT "invoices_customer_id_customers_id_fk",
  ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id","tenant_id") REFERENCES "customers"("id","tenant_id") ON DELETE SET NULL ("customer_id") NOT VALID,
  DROP CONSTRAINT "invoices_lot_id_parking_lots_id_fk",
  ADD CONSTRAINT "invoices_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id","tenant_id") REFERENCES "parking_lots"("id","tenant_id") ON DELETE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "lane_commands"
  DROP CONSTRAINT "lane_commands_delivered_to_devices_id_fk",
  ADD CONSTRAINT "lane_commands_delivered_to_devices_id_fk" FOREIGN KEY ("delivered_to","tenant_id") REFERENCES "devices"("id","tenant_id") ON DELETE SET NULL ("delivered_to") NOT VALID,
  DROP CONSTRAINT "lane_commands_lane_id_parking_lanes_id_fk",
  ADD CONSTRAINT "lane_commands_lane_id_parking_lanes_id_fk" FOREIGN KEY ("lane_id","tenant_id") REFERENCES "parking_lanes"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "long_rentals"
  DROP CONSTRAINT "long_rentals_lot_id_parking_lots_id_fk",
  ADD CONSTRAINT "long_rentals_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id","tenant_id") REFERENCES "parking_lots"("id","tenant_id") ON DELETE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "merchant_ledger"
  DROP CONSTRAINT "merchant_ledger_merchant_id_merchants_id_fk",
  ADD CONSTRAINT "merchant_ledger_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id","tenant_id") REFERENCES "merchants"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "merchant_sessions"
  DROP CONSTRAINT "merchant_sessions_merchant_id_merchants_id_fk",
  ADD CONSTRAINT "merchant_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id","tenant_id") REFERENCES "merchants"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "order_warnings"
  DROP CONSTRAINT "order_warnings_lot_id_parking_lots_id_fk",
  ADD CONSTRAINT "order_warnings_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id","tenant_id") REFERENCES "parking_lots"("id","tenant_id") ON DELETE NO ACTION NOT VALID,
  DROP CONSTRAINT "order_warnings_handled_by_users_id_fk",
  ADD CONSTRAINT "order_warnings_handled_by_users_id_fk" FOREIGN KEY ("handled_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("handled_by") NOT VALID;
--> statement-breakpoint
ALTER TABLE "owner_sessions"
  DROP CONSTRAINT "owner_sessions_customer_id_customers_id_fk",
  ADD CONSTRAINT "owner_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id","tenant_id") REFERENCES "customers"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "parking_lanes"
  DROP CONSTRAINT "parking_lanes_lot_id_parking_lots_id_fk",
  ADD CONSTRAINT "parking_lanes_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id","tenant_id") REFERENCES "parking_lots"("id","tenant_id") ON DELETE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "parking_lots"
  DROP CONSTRAINT "parking_lots_area_id_parking_areas_id_fk",
  ADD CONSTRAINT "parking_lots_area_id_parking_areas_id_fk" FOREIGN KEY ("area_id","tenant_id") REFERENCES "parking_areas"("id","tenant_id") ON DELETE NO ACTION NOT VALID,
  DROP CONSTRAINT "parking_lots_tariff_id_tariffs_id_fk",
  ADD CONSTRAINT "parking_lots_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id","tenant_id") REFERENCES "tariffs"("id","tenant_id") ON DELETE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "parking_record_counts"
  DROP CONSTRAINT "parking_record_counts_lot_id_parking_lots_id_fk",
  ADD CONSTRAINT "parking_record_counts_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id","tenant_id") REFERENCES "parking_lots"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "parking_spaces"
  DROP CONSTRAINT "parking_spaces_lot_id_parking_lots_id_fk",
  ADD CONSTRAINT "parking_spaces_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id","tenant_id") REFERENCES "parking_lots"("id","tenant_id") ON DELETE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "phone_change_requests"
  DROP CONSTRAINT "phone_change_requests_customer_id_customers_id_fk",
  ADD CONSTRAINT "phone_change_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id","tenant_id") REFERENCES "customers"("id","tenant_id") ON DELETE CASCADE NOT VALID,
  DROP CONSTRAINT "phone_change_requests_decided_by_users_id_fk",
  ADD CONSTRAINT "phone_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("decided_by") NOT VALID;
--> statement-breakpoint
ALTER TABLE "plate_list_entries"
  DROP CONSTRAINT "plate_list_entries_created_by_users_id_fk",
  ADD CONSTRAINT "plate_list_entries_created_by_users_id_fk" FOREIGN KEY ("created_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("created_by") NOT VALID,
  DROP CONSTRAINT "plate_list_entries_removed_by_users_id_fk",
  ADD CONSTRAINT "plate_list_entries_removed_by_users_id_fk" FOREIGN KEY ("removed_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("removed_by") NOT VALID;
--> statement-breakpoint
ALTER TABLE "positions"
  DROP CONSTRAINT "positions_organization_id_organizations_id_fk",
  ADD CONSTRAINT "positions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "organizations"("id","tenant_id") ON DELETE SET NULL ("organization_id") NOT VALID;
--> statement-breakpoint
ALTER TABLE "reconciliation_mistakes"
  DROP CONSTRAINT "reconciliation_mistakes_batch_id_reconciliation_batches_id_fk",
  ADD CONSTRAINT "reconciliation_mistakes_batch_id_reconciliation_batches_id_fk" FOREIGN KEY ("batch_id","tenant_id") REFERENCES "reconciliation_batches"("id","tenant_id") ON DELETE CASCADE NOT VALID,
  DROP CONSTRAINT "reconciliation_mistakes_resolved_by_users_id_fk",
  ADD CONSTRAINT "reconciliation_mistakes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("resolved_by") NOT VALID;
--> statement-breakpoint
ALTER TABLE "record_edit_requests"
  DROP CONSTRAINT "record_edit_requests_requested_by_users_id_fk",
  ADD CONSTRAINT "record_edit_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE NO ACTION NOT VALID,
  DROP CONSTRAINT "record_edit_requests_decided_by_users_id_fk",
  ADD CONSTRAINT "record_edit_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("decided_by") NOT VALID;
--> statement-breakpoint
ALTER TABLE "recovery_records"
  DROP CONSTRAINT "recovery_records_lot_id_parking_lots_id_fk",
  ADD CONSTRAINT "recovery_records_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id","tenant_id") REFERENCES "parking_lots"("id","tenant_id") ON DELETE NO ACTION NOT VALID;
--> statement-breakpoint
ALTER TABLE "refunds"
  DROP CONSTRAINT "refunds_requested_by_users_id_fk",
  ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE NO ACTION NOT VALID,
  DROP CONSTRAINT "refunds_decided_by_users_id_fk",
  ADD CONSTRAINT "refunds_decided_by_users_id_fk" FOREIGN KEY ("decided_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("decided_by") NOT VALID;
--> statement-breakpoint
ALTER TABLE "revenue_daily"
  DROP CONSTRAINT "revenue_daily_lot_id_parking_lots_id_fk",
  ADD CONSTRAINT "revenue_daily_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id","tenant_id") REFERENCES "parking_lots"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "role_menus"
  DROP CONSTRAINT "role_menus_menu_id_menus_id_fk",
  ADD CONSTRAINT "role_menus_menu_id_menus_id_fk" FOREIGN KEY ("menu_id","tenant_id") REFERENCES "menus"("id","tenant_id") ON DELETE CASCADE NOT VALID,
  DROP CONSTRAINT "role_menus_role_id_roles_id_fk",
  ADD CONSTRAINT "role_menus_role_id_roles_id_fk" FOREIGN KEY ("role_id","tenant_id") REFERENCES "roles"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "screen_messages"
  DROP CONSTRAINT "screen_messages_device_id_devices_id_fk",
  ADD CONSTRAINT "screen_messages_device_id_devices_id_fk" FOREIGN KEY ("device_id","tenant_id") REFERENCES "devices"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "service_photos"
  DROP CONSTRAINT "service_photos_appeal_id_appeals_id_fk",
  ADD CONSTRAINT "service_photos_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id","tenant_id") REFERENCES "appeals"("id","tenant_id") ON DELETE CASCADE NOT VALID,
  DROP CONSTRAINT "service_photos_complaint_id_complaints_id_fk",
  ADD CONSTRAINT "service_photos_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id","tenant_id") REFERENCES "complaints"("id","tenant_id") ON DELETE CASCADE NOT VALID,
  DROP CONSTRAINT "service_photos_user_id_users_id_fk",
  ADD CONSTRAINT "service_photos_user_id_users_id_fk" FOREIGN KEY ("user_id","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("user_id") NOT VALID;
--> statement-breakpoint
ALTER TABLE "sessions"
  DROP CONSTRAINT "sessions_user_id_users_id_fk",
  ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "tariff_versions"
  DROP CONSTRAINT "tariff_versions_tariff_id_tariffs_id_fk",
  ADD CONSTRAINT "tariff_versions_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id","tenant_id") REFERENCES "tariffs"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "user_positions"
  DROP CONSTRAINT "user_positions_position_id_positions_id_fk",
  ADD CONSTRAINT "user_positions_position_id_positions_id_fk" FOREIGN KEY ("position_id","tenant_id") REFERENCES "positions"("id","tenant_id") ON DELETE CASCADE NOT VALID,
  DROP CONSTRAINT "user_positions_user_id_users_id_fk",
  ADD CONSTRAINT "user_positions_user_id_users_id_fk" FOREIGN KEY ("user_id","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "user_roles"
  DROP CONSTRAINT "user_roles_role_id_roles_id_fk",
  ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id","tenant_id") REFERENCES "roles"("id","tenant_id") ON DELETE CASCADE NOT VALID,
  DROP CONSTRAINT "user_roles_user_id_users_id_fk",
  ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "users"
  DROP CONSTRAINT "users_organization_id_organizations_id_fk",
  ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "organizations"("id","tenant_id") ON DELETE SET NULL ("organization_id") NOT VALID;
--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests"
  DROP CONSTRAINT "vehicle_auth_requests_vehicle_id_customer_vehicles_id_fk",
  ADD CONSTRAINT "vehicle_auth_requests_vehicle_id_customer_vehicles_id_fk" FOREIGN KEY ("vehicle_id","tenant_id") REFERENCES "customer_vehicles"("id","tenant_id") ON DELETE SET NULL ("vehicle_id") NOT VALID,
  DROP CONSTRAINT "vehicle_auth_requests_holder_vehicle_id_customer_vehicles_id_fk",
  ADD CONSTRAINT "vehicle_auth_requests_holder_vehicle_id_customer_vehicles_id_fk" FOREIGN KEY ("holder_vehicle_id","tenant_id") REFERENCES "customer_vehicles"("id","tenant_id") ON DELETE SET NULL ("holder_vehicle_id") NOT VALID,
  DROP CONSTRAINT "vehicle_auth_requests_holder_customer_id_customers_id_fk",
  ADD CONSTRAINT "vehicle_auth_requests_holder_customer_id_customers_id_fk" FOREIGN KEY ("holder_customer_id","tenant_id") REFERENCES "customers"("id","tenant_id") ON DELETE SET NULL ("holder_customer_id") NOT VALID,
  DROP CONSTRAINT "vehicle_auth_requests_customer_id_customers_id_fk",
  ADD CONSTRAINT "vehicle_auth_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id","tenant_id") REFERENCES "customers"("id","tenant_id") ON DELETE CASCADE NOT VALID,
  DROP CONSTRAINT "vehicle_auth_requests_submitted_by_users_id_fk",
  ADD CONSTRAINT "vehicle_auth_requests_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("submitted_by") NOT VALID,
  DROP CONSTRAINT "vehicle_auth_requests_decided_by_users_id_fk",
  ADD CONSTRAINT "vehicle_auth_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("decided_by") NOT VALID;
--> statement-breakpoint
DO $$
DECLARE
  link record;
  part text;
BEGIN
  FOR link IN SELECT * FROM (VALUES
    ('vehicle_events', 'device_id', 'devices', 'CASCADE'),
    ('parking_records', 'entry_lane_id', 'parking_lanes', 'SET NULL (entry_lane_id)'),
    ('parking_records', 'exit_lane_id', 'parking_lanes', 'SET NULL (exit_lane_id)'),
    ('parking_records', 'lot_id', 'parking_lots', 'NO ACTION'),
    ('parking_records', 'space_id', 'parking_spaces', 'SET NULL (space_id)'),
    ('parking_records', 'tariff_version_id', 'tariff_versions', 'SET NULL (tariff_version_id)'),
    ('parking_records', 'tariff_id', 'tariffs', 'SET NULL (tariff_id)'),
    ('payments', 'operator_id', 'users', 'SET NULL (operator_id)')
  ) AS l(child, col, parent, on_delete) LOOP
    FOR part IN SELECT inhrelid::regclass::text FROM pg_inherits WHERE inhparent = link.child::regclass ORDER BY 1 LOOP
      EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY (%I, tenant_id) REFERENCES %I (id, tenant_id) ON DELETE %s NOT VALID',
        part, part || '_' || link.col || '_tenant_fk', link.col, link.parent,
        CASE WHEN link.on_delete LIKE 'SET NULL%' THEN format('SET NULL (%I)', link.col) ELSE link.on_delete END);
    END LOOP;
  END LOOP;
END $$;
