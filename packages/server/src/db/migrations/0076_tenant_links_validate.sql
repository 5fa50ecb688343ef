-- locks: coupons, device_events, device_nonces, gateway_orders, lane_commands, merchant_ledger, order_warnings, recovery_records, refunds, revenue_daily, sessions, and the other tables that link to a row by its id: SHARE UPDATE EXCLUSIVE while each is read (writes go on); parking_records, payments, vehicle_events: each partition SHARE UPDATE EXCLUSIVE while it is read, then the partitioned table ACCESS EXCLUSIVE for a moment (its links added over the partitions' validated ones: no scan)
-- The tenant in every key, step 3 of 4: the links 0075 added are validated over the rows written
-- before them, while writes go on. The records', events' and payments' links are validated on each
-- partition, and then added on the partitioned table in place of the links by the id alone: it takes
-- the partitions' links as they are, and a partition made later gets it. A partition made since 0075
-- (a month another process's job added) has none yet: the partitioned table's link is added and
-- validated on it.
ALTER TABLE "service_photos" VALIDATE CONSTRAINT "service_photos_appeal_id_appeals_id_fk";
--> statement-breakpoint
ALTER TABLE "complaint_replies" VALIDATE CONSTRAINT "complaint_replies_complaint_id_complaints_id_fk";
--> statement-breakpoint
ALTER TABLE "service_photos" VALIDATE CONSTRAINT "service_photos_complaint_id_complaints_id_fk";
--> statement-breakpoint
ALTER TABLE "coupons" VALIDATE CONSTRAINT "coupons_template_id_coupon_templates_id_fk";
--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" VALIDATE CONSTRAINT "vehicle_auth_requests_vehicle_id_customer_vehicles_id_fk";
--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" VALIDATE CONSTRAINT "vehicle_auth_requests_holder_vehicle_id_customer_vehicles_id_fk";
--> statement-breakpoint
ALTER TABLE "appeals" VALIDATE CONSTRAINT "appeals_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "complaints" VALIDATE CONSTRAINT "complaints_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_notices" VALIDATE CONSTRAINT "customer_notices_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_vehicles" VALIDATE CONSTRAINT "customer_vehicles_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" VALIDATE CONSTRAINT "invoices_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "owner_sessions" VALIDATE CONSTRAINT "owner_sessions_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "phone_change_requests" VALIDATE CONSTRAINT "phone_change_requests_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" VALIDATE CONSTRAINT "vehicle_auth_requests_holder_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" VALIDATE CONSTRAINT "vehicle_auth_requests_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "device_events" VALIDATE CONSTRAINT "device_events_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "device_nonces" VALIDATE CONSTRAINT "device_nonces_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "lane_commands" VALIDATE CONSTRAINT "lane_commands_delivered_to_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "screen_messages" VALIDATE CONSTRAINT "screen_messages_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "group_cards" VALIDATE CONSTRAINT "group_cards_group_id_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_payments" VALIDATE CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "role_menus" VALIDATE CONSTRAINT "role_menus_menu_id_menus_id_fk";
--> statement-breakpoint
ALTER TABLE "coupons" VALIDATE CONSTRAINT "coupons_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "merchant_ledger" VALIDATE CONSTRAINT "merchant_ledger_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "merchant_sessions" VALIDATE CONSTRAINT "merchant_sessions_merchant_id_merchants_id_fk";
--> statement-breakpoint
ALTER TABLE "positions" VALIDATE CONSTRAINT "positions_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "users" VALIDATE CONSTRAINT "users_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "parking_lots" VALIDATE CONSTRAINT "parking_lots_area_id_parking_areas_id_fk";
--> statement-breakpoint
ALTER TABLE "devices" VALIDATE CONSTRAINT "devices_lane_id_parking_lanes_id_fk";
--> statement-breakpoint
ALTER TABLE "lane_commands" VALIDATE CONSTRAINT "lane_commands_lane_id_parking_lanes_id_fk";
--> statement-breakpoint
ALTER TABLE "devices" VALIDATE CONSTRAINT "devices_lot_id_parking_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" VALIDATE CONSTRAINT "invoices_lot_id_parking_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "long_rentals" VALIDATE CONSTRAINT "long_rentals_lot_id_parking_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "order_warnings" VALIDATE CONSTRAINT "order_warnings_lot_id_parking_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "parking_lanes" VALIDATE CONSTRAINT "parking_lanes_lot_id_parking_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "parking_record_counts" VALIDATE CONSTRAINT "parking_record_counts_lot_id_parking_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "parking_spaces" VALIDATE CONSTRAINT "parking_spaces_lot_id_parking_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "recovery_records" VALIDATE CONSTRAINT "recovery_records_lot_id_parking_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "revenue_daily" VALIDATE CONSTRAINT "revenue_daily_lot_id_parking_lots_id_fk";
--> statement-breakpoint
ALTER TABLE "devices" VALIDATE CONSTRAINT "devices_space_id_parking_spaces_id_fk";
--> statement-breakpoint
ALTER TABLE "user_positions" VALIDATE CONSTRAINT "user_positions_position_id_positions_id_fk";
--> statement-breakpoint
ALTER TABLE "reconciliation_mistakes" VALIDATE CONSTRAINT "reconciliation_mistakes_batch_id_reconciliation_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "role_menus" VALIDATE CONSTRAINT "role_menus_role_id_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "user_roles" VALIDATE CONSTRAINT "user_roles_role_id_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "gateway_orders" VALIDATE CONSTRAINT "gateway_orders_special_bill_id_special_bills_id_fk";
--> statement-breakpoint
ALTER TABLE "parking_lots" VALIDATE CONSTRAINT "parking_lots_tariff_id_tariffs_id_fk";
--> statement-breakpoint
ALTER TABLE "tariff_versions" VALIDATE CONSTRAINT "tariff_versions_tariff_id_tariffs_id_fk";
--> statement-breakpoint
ALTER TABLE "appeals" VALIDATE CONSTRAINT "appeals_claimed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "appeals" VALIDATE CONSTRAINT "appeals_decided_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "arrears_reminders" VALIDATE CONSTRAINT "arrears_reminders_operator_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "complaint_replies" VALIDATE CONSTRAINT "complaint_replies_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "complaints" VALIDATE CONSTRAINT "complaints_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "complaints" VALIDATE CONSTRAINT "complaints_completed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "coupons" VALIDATE CONSTRAINT "coupons_issued_by_user_users_id_fk";
--> statement-breakpoint
ALTER TABLE "order_warnings" VALIDATE CONSTRAINT "order_warnings_handled_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "phone_change_requests" VALIDATE CONSTRAINT "phone_change_requests_decided_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "plate_list_entries" VALIDATE CONSTRAINT "plate_list_entries_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "plate_list_entries" VALIDATE CONSTRAINT "plate_list_entries_removed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reconciliation_mistakes" VALIDATE CONSTRAINT "reconciliation_mistakes_resolved_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "record_edit_requests" VALIDATE CONSTRAINT "record_edit_requests_requested_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "record_edit_requests" VALIDATE CONSTRAINT "record_edit_requests_decided_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "refunds" VALIDATE CONSTRAINT "refunds_requested_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "refunds" VALIDATE CONSTRAINT "refunds_decided_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "service_photos" VALIDATE CONSTRAINT "service_photos_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" VALIDATE CONSTRAINT "sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_positions" VALIDATE CONSTRAINT "user_positions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_roles" VALIDATE CONSTRAINT "user_roles_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" VALIDATE CONSTRAINT "vehicle_auth_requests_submitted_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" VALIDATE CONSTRAINT "vehicle_auth_requests_decided_by_users_id_fk";
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
      IF EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = part::regclass AND conname = part || '_' || link.col || '_tenant_fk') THEN
        EXECUTE format('ALTER TABLE %I VALIDATE CONSTRAINT %I', part, part || '_' || link.col || '_tenant_fk');
      END IF;
    END LOOP;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "parking_records"
  DROP CONSTRAINT "parking_records_entry_lane_id_parking_lanes_id_fk",
  ADD CONSTRAINT "parking_records_entry_lane_id_parking_lanes_id_fk" FOREIGN KEY ("entry_lane_id","tenant_id") REFERENCES "parking_lanes"("id","tenant_id") ON DELETE SET NULL ("entry_lane_id"),
  DROP CONSTRAINT "parking_records_exit_lane_id_parking_lanes_id_fk",
  ADD CONSTRAINT "parking_records_exit_lane_id_parking_lanes_id_fk" FOREIGN KEY ("exit_lane_id","tenant_id") REFERENCES "parking_lanes"("id","tenant_id") ON DELETE SET NULL ("exit_lane_id"),
  DROP CONSTRAINT "parking_records_lot_id_parking_lots_id_fk",
  ADD CONSTRAINT "parking_records_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id","tenant_id") REFERENCES "parking_lots"("id","tenant_id") ON DELETE NO ACTION,
  DROP CONSTRAINT "parking_records_space_id_parking_spaces_id_fk",
  ADD CONSTRAINT "parking_records_space_id_parking_spaces_id_fk" FOREIGN KEY ("space_id","tenant_id") REFERENCES "parking_spaces"("id","tenant_id") ON DELETE SET NULL ("space_id"),
  DROP CONSTRAINT "parking_records_tariff_version_id_tariff_versions_id_fk",
  ADD CONSTRAINT "parking_records_tariff_version_id_tariff_versions_id_fk" FOREIGN KEY ("tariff_version_id","tenant_id") REFERENCES "tariff_versions"("id","tenant_id") ON DELETE SET NULL ("tariff_version_id"),
  DROP CONSTRAINT "parking_records_tariff_id_tariffs_id_fk",
  ADD CONSTRAINT "parking_records_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id","tenant_id") REFERENCES "tariffs"("id","tenant_id") ON DELETE SET NULL ("tariff_id");
--> statement-breakpoint
ALTER TABLE "payments"
  DROP CONSTRAINT "payments_operator_id_users_id_fk",
  ADD CONSTRAINT "payments_operator_id_users_id_fk" FOREIGN KEY ("operator_id","tenant_id") REFERENCES "users"("id","tenant_id") ON DELETE SET NULL ("operator_id");
--> statement-breakpoint
ALTER TABLE "vehicle_events"
  DROP CONSTRAINT "vehicle_events_device_id_devices_id_fk",
  ADD CONSTRAINT "vehicle_events_device_id_devices_id_fk" FOREIGN KEY ("device_id","tenant_id") REFERENCES "devices"("id","tenant_id") ON DELETE CASCADE;
