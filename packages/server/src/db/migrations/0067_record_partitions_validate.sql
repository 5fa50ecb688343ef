-- locks: appeals, complaints, coupons, gateway_orders, order_warnings, payments, record_edit_requests, recovery_records, refunds: SHARE UPDATE EXCLUSIVE while each is scanned (writes go on); parking_records: ROW SHARE
-- Monthly partitions of parking records, step 4 of 4: the keys 0066 pointed at the partitioned
-- records are validated over the rows written before them.
ALTER TABLE "appeals" VALIDATE CONSTRAINT "appeals_record_fk";
--> statement-breakpoint
ALTER TABLE "complaints" VALIDATE CONSTRAINT "complaints_record_fk";
--> statement-breakpoint
ALTER TABLE "coupons" VALIDATE CONSTRAINT "coupons_record_fk";
--> statement-breakpoint
ALTER TABLE "gateway_orders" VALIDATE CONSTRAINT "gateway_orders_record_fk";
--> statement-breakpoint
ALTER TABLE "order_warnings" VALIDATE CONSTRAINT "order_warnings_record_fk";
--> statement-breakpoint
ALTER TABLE "payments" VALIDATE CONSTRAINT "payments_record_fk";
--> statement-breakpoint
ALTER TABLE "record_edit_requests" VALIDATE CONSTRAINT "record_edit_requests_record_fk";
--> statement-breakpoint
ALTER TABLE "recovery_records" VALIDATE CONSTRAINT "recovery_records_record_fk";
--> statement-breakpoint
ALTER TABLE "refunds" VALIDATE CONSTRAINT "refunds_record_fk";
