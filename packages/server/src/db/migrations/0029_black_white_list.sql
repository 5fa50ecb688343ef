-- locks: none (new tables and functions only)
CREATE TABLE "plate_list_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"plate_number" text NOT NULL,
	"plate_colour" integer DEFAULT 0 NOT NULL,
	"lot_ids" uuid[],
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	"removal_reason" text
);
--> statement-breakpoint
ALTER TABLE "plate_list_entries" ADD CONSTRAINT "plate_list_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plate_list_entries" ADD CONSTRAINT "plate_list_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plate_list_entries" ADD CONSTRAINT "plate_list_entries_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "plate_list_entries_tenant_plate" ON "plate_list_entries" USING btree ("tenant_id","plate_number","plate_colour");
--> statement-breakpoint
CREATE INDEX "plate_list_entries_tenant_created" ON "plate_list_entries" USING btree ("tenant_id","created_at");
--> statement-breakpoint
SELECT parking_enable_tenant_rls('plate_list_entries');
--> statement-breakpoint
-- the old plate blacklist becomes black entries of 黑白名单: every lot, 长期, the same reason, creator and
-- time; an entry that named no colour matched a plate of any colour, so it becomes one entry per colour
INSERT INTO "plate_list_entries" ("tenant_id", "type", "plate_number", "plate_colour", "reason", "created_by", "created_at", "updated_at")
SELECT b."tenant_id", 'black', b."plate_number", c."colour", b."reason", b."created_by", b."created_at", b."created_at"
  FROM "plate_blacklist" b
  CROSS JOIN LATERAL (
    SELECT b."plate_colour" AS "colour" WHERE b."plate_colour" IS NOT NULL
    UNION ALL
    SELECT g FROM generate_series(0, 4) AS g WHERE b."plate_colour" IS NULL
  ) c;
