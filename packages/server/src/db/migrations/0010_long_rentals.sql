-- locks: none (new tables and functions only)
CREATE TABLE "long_rentals" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lot_id" uuid NOT NULL,
	"plate_number" text NOT NULL,
	"plate_colour" integer DEFAULT 0 NOT NULL,
	"owner_name" text NOT NULL,
	"phone" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"monthly_price" integer NOT NULL,
	"space_count" integer DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "long_rentals" ADD CONSTRAINT "long_rentals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "long_rentals" ADD CONSTRAINT "long_rentals_lot_id_parking_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."parking_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "long_rentals_tenant_lot_plate" ON "long_rentals" USING btree ("tenant_id","lot_id","plate_number");--> statement-breakpoint
CREATE INDEX "long_rentals_tenant_valid_to" ON "long_rentals" USING btree ("tenant_id","valid_to");--> statement-breakpoint
SELECT parking_enable_tenant_rls('long_rentals');
--> statement-breakpoint
REVOKE ALL ON "app_secrets" FROM parking_app;
