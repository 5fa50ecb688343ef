-- locks: parking_records, payments, vehicle_events, appeals, complaints, coupons, gateway_orders, invoice_payments, order_warnings, record_edit_requests, recovery_records, refunds: ACCESS EXCLUSIVE for a moment each (keys taken from 0059's indexes, foreign keys and checks added NOT VALID, so nothing is scanned; the old foreign keys dropped)
-- Monthly partitions of records and payments, step 3 of 4: what links to a record or a payment does
-- so by its whole key, (tenant, id, month), with the same action on delete as before; SET NULL empties
-- the id and the month, not the tenant. The tenant in the key also refuses a link to another tenant's
-- record, which the old key on the id alone let through. 0063 validates them while writes go on.
ALTER TABLE "parking_records" ADD CONSTRAINT "parking_records_month_key" UNIQUE USING INDEX "parking_records_month_key";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_month_key" UNIQUE USING INDEX "payments_month_key";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_record_month" CHECK (("record_id" IS NULL) = ("record_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_record_id_parking_records_id_fk";
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_record_month" CHECK (("record_id" IS NULL) = ("record_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_record_id_parking_records_id_fk";
--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_record_month" CHECK (("record_id" IS NULL) = ("record_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "gateway_orders" DROP CONSTRAINT "gateway_orders_record_id_parking_records_id_fk";
--> statement-breakpoint
ALTER TABLE "recovery_records" ADD CONSTRAINT "recovery_records_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "recovery_records" ADD CONSTRAINT "recovery_records_record_month" CHECK (("record_id" IS NULL) = ("record_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "recovery_records" DROP CONSTRAINT "recovery_records_record_id_parking_records_id_fk";
--> statement-breakpoint
ALTER TABLE "record_edit_requests" ADD CONSTRAINT "record_edit_requests_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "record_edit_requests" ADD CONSTRAINT "record_edit_requests_record_month" CHECK (("record_id" IS NULL) = ("record_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "record_edit_requests" DROP CONSTRAINT "record_edit_requests_record_id_parking_records_id_fk";
--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") ON DELETE CASCADE NOT VALID;
--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_record_month" CHECK (("record_id" IS NULL) = ("record_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "appeals" DROP CONSTRAINT "appeals_record_id_parking_records_id_fk";
--> statement-breakpoint
ALTER TABLE "order_warnings" ADD CONSTRAINT "order_warnings_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") ON DELETE SET NULL (record_id, record_created_at) NOT VALID;
--> statement-breakpoint
ALTER TABLE "order_warnings" ADD CONSTRAINT "order_warnings_record_month" CHECK (("record_id" IS NULL) = ("record_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "order_warnings" DROP CONSTRAINT "order_warnings_record_id_parking_records_id_fk";
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") ON DELETE SET NULL (record_id, record_created_at) NOT VALID;
--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_record_month" CHECK (("record_id" IS NULL) = ("record_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "complaints" DROP CONSTRAINT "complaints_record_id_parking_records_id_fk";
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_record_fk" FOREIGN KEY ("tenant_id","record_id","record_created_at") REFERENCES "parking_records"("tenant_id","id","created_at") ON DELETE SET NULL (record_id, record_created_at) NOT VALID;
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_record_month" CHECK (("record_id" IS NULL) = ("record_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_record_id_parking_records_id_fk";
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_fk" FOREIGN KEY ("tenant_id","payment_id","payment_created_at") REFERENCES "payments"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_month" CHECK (("payment_id" IS NULL) = ("payment_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_payment_fk" FOREIGN KEY ("tenant_id","payment_id","payment_created_at") REFERENCES "payments"("tenant_id","id","created_at") ON DELETE SET NULL (payment_id, payment_created_at) NOT VALID;
--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_payment_month" CHECK (("payment_id" IS NULL) = ("payment_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "gateway_orders" DROP CONSTRAINT "gateway_orders_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "recovery_records" ADD CONSTRAINT "recovery_records_payment_fk" FOREIGN KEY ("tenant_id","payment_id","payment_created_at") REFERENCES "payments"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "recovery_records" ADD CONSTRAINT "recovery_records_payment_month" CHECK (("payment_id" IS NULL) = ("payment_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "recovery_records" DROP CONSTRAINT "recovery_records_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_payment_fk" FOREIGN KEY ("tenant_id","payment_id","payment_created_at") REFERENCES "payments"("tenant_id","id","created_at") NOT VALID;
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_payment_month" CHECK (("payment_id" IS NULL) = ("payment_created_at" IS NULL)) NOT VALID;
--> statement-breakpoint
ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_payment_id_payments_id_fk";
--> statement-breakpoint
-- an event is the raw log of a device, kept only for the tenant's retention: it names its record, as the operation log names its target, with no key
ALTER TABLE "vehicle_events" DROP CONSTRAINT "vehicle_events_record_id_parking_records_id_fk";
