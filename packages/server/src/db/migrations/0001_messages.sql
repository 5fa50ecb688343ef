-- locks: none (new tables and functions only)
CREATE TABLE "device_offline_tasks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_type_name" text NOT NULL,
	"content" text NOT NULL,
	"device_sn" text NOT NULL,
	"parking_type" integer NOT NULL,
	"creator_time" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_name" text NOT NULL,
	"message_text" text NOT NULL,
	"message_type" integer NOT NULL,
	"business_id" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"creator_time" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modify_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_offline_tasks" ADD CONSTRAINT "device_offline_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_messages" ADD CONSTRAINT "system_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_offline_tasks_tenant_open" ON "device_offline_tasks" USING btree ("tenant_id","parking_type","closed_at");--> statement-breakpoint
CREATE INDEX "system_messages_tenant_status_type" ON "system_messages" USING btree ("tenant_id","status","message_type","creator_time");