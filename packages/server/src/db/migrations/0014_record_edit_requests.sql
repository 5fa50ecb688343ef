-- locks: none (new tables and functions only)
CREATE TABLE "record_edit_requests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"requested" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_remark" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_edit_requests" ADD CONSTRAINT "record_edit_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_edit_requests" ADD CONSTRAINT "record_edit_requests_record_id_parking_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."parking_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_edit_requests" ADD CONSTRAINT "record_edit_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_edit_requests" ADD CONSTRAINT "record_edit_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "record_edit_requests_tenant_record_open" ON "record_edit_requests" USING btree ("tenant_id","record_id") WHERE "record_edit_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "record_edit_requests_tenant_record" ON "record_edit_requests" USING btree ("tenant_id","record_id","created_at");--> statement-breakpoint
CREATE INDEX "record_edit_requests_tenant_status" ON "record_edit_requests" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
SELECT parking_enable_tenant_rls('record_edit_requests');
