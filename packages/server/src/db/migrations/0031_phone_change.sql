-- locks: none (new tables and functions only)
CREATE TABLE "phone_change_requests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"customer_id" uuid NOT NULL,
	"old_phone" text NOT NULL,
	"new_phone" text NOT NULL,
	"order_no" text NOT NULL,
	"photo_path" text,
	"photo_removed_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_change_requests" ADD CONSTRAINT "phone_change_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_change_requests" ADD CONSTRAINT "phone_change_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_change_requests" ADD CONSTRAINT "phone_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_change_requests_open_once" ON "phone_change_requests" USING btree ("tenant_id","customer_id") WHERE "phone_change_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "phone_change_requests_tenant_status" ON "phone_change_requests" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "phone_change_requests_photo_due" ON "phone_change_requests" USING btree ("decided_at") WHERE "phone_change_requests"."photo_path" is not null and "phone_change_requests"."status" <> 'pending';--> statement-breakpoint
SELECT parking_enable_tenant_rls('phone_change_requests');