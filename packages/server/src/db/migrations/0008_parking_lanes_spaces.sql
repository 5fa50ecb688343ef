-- locks: none on a big table (small tables only: parking_lanes, parking_spaces)
ALTER TABLE "parking_lanes" ADD COLUMN "sort_code" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parking_lanes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "parking_spaces" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "parking_spaces_tenant_sensor" ON "parking_spaces" USING btree ("tenant_id","sensor_sn") WHERE "parking_spaces"."sensor_sn" <> '';