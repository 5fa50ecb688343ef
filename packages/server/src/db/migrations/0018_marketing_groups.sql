-- locks: none (new tables and functions only)
CREATE TABLE "group_card_uses" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"card_no" text NOT NULL,
	"group_name" text NOT NULL,
	"benefit" text NOT NULL,
	"lot_id" uuid NOT NULL,
	"plate_number" text NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	"month" text NOT NULL,
	"due" integer NOT NULL,
	"discount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_cards" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"card_no" text NOT NULL,
	"benefit" text NOT NULL,
	"discount_percent" integer,
	"amount_off" integer,
	"plates" text[] DEFAULT '{}'::text[] NOT NULL,
	"lot_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"monthly_quota" integer,
	"allow_bind" boolean DEFAULT false NOT NULL,
	"max_plates" integer DEFAULT 5 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"contact" text NOT NULL,
	"phone" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_card_uses" ADD CONSTRAINT "group_card_uses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_cards" ADD CONSTRAINT "group_cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_cards" ADD CONSTRAINT "group_cards_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_card_uses_tenant_card_month" ON "group_card_uses" USING btree ("tenant_id","card_id","month");--> statement-breakpoint
CREATE INDEX "group_card_uses_tenant_lot_plate_at" ON "group_card_uses" USING btree ("tenant_id","lot_id","plate_number","used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "group_cards_tenant_card_no" ON "group_cards" USING btree ("tenant_id","card_no");--> statement-breakpoint
CREATE INDEX "group_cards_tenant_group" ON "group_cards" USING btree ("tenant_id","group_id");--> statement-breakpoint
CREATE INDEX "group_cards_plates" ON "group_cards" USING gin ("plates");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_tenant_name" ON "groups" USING btree ("tenant_id","name");--> statement-breakpoint
SELECT parking_enable_tenant_rls('groups');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('group_cards');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('group_card_uses');
