-- locks: none (new tables and functions only)
CREATE TABLE "service_photos" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"complaint_id" uuid,
	"appeal_id" uuid,
	"path" text NOT NULL,
	"added_by" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "service_photos_one_item" CHECK (num_nonnulls("service_photos"."complaint_id", "service_photos"."appeal_id") = 1),
	CONSTRAINT "service_photos_added_by" CHECK ("service_photos"."added_by" in ('staff', 'owner', 'driver'))
);
--> statement-breakpoint
ALTER TABLE "service_photos" ADD CONSTRAINT "service_photos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_photos" ADD CONSTRAINT "service_photos_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_photos" ADD CONSTRAINT "service_photos_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_photos" ADD CONSTRAINT "service_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_photos_tenant_complaint" ON "service_photos" USING btree ("tenant_id","complaint_id","created_at");--> statement-breakpoint
CREATE INDEX "service_photos_tenant_appeal" ON "service_photos" USING btree ("tenant_id","appeal_id","created_at");--> statement-breakpoint
SELECT parking_enable_tenant_rls('service_photos');