-- locks: none on a big table (small tables only: parking_lots)
CREATE TABLE "parking_records" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lot_id" uuid NOT NULL,
	"entry_lane_id" uuid,
	"exit_lane_id" uuid,
	"space_id" uuid,
	"plate_number" text NOT NULL,
	"plate_colour" integer DEFAULT 0 NOT NULL,
	"entered_at" timestamp with time zone,
	"exited_at" timestamp with time zone,
	"entry_event_id" text,
	"exit_event_id" text,
	"entry_confidence" double precision,
	"exit_confidence" double precision,
	"entry_photo" text,
	"exit_photo" text,
	"tariff_id" uuid,
	"tariff_version_id" uuid,
	"vehicle_class" text,
	"state" text DEFAULT 'parked' NOT NULL,
	"amount_due" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"unpaid" integer DEFAULT 0 NOT NULL,
	"abnormal" boolean DEFAULT false NOT NULL,
	"abnormal_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parking_records_money" CHECK ("parking_records"."amount_due" - "parking_records"."discount" = "parking_records"."paid" + "parking_records"."unpaid"),
	CONSTRAINT "parking_records_money_non_negative" CHECK ("parking_records"."amount_due" >= 0 AND "parking_records"."discount" >= 0 AND "parking_records"."paid" >= 0 AND "parking_records"."unpaid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vehicle_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"device_event_id" text NOT NULL,
	"kind" text NOT NULL,
	"plate_number" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"record_id" uuid,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parking_lots" ADD COLUMN "event_rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "parking_records" ADD CONSTRAINT "parking_records_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_records" ADD CONSTRAINT "parking_records_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_records" ADD CONSTRAINT "parking_records_entry_lane_id_parking_lanes_id_fk" FOREIGN KEY ("entry_lane_id") REFERENCES "public"."parking_lanes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_records" ADD CONSTRAINT "parking_records_exit_lane_id_parking_lanes_id_fk" FOREIGN KEY ("exit_lane_id") REFERENCES "public"."parking_lanes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_records" ADD CONSTRAINT "parking_records_space_id_parking_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."parking_spaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_records" ADD CONSTRAINT "parking_records_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_records" ADD CONSTRAINT "parking_records_tariff_version_id_tariff_versions_id_fk" FOREIGN KEY ("tariff_version_id") REFERENCES "public"."tariff_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_events" ADD CONSTRAINT "vehicle_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_events" ADD CONSTRAINT "vehicle_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_events" ADD CONSTRAINT "vehicle_events_record_id_parking_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."parking_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parking_records_tenant_lot_plate" ON "parking_records" USING btree ("tenant_id","lot_id","plate_number");--> statement-breakpoint
CREATE INDEX "parking_records_tenant_entered" ON "parking_records" USING btree ("tenant_id","entered_at");--> statement-breakpoint
CREATE INDEX "parking_records_tenant_state" ON "parking_records" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_events_tenant_device_event" ON "vehicle_events" USING btree ("tenant_id","device_id","device_event_id");--> statement-breakpoint
SELECT parking_enable_tenant_rls('parking_records');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('vehicle_events');
