-- locks: none on a big table (small tables only: device_offline_tasks)
CREATE TABLE "device_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid,
	"sn" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_nonces" (
	"tenant_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"nonce" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sn" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"lot_id" uuid NOT NULL,
	"lane_id" uuid,
	"space_id" uuid,
	"heartbeat_cycle" integer DEFAULT 60 NOT NULL,
	"network_type" text DEFAULT '4G' NOT NULL,
	"secret" text NOT NULL,
	"last_heartbeat_at" timestamp with time zone,
	"online_state" text DEFAULT 'never' NOT NULL,
	"last_status" jsonb,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screen_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"text" text NOT NULL,
	"line" integer DEFAULT 1 NOT NULL,
	"colour" text DEFAULT 'red' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_nonces" ADD CONSTRAINT "device_nonces_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_nonces" ADD CONSTRAINT "device_nonces_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_lane_id_parking_lanes_id_fk" FOREIGN KEY ("lane_id") REFERENCES "public"."parking_lanes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_space_id_parking_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."parking_spaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_messages" ADD CONSTRAINT "screen_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_messages" ADD CONSTRAINT "screen_messages_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_events_tenant_time" ON "device_events" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_nonces_device_nonce" ON "device_nonces" USING btree ("device_id","nonce");--> statement-breakpoint
CREATE INDEX "device_nonces_seen" ON "device_nonces" USING btree ("seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_tenant_sn" ON "devices" USING btree ("tenant_id","sn");--> statement-breakpoint
CREATE INDEX "devices_tenant_lot" ON "devices" USING btree ("tenant_id","lot_id");--> statement-breakpoint
CREATE INDEX "devices_online_heartbeat" ON "devices" USING btree ("last_heartbeat_at") WHERE "devices"."online_state" = 'online';--> statement-breakpoint
CREATE INDEX "screen_messages_device_time" ON "screen_messages" USING btree ("tenant_id","device_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_offline_tasks_tenant_open_sn" ON "device_offline_tasks" USING btree ("tenant_id","device_sn") WHERE "device_offline_tasks"."closed_at" is null;--> statement-breakpoint
SELECT parking_enable_tenant_rls('devices');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('device_nonces');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('device_events');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('screen_messages');
