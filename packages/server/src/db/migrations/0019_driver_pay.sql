-- locks: none (new tables and functions only)
CREATE TABLE "lane_commands" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lane_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid,
	"plate_number" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"delivered_to" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gateway_orders" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway_order_no" text NOT NULL,
	"provider" text NOT NULL,
	"record_id" uuid NOT NULL,
	"lane_id" uuid,
	"amount" integer NOT NULL,
	"amount_due" integer NOT NULL,
	"discount" integer NOT NULL,
	"priced_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"trade_no" text,
	"payment_id" uuid,
	"remark" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_orders_amount_positive" CHECK ("gateway_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_cashier_orders" (
	"gateway_order_no" text PRIMARY KEY NOT NULL,
	"trade_no" text NOT NULL,
	"subject" text NOT NULL,
	"amount" integer NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lane_commands" ADD CONSTRAINT "lane_commands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_commands" ADD CONSTRAINT "lane_commands_lane_id_parking_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "public"."parking_lanes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_commands" ADD CONSTRAINT "lane_commands_delivered_to_devices_id_fk" FOREIGN KEY ("delivered_to") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_record_id_parking_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."parking_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lane_commands_lane_state" ON "lane_commands" USING btree ("tenant_id","lane_id","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_orders_no" ON "gateway_orders" USING btree ("gateway_order_no");--> statement-breakpoint
CREATE INDEX "gateway_orders_tenant_record" ON "gateway_orders" USING btree ("tenant_id","record_id","created_at");--> statement-breakpoint
SELECT parking_enable_tenant_rls('lane_commands');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('gateway_orders');
