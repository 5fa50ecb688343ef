-- locks: none (new tables and functions only)
CREATE TABLE "appeals" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"customer_id" uuid,
	"phone" text NOT NULL,
	"plate_number" text NOT NULL,
	"plate_colour" integer NOT NULL,
	"reason" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"decision" jsonb,
	"result" text DEFAULT '' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"claimed_by" uuid,
	"claimed_until" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"filed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_record_id_parking_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."parking_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_tenant_record_open" ON "appeals" USING btree ("tenant_id","record_id") WHERE "appeals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "appeals_tenant_filed" ON "appeals" USING btree ("tenant_id","filed_at");--> statement-breakpoint
CREATE INDEX "appeals_tenant_status" ON "appeals" USING btree ("tenant_id","status","filed_at");--> statement-breakpoint
CREATE INDEX "appeals_tenant_customer" ON "appeals" USING btree ("tenant_id","customer_id");--> statement-breakpoint
SELECT parking_enable_tenant_rls('appeals');