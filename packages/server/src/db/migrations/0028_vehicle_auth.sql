-- locks: none (new tables and functions only)
CREATE TABLE "customer_notices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"business_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vehicle_auth_requests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"customer_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"plate_number" text NOT NULL,
	"plate_colour" integer DEFAULT 0 NOT NULL,
	"holder_customer_id" uuid,
	"holder_vehicle_id" uuid,
	"photo_path" text,
	"photo_removed_at" timestamp with time zone,
	"submitted_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_notices" ADD CONSTRAINT "customer_notices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notices" ADD CONSTRAINT "customer_notices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" ADD CONSTRAINT "vehicle_auth_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" ADD CONSTRAINT "vehicle_auth_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" ADD CONSTRAINT "vehicle_auth_requests_vehicle_id_customer_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."customer_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" ADD CONSTRAINT "vehicle_auth_requests_holder_customer_id_customers_id_fk" FOREIGN KEY ("holder_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" ADD CONSTRAINT "vehicle_auth_requests_holder_vehicle_id_customer_vehicles_id_fk" FOREIGN KEY ("holder_vehicle_id") REFERENCES "public"."customer_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" ADD CONSTRAINT "vehicle_auth_requests_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_auth_requests" ADD CONSTRAINT "vehicle_auth_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notices_tenant_customer" ON "customer_notices" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_auth_requests_open_once" ON "vehicle_auth_requests" USING btree ("tenant_id","customer_id","plate_number","plate_colour") WHERE "vehicle_auth_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "vehicle_auth_requests_tenant_status" ON "vehicle_auth_requests" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "vehicle_auth_requests_photo_due" ON "vehicle_auth_requests" USING btree ("decided_at") WHERE "vehicle_auth_requests"."photo_path" is not null and "vehicle_auth_requests"."status" <> 'pending';--> statement-breakpoint
SELECT parking_enable_tenant_rls('vehicle_auth_requests');--> statement-breakpoint
SELECT parking_enable_tenant_rls('customer_notices');