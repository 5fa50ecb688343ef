-- locks: none (new tables and functions only)
CREATE TABLE "parking_areas" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"inspector_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"check_in_range" integer DEFAULT 100 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parking_lanes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lot_id" uuid NOT NULL,
	"name" text NOT NULL,
	"direction" text NOT NULL,
	"release_after_payment" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parking_lots" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"area_id" uuid,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"kind" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"province_code" text DEFAULT '' NOT NULL,
	"city_code" text DEFAULT '' NOT NULL,
	"district_code" text DEFAULT '' NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"total_spaces" integer DEFAULT 0 NOT NULL,
	"long_rental_spaces" integer DEFAULT 0 NOT NULL,
	"reserved_spaces" integer DEFAULT 0 NOT NULL,
	"charging_spaces" integer DEFAULT 0 NOT NULL,
	"free_count" integer DEFAULT 0 NOT NULL,
	"self_operated" boolean DEFAULT true NOT NULL,
	"prepay" boolean DEFAULT false NOT NULL,
	"manager_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"long_rental_space_leave" boolean DEFAULT false NOT NULL,
	"tariff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parking_spaces" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lot_id" uuid NOT NULL,
	"number" text NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"charging" boolean DEFAULT false NOT NULL,
	"sensor_sn" text DEFAULT '' NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"state" text DEFAULT 'free' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parking_areas" ADD CONSTRAINT "parking_areas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_lanes" ADD CONSTRAINT "parking_lanes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_lanes" ADD CONSTRAINT "parking_lanes_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_lots" ADD CONSTRAINT "parking_lots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_lots" ADD CONSTRAINT "parking_lots_area_id_parking_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."parking_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD CONSTRAINT "parking_spaces_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parking_areas_tenant_name" ON "parking_areas" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_lanes_tenant_lot_name" ON "parking_lanes" USING btree ("tenant_id","lot_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_lots_tenant_name" ON "parking_lots" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "parking_lots_tenant_area" ON "parking_lots" USING btree ("tenant_id","area_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_spaces_tenant_lot_number" ON "parking_spaces" USING btree ("tenant_id","lot_id","number");--> statement-breakpoint
SELECT parking_enable_tenant_rls('parking_areas');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('parking_lots');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('parking_lanes');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('parking_spaces');
