-- locks: gateway_orders (ACCESS EXCLUSIVE, brief: alter column "record_id", ACCESS EXCLUSIVE while a CHECK scans every row)
ALTER TABLE "gateway_orders" ALTER COLUMN "record_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD COLUMN "special_bill_id" uuid;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_special_bill_id_special_bills_id_fk" FOREIGN KEY ("special_bill_id") REFERENCES "public"."special_bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_one_subject" CHECK (num_nonnulls("gateway_orders"."record_id", "gateway_orders"."special_bill_id") = 1);