-- locks: none on a big table (small tables only: parking_lots)
CREATE TABLE "tariff_versions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tariff_id" uuid NOT NULL,
	"version_no" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"effective_to" timestamp with time zone,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tariff_versions" ADD CONSTRAINT "tariff_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_versions" ADD CONSTRAINT "tariff_versions_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_versions_tenant_tariff_no" ON "tariff_versions" USING btree ("tenant_id","tariff_id","version_no");--> statement-breakpoint
CREATE INDEX "tariff_versions_tenant_tariff_from" ON "tariff_versions" USING btree ("tenant_id","tariff_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "tariffs_tenant_name" ON "tariffs" USING btree ("tenant_id","name");--> statement-breakpoint
ALTER TABLE "parking_lots" ADD CONSTRAINT "parking_lots_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parking_lots_tenant_tariff" ON "parking_lots" USING btree ("tenant_id","tariff_id");--> statement-breakpoint
SELECT parking_enable_tenant_rls('tariffs');
--> statement-breakpoint
SELECT parking_enable_tenant_rls('tariff_versions');
