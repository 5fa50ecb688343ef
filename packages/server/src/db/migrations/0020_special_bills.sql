-- locks: none (new tables and functions only)
CREATE TABLE "special_bills" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lot_id" uuid NOT NULL,
	"plate_number" text,
	"item" text NOT NULL,
	"amount" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "special_bills" ADD CONSTRAINT "special_bills_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "special_bills_tenant_created" ON "special_bills" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "special_bills_tenant_plate_prefix" ON "special_bills" USING btree ("tenant_id","plate_number" text_pattern_ops);--> statement-breakpoint
SELECT parking_enable_tenant_rls('special_bills');
