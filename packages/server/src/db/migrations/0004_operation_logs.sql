-- locks: none (new tables and functions only)
CREATE TABLE "operation_logs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"account" text NOT NULL,
	"module" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operation_logs" ADD CONSTRAINT "operation_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operation_logs_tenant_time" ON "operation_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_tenant_target" ON "operation_logs" USING btree ("tenant_id","target","target_id");--> statement-breakpoint
SELECT parking_enable_tenant_rls('operation_logs');
