-- locks: none (new tables and functions only)
CREATE TABLE "order_warnings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid,
	"lot_id" uuid NOT NULL,
	"plate_number" text NOT NULL,
	"kind" text NOT NULL,
	"category" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_warnings_category" CHECK ("order_warnings"."category" in (1, 2)),
	CONSTRAINT "order_warnings_state" CHECK ("order_warnings"."state" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "plate_blacklist" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plate_number" text NOT NULL,
	"plate_colour" integer,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_warnings" ADD CONSTRAINT "order_warnings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_warnings" ADD CONSTRAINT "order_warnings_record_id_parking_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."parking_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_warnings" ADD CONSTRAINT "order_warnings_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_warnings" ADD CONSTRAINT "order_warnings_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate_blacklist" ADD CONSTRAINT "plate_blacklist_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate_blacklist" ADD CONSTRAINT "plate_blacklist_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_warnings_tenant_record_kind" ON "order_warnings" USING btree ("tenant_id","record_id","kind") WHERE "order_warnings"."record_id" is not null;--> statement-breakpoint
CREATE INDEX "order_warnings_tenant_category_created" ON "order_warnings" USING btree ("tenant_id","category","created_at");--> statement-breakpoint
CREATE INDEX "order_warnings_tenant_plate" ON "order_warnings" USING btree ("tenant_id","plate_number");--> statement-breakpoint
CREATE UNIQUE INDEX "plate_blacklist_tenant_plate" ON "plate_blacklist" USING btree ("tenant_id","plate_number");--> statement-breakpoint
SELECT parking_enable_tenant_rls('order_warnings');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('plate_blacklist');
