-- locks: none (new tables and functions only)
CREATE TABLE "customer_vehicles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"plate_number" text NOT NULL,
	"plate_colour" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"bound_at" timestamp with time zone NOT NULL,
	"unbound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_vehicles" ADD CONSTRAINT "customer_vehicles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_vehicles" ADD CONSTRAINT "customer_vehicles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_vehicles_tenant_customer" ON "customer_vehicles" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "customer_vehicles_tenant_plate" ON "customer_vehicles" USING btree ("tenant_id","plate_number","plate_colour");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_vehicles_bound_once" ON "customer_vehicles" USING btree ("tenant_id","customer_id","plate_number","plate_colour") WHERE "customer_vehicles"."state" <> 'unbound';--> statement-breakpoint
CREATE UNIQUE INDEX "customer_vehicles_claimed_once" ON "customer_vehicles" USING btree ("tenant_id","plate_number","plate_colour") WHERE "customer_vehicles"."state" in ('verifying', 'verified');--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_phone" ON "customers" USING btree ("tenant_id","phone");--> statement-breakpoint
CREATE INDEX "customers_tenant_registered" ON "customers" USING btree ("tenant_id","registered_at");--> statement-breakpoint
SELECT parking_enable_tenant_rls('customers');--> statement-breakpoint
SELECT parking_enable_tenant_rls('customer_vehicles');
